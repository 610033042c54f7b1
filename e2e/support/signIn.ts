// Signing in as the administrator through the login screen, the same way in every e2e file.
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';

/** Fills the form of /admin/login and presses « Connexion »; waits for nothing (a refusal is the caller's to check). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Usager').fill(email);
  await page.getByLabel('Mot-de-passe').fill(password);
  await page.getByRole('button', { name: 'Connexion', exact: true }).click();
}

/**
 * Signs in (as the seeded administrator unless told otherwise), from /admin/login (opened unless
 * the page is on it already), and waits until it is done: the admin home with its menu, and the
 * session stored (redux-persist writes it just after), so a page loaded next finds it.
 */
export async function signIn(page: Page, origin: string, { email = ADMIN_EMAIL, password = ADMIN_PASSWORD } = {}): Promise<void> {
  if (!page.url().endsWith('/admin/login')) await page.goto(`${origin}/admin/login`);
  await submitSignIn(page, email, password);
  await page.waitForURL('**/admin');
  await page.getByRole('button', { name: 'Quitter Admin', exact: true }).waitFor();
  await page.waitForFunction(() => localStorage.getItem('token') !== null && localStorage.getItem('refresh-token') !== null);
}
