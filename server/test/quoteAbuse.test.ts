// Quote requests under abuse (issue 34), through the real app: the per-address limit taken before
// the body is read (30 at once store at most 5; the 11th attempt of the hour gets 429 whatever
// became of the first ten), the fields and the token checked before any photo is written, the first
// refused photo ending the request with no file left and no more worker time, single-use form
// tokens (across two apps on one database, as two processes), their two-hour life. One app for the
// file; the clock is moved, never waited for; photos are small images made by sharp.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { QuoteResult } from '../../contract/api.ts';
import type { PipelineJob } from '../media/rules.ts';
import { MIN_FILL_MS, TOKEN_LIFETIME_MS } from '../quotes/rules.ts';
import { build, type TestApp } from './helper.ts';
import type { QuotePhoto } from './mailCatcher.ts';
import { sendQuote } from './quoteRequests.ts';

jest.setTimeout(60_000);

const HOUR = 60 * 60 * 1000;
let clock = 0;
const now = () => Date.now() + clock;

let t: TestApp;
let photo: Buffer;
/** Every job the image worker was given, in order. */
const workerJobs: PipelineJob[] = [];

beforeAll(async () => {
  t = await build({ config: { now } });
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } }).jpeg().toBuffer();
  const images = t.app.services.images;
  const process = images.process.bind(images);
  images.process = (jobs, priority) => {
    workerJobs.push(...jobs);
    return process(jobs, priority);
  };
});
afterAll(() => t.close());

const fields = (token: string, extra: Record<string, string> = {}): Record<string, string> => ({
  Name: 'Julie Gagnon',
  Email: 'julie@exemple.ca',
  Phone: '819 555-0199',
  City: 'Gatineau',
  Work: '',
  Message: 'Bonjour, je voudrais une terrasse en cèdre de 12 par 16 pieds derrière la maison.',
  Consent: 'oui',
  Website: '',
  Token: token,
  ...extra,
});

/** A form token shown MIN_FILL_MS + 1 s ago. */
function oldToken(app: TestApp = t): string {
  clock -= MIN_FILL_MS + 1000;
  const token = app.app.services.quotes.formToken();
  clock += MIN_FILL_MS + 1000;
  return token;
}

type Photo = QuotePhoto;

const send = (address: string, body: Record<string, string>, photos: Photo[] = [], app: TestApp = t) => sendQuote(app, body, { photos, remoteAddress: address });

const stored = async () => (await t.db.selectFrom('quote').select('id').execute()).length;
/** What DATA_DIR/quotes holds: the stored requests' folders, and any work folder left behind. */
const quoteFolders = () => readdirSync(join(t.dataDir, 'quotes'));

test('30 requests with a photo from one address at the same moment: at most 5 stored, the others 429 before their body is read', async () => {
  const before = await stored();
  const answers = await Promise.all(Array.from({ length: 30 }, () => send('10.34.0.1', fields(oldToken()), [{ name: 'terrasse.jpg', data: photo }])));
  const statuses = answers.map((res) => res.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  expect(await stored()).toBe(before + 5);
  const refused = answers.find((res) => res.statusCode === 429);
  expect(refused?.json<QuoteResult>().Message).toMatch(/^Trop de demandes envoyées depuis votre connexion : réessayez dans 60 minutes/);
  expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3500);
  expect(refused?.headers.connection).toBe('close');
  // The refused ones never reached the worker: five photos processed, one per request.
  expect(workerJobs).toHaveLength(5);
});

test('every request counts, stored or refused: the 11th attempt of the hour gets 429 whatever became of the first ten; an hour later it passes', async () => {
  const address = '10.34.0.2';
  const refusals = [
    fields('pas-un-jeton'),
    fields(oldToken(), { Website: 'http://pourriel.example' }),
    fields(oldToken(), { Email: 'client@exemple.ca?bcc=espion%40exemple.com' }),
    fields(oldToken(), { Message: 'court' }),
    fields(t.app.services.quotes.formToken()), // sent too soon
  ];
  for (const body of refusals) expect((await send(address, body)).json<QuoteResult>().Result).toBe(false);
  for (let i = 0; i < 4; i++) expect((await send(address, fields(oldToken()))).json<QuoteResult>().Result).toBe(true);
  expect((await send(address, fields(oldToken()), [{ name: 'notes.txt', data: Buffer.from('pas une image'), type: 'text/plain' }])).json<QuoteResult>().Result).toBe(false);
  const eleventh = await send(address, fields(oldToken()));
  expect(eleventh.statusCode).toBe(429);
  expect(eleventh.json<QuoteResult>()).toEqual({ Result: false, Field: '', Message: expect.stringMatching(/^Trop de demandes envoyées depuis votre connexion/) as unknown });
  expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3000);
  clock += HOUR;
  expect((await send(address, fields(oldToken()))).json<QuoteResult>().Result).toBe(true);
});

test('the token and the text fields are checked before any photo is written or processed', async () => {
  const jobs = workerJobs.length;
  const notAnImage = { name: 'photo.jpg', data: Buffer.from('ceci n’est pas une image') };
  const badToken = await send('10.34.0.3', fields('1.pas-signe'), [{ name: 'terrasse.jpg', data: photo }, notAnImage]);
  expect(badToken.json<QuoteResult>()).toEqual({ Result: false, Field: 'Token', Message: 'Le formulaire a expiré : rechargez la page et réessayez.' });
  // The photo that is not one was never read: the token's refusal came first.
  const badField = await send('10.34.0.3', fields(oldToken(), { Phone: '', Email: '' }), [notAnImage]);
  expect(badField.json<QuoteResult>().Field).toBe('Email');
  expect(workerJobs.length).toBe(jobs);
  expect(quoteFolders().filter((name) => name.startsWith('.tmp-'))).toEqual([]);
});

test('the first refused photo stops the request: no file left, the next photos never processed', async () => {
  const before = { quotes: await stored(), folders: quoteFolders().length, jobs: workerJobs.length };
  const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]); // a JPEG's first bytes, then nothing of one
  const good = { name: 'terrasse.jpg', data: photo };

  // Not an image at all (the fifth of the audit's hostile requests): refused at its first bytes, before any worker time.
  const text = await send('10.34.0.4', fields(oldToken()), [good, good, good, good, { name: 'photo-5.jpg', data: Buffer.from('ceci n’est pas une image du tout') }]);
  expect(text.json<QuoteResult>()).toEqual({ Result: false, Field: 'Photos', Message: "Photo 5 refusée : Format d'image non pris en charge" });
  expect(workerJobs.length).toBe(before.jobs);

  // An image only by its first bytes: the worker refuses it, and the photo after it is never processed.
  const token = oldToken();
  const broken = await send('10.34.0.4', fields(token), [good, { name: 'abimee.jpg', data: damaged }, good]);
  expect(broken.json<QuoteResult>()).toEqual({ Result: false, Field: 'Photos', Message: expect.stringMatching(/^Photo 2 refusée/) as unknown });
  expect(workerJobs.length).toBe(before.jobs + 2);
  expect([await stored(), quoteFolders().length]).toEqual([before.quotes, before.folders]);
  // Refused for a photo: the same form may be sent again with another photo.
  expect((await send('10.34.0.4', fields(token), [good])).json<QuoteResult>().Result).toBe(true);
});

test('a form token is used once, also by another process on the same database; it lives two hours', async () => {
  const token = oldToken();
  expect((await send('10.34.0.5', fields(token))).json<QuoteResult>().Result).toBe(true);
  const again = await send('10.34.0.6', fields(token));
  expect(again.json<QuoteResult>()).toEqual({ Result: false, Field: 'Token', Message: 'Ce formulaire a déjà été envoyé : rechargez la page pour envoyer une autre demande.' });

  // A second server on the same database (and DATA_DIR), as a second process behind the same proxy.
  const other = await build({ dataDir: t.dataDir, config: { now } });
  try {
    expect((await send('10.34.0.7', fields(token), [], other)).json<QuoteResult>().Field).toBe('Token');
    const shared = oldToken(other);
    const [first, second] = await Promise.all([send('10.34.0.8', fields(shared), [], other), send('10.34.0.9', fields(shared))]);
    expect([first.json<QuoteResult>().Result, second.json<QuoteResult>().Result].sort()).toEqual([false, true]);
  } finally {
    await other.close();
  }

  const late = t.app.services.quotes.formToken();
  clock += TOKEN_LIFETIME_MS + 1000;
  expect((await send('10.34.0.10', fields(late))).json<QuoteResult>()).toEqual({ Result: false, Field: 'Token', Message: 'Le formulaire a expiré : rechargez la page et réessayez.' });
});
