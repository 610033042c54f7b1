// Issue 17 as people meet it, in Chromium against `npm start` with a real SMTP server in the test
// process: a visitor on a phone follows « Demander une soumission », fills the form, attaches two
// photos and sends it (progress, then the confirmation); the owner receives the e-mail with both
// photos, and the administrator finds the request in « Demandes » with its photos and marks it
// handled.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { startMailCatcher, type MailCatcher } from '../server/test/mailCatcher.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { launchBrowser, openPage, type WatchedPage } from './support/browser.ts';
import { fillQuote, sendQuote } from './support/quote.ts';
import { screenshot } from './support/screenshots.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signIn } from './support/signIn.ts';

let server: RunningServer;
let browser: Browser;
let smtp: MailCatcher;
const files = mkdtempSync(join(tmpdir(), 'atelier-quote-'));

before(async () => {
  smtp = await startMailCatcher();
  // A clock the test moves: the quote form's 3 seconds pass without waiting for them.
  server = await startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'site@exemple.ca' }, { clock: true });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

function expectClean({ problems }: WatchedPage, where: string) {
  assert.deepEqual(problems, [], where);
}

/** Two phone photos with a GPS position in their EXIF. */
async function phonePhotos(): Promise<string[]> {
  const paths: string[] = [];
  for (const [name, colour] of [['IMG_2041.jpg', '#8c6238'], ['IMG_2042.jpg', '#5a7d9a']] as const) {
    const data = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: colour, noise: { type: 'gaussian', mean: 120, sigma: 20 } } })
      .jpeg({ quality: 80 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 28/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '75/1 42/1 5/1' } })
      .toBuffer();
    const path = join(files, name);
    writeFileSync(path, data);
    paths.push(path);
  }
  return paths;
}

test('a visitor on a phone sends a request with two photos; the owner gets the e-mail; the administrator sees it and marks it handled', async () => {
  const visitor = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const { page } = visitor;
  await page.goto(`${server.origin}/welcome`);
  await page.getByRole('link', { name: 'Demander une soumission' }).first().click();
  await page.waitForURL('**/contact');
  // The form sends itself once the page's script has taken over (before, it is the plain form).
  await page.locator('header.site-header:not(.is-static)').waitFor();
  const form = page.getByRole('region', { name: 'Demander une soumission' });
  await form.getByRole('option', { name: 'Terrasses' }).waitFor({ state: 'attached' });
  await expectNoSeriousA11yViolations(page, '/contact (formulaire)');

  // A field forgotten: the French message under it, nothing sent.
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await form.getByText('Indiquez votre nom (100 caractères au plus).').waitFor();

  await fillQuote(form, 'fr', {
    name: 'Sophie Lavoie',
    email: 'sophie@exemple.ca',
    city: 'Aylmer',
    work: 'Terrasses',
    message: 'Agrandir notre terrasse en cèdre et ajouter un escalier vers la cour.',
    photos: await phonePhotos(),
  });
  await screenshot(page, 'quote-form-390');
  await sendQuote(page, form, server, 'fr');
  await page.getByText(/^Merci ! Votre demande est bien reçue/).waitFor();
  assert.equal(new URL(page.url()).pathname, '/contact', 'no page load: still on /contact');
  await expectNoSeriousA11yViolations(page, '/contact (confirmation)');
  await screenshot(page, 'quote-sent-390');
  expectClean(visitor, 'visitor');

  // The owner's e-mail: Reply-To the visitor, both photos attached.
  const [message] = await smtp.waitFor(1, 30_000);
  assert.deepEqual(message?.to, ['soumissions@exemple.ca']);
  assert.deepEqual(message?.mail.replyTo?.value.map((a) => a.address), ['sophie@exemple.ca']);
  assert.match(message?.mail.text ?? '', /Agrandir notre terrasse en cèdre/);
  assert.deepEqual(message?.mail.attachments.map((a) => a.filename), ['photo-1.webp', 'photo-2.webp']);

  // The administrator, on the same phone size.
  const admin = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  await signIn(admin.page, server.origin);
  await admin.page.getByRole('link', { name: 'Demandes (1 non lue)' }).click();
  await admin.page.waitForURL('**/admin/quotes');
  await admin.page.getByRole('button', { name: /^Ouvrir la demande de Sophie Lavoie/ }).click();
  const detail = admin.page.getByRole('article');
  await detail.getByRole('heading', { name: 'Sophie Lavoie' }).waitFor();
  await detail.getByText('Courriel envoyé au propriétaire.').waitFor();
  for (const n of [1, 2]) {
    const photo = detail.getByRole('img', { name: `Photo ${n} jointe par Sophie Lavoie` });
    await photo.waitFor();
    assert.ok(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 2000), `photo ${n} shown`);
  }
  await detail.getByRole('button', { name: 'Marquer comme traitée' }).click();
  await detail.getByRole('button', { name: 'Marquer comme non traitée' }).waitFor();
  await expectNoSeriousA11yViolations(admin.page, '/admin/quotes');
  await screenshot(admin.page, 'quote-admin-390');
  expectClean(admin, 'admin');

  // What the server holds; a photo's URL without a token is refused.
  const quotes = (await (await fetch(`${server.origin}/api/quote/all/`)).json()) as { Message: string };
  assert.match(quotes.Message, /Authentification requise/);
  const photo = await fetch(`${server.origin}/api/quote/1/photo/1`);
  assert.equal(photo.status, 401);
});

test('an English visitor sends a request from /en/contact: English all the way, the owner told it is in English', async () => {
  const visitor = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  const { page } = visitor;
  await page.goto(`${server.origin}/en/contact`);
  await page.locator('header.site-header:not(.is-static)').waitFor();
  const form = page.getByRole('region', { name: 'Ask for a quote' });
  await form.getByRole('option', { name: 'Decks' }).waitFor({ state: 'attached' });
  await fillQuote(form, 'en', {
    name: 'Jane Smith',
    email: 'jane@example.com',
    city: 'Ottawa',
    work: 'Decks',
    message: 'A cedar deck of about 12 by 16 feet, with three steps to the yard.',
  });
  await sendQuote(page, form, server, 'en');
  await page.getByText(/^Thank you! Your request has been received/).waitFor();
  expectClean(visitor, 'English visitor');
  await visitor.page.context().close();

  // The owner's e-mail stays French and says the request is in English.
  const messages = await smtp.waitFor(2, 30_000);
  const mail = messages.find((m) => /jane@example\.com/.test(m.mail.replyTo?.text ?? ''));
  assert.match(mail?.mail.subject ?? '', /anglais/);
  assert.match(mail?.mail.text ?? '', /Demande en anglais/);
  // The administrator's inbox marks it.
  const admin = await openPage(browser, { width: 390, height: 844 }, { isMobile: true, hasTouch: true });
  await signIn(admin.page, server.origin);
  await admin.page.goto(`${server.origin}/admin/quotes`);
  const item = admin.page.getByRole('button', { name: /^Ouvrir la demande de Jane Smith/ });
  await item.getByText('Demande en anglais').waitFor();
  expectClean(admin, 'admin');
  await admin.page.context().close();
});
