// The quote form as a visitor fills and sends it, the same way in every e2e file that sends one.
import type { Locator, Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

const TEXTS = {
  fr: { name: 'Nom *', email: 'Courriel', city: 'Ville', work: 'Type de travaux', message: 'Votre projet *', photos: 'Photos de l’espace (facultatif)', send: 'Envoyer ma demande', sent: 'Demande envoyée' },
  en: { name: 'Name *', email: 'Email', city: 'City', work: 'Kind of work', message: 'Your project *', photos: 'Photos of the space (optional)', send: 'Send my request', sent: 'Request sent' },
};

export interface QuoteEntry {
  name: string;
  email: string;
  city?: string;
  /** The option of « Type de travaux » (« Kind of work »). */
  work?: string;
  message: string;
  /** Files for « Photos de l’espace (facultatif) ». */
  photos?: Parameters<Locator['setInputFiles']>[0];
}

/** Fills the form's fields by their labels (in the page's language) and ticks the consent. */
export async function fillQuote(form: Locator, language: keyof typeof TEXTS, entry: QuoteEntry): Promise<void> {
  const texts = TEXTS[language];
  await form.getByLabel(texts.name).fill(entry.name);
  await form.getByLabel(texts.email).fill(entry.email);
  if (entry.city !== undefined) await form.getByLabel(texts.city).fill(entry.city);
  if (entry.work !== undefined) await form.getByLabel(texts.work).selectOption(entry.work);
  await form.getByLabel(texts.message).fill(entry.message);
  if (entry.photos !== undefined) await form.getByLabel(texts.photos).setInputFiles(entry.photos);
  await form.getByRole('checkbox').check();
}

/**
 * Sends the filled form once a person's time has passed (the spam rule refuses a form sent less
 * than 3 seconds after it was shown: the server's clock moves past them) and waits for the
 * confirmation's heading.
 */
export async function sendQuote(page: Page, form: Locator, server: RunningServer, language: keyof typeof TEXTS): Promise<void> {
  await server.advanceClock(3_100);
  await form.getByRole('button', { name: TEXTS[language].send }).click();
  await page.getByRole('heading', { name: TEXTS[language].sent }).waitFor({ timeout: 30_000 });
}
