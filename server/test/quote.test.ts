// Quote requests (issue 17), through the real app with a real SMTP server in the test process:
// stored first (photos private, metadata stripped), then mailed once with Reply-To, every field
// and the photos; the spam and field rules; SMTP down then up; a plain form POST without
// JavaScript; the admin inbox; retention.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Quote, QuoteForm, QuoteInbox, QuoteResult, SiteSettings } from '../../contract/api.ts';
import { envelopeOf } from '../quotes/mail.ts';
import { MIN_FILL_MS } from '../quotes/rules.ts';
import { build, XSRF, type TestApp, backupOf, restoreInto, imageFiles } from './helper.ts';
import { quoteForm, startMailCatcher, type MailCatcher, type QuotePhoto } from './mailCatcher.ts';
import { buildWithMail, sendQuote } from './quoteRequests.ts';

jest.setTimeout(60_000);

const OWNER = 'soumissions@exemple.ca';
let clock = 0;
const now = () => Date.now() + clock;

/** A phone photo: EXIF with the camera's name and a GPS position. */
const phonePhoto = (colour: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'AtelierPhone', Model: 'Essai 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 28/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '75/1 42/1 5/1' },
    })
    .toBuffer();

const goodFields = (token: string, extra: Record<string, string> = {}): Record<string, string> => ({
  Name: 'Julie Gagnon',
  Email: 'julie@exemple.ca',
  Phone: '819 555-0199',
  City: 'Gatineau',
  Work: 'Terrasses',
  Message: 'Bonjour, je voudrais une terrasse en cèdre de 12 par 16 pieds derrière la maison.',
  Consent: 'oui',
  Website: '',
  Token: token,
  ...extra,
});

async function formToken(t: TestApp): Promise<string> {
  const res = await t.call('GET', '/api/quote/form');
  return res.json<QuoteForm>().Token;
}

/** A token old enough: the form was shown MIN_FILL_MS + 1 s ago. */
async function oldToken(t: TestApp): Promise<string> {
  clock -= MIN_FILL_MS + 1000;
  const token = await formToken(t);
  clock += MIN_FILL_MS + 1000;
  return token;
}

const send = (t: TestApp, fields: Record<string, string>, photos: QuotePhoto[] = [], headers: Record<string, string> = {}) => sendQuote(t, fields, { photos, headers });

const count = async (t: TestApp) => ({
  quotes: (await t.db.selectFrom('quote').select('id').execute()).length,
  folders: readdirSync(join(t.dataDir, 'quotes')).length,
});

describe('with a mail server', () => {
  let t: TestApp;
  let smtp: MailCatcher;
  let token: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, smtp, token, close } = await buildWithMail((smtpUrl) => ({ now, mail: { smtpUrl, from: '"Site de l’atelier" <site@exemple.ca>' }, quoteLimit: { max: 1000, windowMs: 3_600_000 } }))));
  afterAll(() => close());

  /** The message about the request of `name`, once the outbox has run. */
  async function mailTo(name: string) {
    await t.app.services.quotes.deliver();
    const found = smtp.received.filter((m) => m.mail.subject?.includes(name));
    expect(found).toHaveLength(1);
    return found[0] as (typeof found)[number];
  }

  test('the form: a fresh token, the categories then « Autre », the retention; never cached', async () => {
    const res = await t.call('GET', '/api/quote/form');
    const form = res.json<QuoteForm>();
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.headers.etag).toBeUndefined();
    expect(form.Works).toContain('Terrasses');
    expect(form.Works.at(-1)).toBe('Autre');
    expect(form.RetentionDays).toBe(365);
    expect(form.Token).toMatch(/^[0-9]+\./);
  });

  test('acceptance 1: stored with its two photos, private and without metadata, then mailed once to the owner', async () => {
    const photos = [
      { name: 'terrasse.jpg', data: await phonePhoto('#8c6238') },
      { name: 'cour.jpg', data: await phonePhoto('#336699') },
    ];
    const library = imageFiles(t);
    const res = await send(t, goodFields(await oldToken(t)), photos);
    expect(res.statusCode).toBe(200);
    expect(res.json<QuoteResult>()).toEqual({ Result: true, Message: expect.stringMatching(/^Merci ! Votre demande est bien reçue/) as unknown, Field: '' });

    // Stored before the answer: the row, its photos, outside the public library.
    const row = await t.db.selectFrom('quote').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([row.name, row.email, row.phone, row.city, row.work]).toEqual(['Julie Gagnon', 'julie@exemple.ca', '819 555-0199', 'Gatineau', 'Terrasses']);
    const folder = join(t.dataDir, 'quotes', row.folder);
    expect(readdirSync(folder).sort()).toEqual(['photo-1.jpg', 'photo-1.webp', 'photo-2.jpg', 'photo-2.webp']);
    expect(imageFiles(t)).toEqual(library);
    for (const file of readdirSync(folder)) {
      const data = readFileSync(join(folder, file));
      const meta = await sharp(data).metadata();
      expect([file, meta.exif, data.includes('AtelierPhone')]).toEqual([file, undefined, false]);
    }

    // The e-mail: to the owner, Reply-To the visitor, every field, both photos, one Message-ID.
    const message = await mailTo('Julie Gagnon');
    expect(message?.to).toEqual([OWNER]);
    const mail = message!.mail;
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual(['julie@exemple.ca']);
    expect(mail.from?.value.map((a) => a.address)).toEqual(['site@exemple.ca']);
    expect(mail.subject).toBe('Demande de soumission : Julie Gagnon (Terrasses)');
    for (const value of ['Julie Gagnon', 'julie@exemple.ca', '819 555-0199', 'Gatineau', 'Terrasses', 'terrasse en cèdre de 12 par 16 pieds']) {
      expect([value, mail.text?.includes(value), String(mail.html).includes(value)]).toEqual([value, true, true]);
    }
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['photo-1.webp', 'image/webp'],
      ['photo-2.webp', 'image/webp'],
    ]);
    expect((await sharp(mail.attachments[0]!.content).metadata()).width).toBe(1024);
    const outbox = await t.db.selectFrom('mail_outbox').selectAll().where('quote_id', '=', row.id).executeTakeFirstOrThrow();
    expect(mail.messageId).toBe(outbox.message_id);
    expect(outbox.sent_at).not.toBeNull();

    // The admin sees it, with its photos and the e-mail's state.
    const read = (await t.call('GET', `/api/quote/${row.id}`, { token })).json<Quote>();
    expect(read).toMatchObject({ Name: 'Julie Gagnon', Read: false, Handled: false, Mail: { State: 'sent' } });
    expect(read.Photos.map((p) => [p.Number, p.Type, p.Width, p.Height])).toEqual([
      [1, 'image/jpeg', 1200, 900],
      [2, 'image/jpeg', 1200, 900],
    ]);
    // Nothing more is sent later.
    await t.app.services.quotes.deliver();
    expect(smtp.received.filter((m) => m.mail.messageId === outbox.message_id)).toHaveLength(1);
  });

  test('the mail goes to the quotes address of the site settings, as the owner changed it', async () => {
    const site = (await t.call('GET', '/api/site')).json<SiteSettings>();
    const changed = { ...site, QuotesEmail: 'devis@exemple.ca' };
    expect((await t.call('PUT', '/api/site', { token, body: changed })).json<QuoteResult>().Result).toBe(true);
    try {
      expect((await send(t, goodFields(await oldToken(t), { Name: 'Paul Lavoie' }))).statusCode).toBe(200);
      const message = await mailTo('Paul Lavoie');
      expect(message.to).toEqual(['devis@exemple.ca']);
    } finally {
      await t.call('PUT', '/api/site', { token, body: site });
    }
  });

  test('without MAIL_FROM the sender is the business, at its quotes address', () => {
    const site = { BusinessName: 'Atelier "Bois"\nMaison', QuotesEmail: 'devis@exemple.ca' };
    expect(envelopeOf({ smtpUrl: 'smtp://localhost' }, site)).toEqual({ from: '"Atelier BoisMaison" <devis@exemple.ca>', to: 'devis@exemple.ca' });
    expect(envelopeOf({ smtpUrl: 'smtp://localhost', from: 'site@exemple.ca' }, site).from).toBe('site@exemple.ca');
  });

  test('a photo is served to a signed-in administrator only, never to a shared cache', async () => {
    const res = await send(t, goodFields(await oldToken(t)), [{ name: 'a.jpg', data: await phonePhoto('#aa0000') }]);
    expect(res.json<QuoteResult>().Result).toBe(true);
    const { id, folder } = await t.db.selectFrom('quote').select(['id', 'folder']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const url = `/api/quote/${id}/photo/1`;
    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/json/);
    expect((await t.app.inject({ url, headers: { authorization: 'Bearer pas-un-jeton' } })).statusCode).toBe(401);
    const admin = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect([admin.statusCode, admin.headers['content-type'], admin.headers['cache-control']]).toEqual([200, 'image/jpeg', expect.stringMatching(/no-store/)]);
    expect((await sharp(admin.rawPayload).metadata()).width).toBe(1200);
    // No public path reaches the folder.
    for (const path of [`/assets/images/photo-1.jpg`, `/assets/quotes/${folder}/photo-1.jpg`, `/quotes/${folder}/photo-1.jpg`, `/assets/images/../quotes/${folder}/photo-1.jpg`]) {
      const res = await t.app.inject({ url: path });
      expect([path, res.headers['content-type']?.startsWith('image/')]).toEqual([path, false]);
    }
    expect((await t.app.inject({ url: `/api/quote/${id}/photo/2`, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
  });

  test('a <script> in every field is stored as text and escaped in the HTML mail', async () => {
    const evil = '<script>alert(1)</script>';
    const fields = goodFields(await oldToken(t), { Name: `${evil} Tremblay`, City: evil, Message: `${evil} ${'x'.repeat(30)}` });
    expect((await send(t, fields)).json<QuoteResult>().Result).toBe(true);
    const message = await mailTo(`${evil} Tremblay`);
    const html = String(message!.mail.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message!.mail.text).toContain(evil);
    const id = (await t.db.selectFrom('quote').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    expect((await t.call('GET', `/api/quote/${id}`, { token })).json<Quote>()).toMatchObject({ Name: `${evil} Tremblay`, City: evil });
  });

  test('the inbox: newest first, unread counted, marked read and handled, deleted with its photos', async () => {
    const inbox = (await t.call('GET', '/api/quote/all/', { token })).json<QuoteInbox>();
    expect(inbox.MailEnabled).toBe(true);
    expect(inbox.Quotes.length).toBeGreaterThanOrEqual(3);
    expect(inbox.Unread).toBe(inbox.Quotes.length);
    const ids = inbox.Quotes.map((q) => q.Id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const id = ids[0] as number;
    expect((await t.call('PUT', `/api/quote/${id}`, { token, body: { Read: true, Handled: true } })).json()).toEqual({ Result: true, Message: 'Demande mise à jour.' });
    const after = (await t.call('GET', '/api/quote/all/', { token })).json<QuoteInbox>();
    expect(after.Unread).toBe(inbox.Unread - 1);
    expect(after.Quotes[0]).toMatchObject({ Id: id, Read: true, Handled: true });
    expect((await t.call('PUT', `/api/quote/${id}`, { token: null, body: { Read: false, Handled: false } })).statusCode).toBe(401);

    const withPhotos = inbox.Quotes.find((q) => q.Photos > 0) as { Id: number };
    const { folder } = await t.db.selectFrom('quote').select('folder').where('id', '=', withPhotos.Id).executeTakeFirstOrThrow();
    expect(existsSync(join(t.dataDir, 'quotes', folder))).toBe(true);
    expect((await t.call('DELETE', `/api/quote/${withPhotos.Id}`, { token })).json()).toEqual({ Result: true, Message: 'Demande effacée.' });
    expect(existsSync(join(t.dataDir, 'quotes', folder))).toBe(false);
    expect((await t.call('GET', `/api/quote/${withPhotos.Id}`, { token })).statusCode).toBe(404);
    expect(await t.db.selectFrom('quote_photo').selectAll().where('quote_id', '=', withPhotos.Id).execute()).toEqual([]);
    expect((await t.call('DELETE', `/api/quote/${withPhotos.Id}`, { token })).statusCode).toBe(404);
  });

  describe('spam: refused, told why in French, neither stored nor mailed', () => {
    test.each([
      ['the hidden field filled', { Website: 'http://promo.example' }, 200, /envoi automatique/],
      ['no token', { Token: '' }, 200, /Le formulaire a expiré/],
      ['a made-up token', { Token: `${Date.now() - 60_000}.${'A'.repeat(43)}` }, 200, /Le formulaire a expiré/],
    ])('%s', async (_name, extra, status, message) => {
      await t.app.services.quotes.deliver(); // what earlier tests sent is out
      const before = await count(t);
      const mails = smtp.received.length;
      const res = await send(t, goodFields(await oldToken(t), extra as Record<string, string>));
      expect([res.statusCode, res.json<QuoteResult>().Result]).toEqual([status, false]);
      expect(res.json<QuoteResult>().Message).toMatch(message);
      expect(await count(t)).toEqual(before);
      await t.app.services.quotes.deliver();
      expect(smtp.received.length).toBe(mails);
    });

    test('sent less than 3 seconds after the form was shown', async () => {
      const before = await count(t);
      clock -= MIN_FILL_MS - 500;
      const token = await formToken(t);
      clock += MIN_FILL_MS - 500;
      const res = await send(t, goodFields(token));
      expect([res.statusCode, res.json<QuoteResult>()]).toEqual([200, { Result: false, Message: expect.stringMatching(/^Envoi trop rapide/) as unknown, Field: '' }]);
      expect(await count(t)).toEqual(before);
    });
  });

  describe('every field rule: refused naming the field with its French message (400 by the schema, else Result false), nothing stored', () => {
    test.each([
      ['Name', { Name: '' }, 400, 'Indiquez votre nom'],
      ['Name', { Name: '   ' }, 200, 'Indiquez votre nom'],
      ['Name', { Name: 'N'.repeat(101) }, 400, 'Indiquez votre nom'],
      ['Email', { Email: '', Phone: '' }, 200, 'Indiquez un courriel ou un numéro de téléphone'],
      ['Email', { Email: 'julie@exemple' }, 400, 'Adresse courriel invalide'],
      ['Email', { Email: 'julie exemple.ca' }, 400, 'Adresse courriel invalide'],
      // Issue 34: the reply link of the inbox would have read a query (hidden Bcc, a body).
      ['Email', { Email: 'client@exemple.ca?bcc=espion%40exemple.com' }, 400, 'Adresse courriel invalide'],
      ['Email', { Email: 'client@exemple.ca&cc=espion@exemple.com' }, 400, 'Adresse courriel invalide'],
      ['Email', { Email: '<client@exemple.ca>' }, 400, 'Adresse courriel invalide'],
      ['Phone', { Phone: '555-01' }, 400, 'Numéro de téléphone invalide'],
      ['Phone', { Phone: '(((((((((((1' }, 200, 'Numéro de téléphone invalide'],
      ['Phone', { Phone: 'appelez-moi svp' }, 400, 'Numéro de téléphone invalide'],
      ['City', { City: 'V'.repeat(101) }, 400, 'La ville compte au plus 100 caractères'],
      ['Work', { Work: 'Piscines' }, 200, 'Choisissez un type de travaux'],
      ['Message', { Message: 'Trop court, 19 car.' }, 400, 'Décrivez votre projet en 20 à 2 000 caractères'],
      ['Message', { Message: `${' '.repeat(20)}court` }, 200, 'Décrivez votre projet en 20 à 2 000 caractères'],
      ['Message', { Message: 'm'.repeat(2001) }, 400, 'Décrivez votre projet en 20 à 2 000 caractères'],
      ['Consent', { Consent: '' }, 400, 'Cochez la case de consentement'],
      ['Consent', { Consent: 'non' }, 400, 'Cochez la case de consentement'],
      // Control, invisible and direction characters (a NUL cannot even be stored by PostgreSQL); a message keeps its lines.
      ['Name', { Name: 'Julie\u0000Tremblay' }, 400, 'caractère interdit'],
      ['City', { City: 'Gatineau\u202E' }, 400, 'caractère interdit'],
      ['Message', { Message: 'Une cuisine à refaire\u0000 au complet, merci.' }, 400, 'caractère interdit'],
    ])('%s %j', async (field, extra, status, message) => {
      const before = await count(t);
      const res = await send(t, goodFields(await oldToken(t), extra));
      expect(res.statusCode).toBe(status);
      expect(res.json<QuoteResult>()).toEqual({ Result: false, Field: field, Message: expect.stringContaining(message) as unknown });
      expect(await count(t)).toEqual(before);
    });

    test('a missing consent box (a browser sends nothing for an unchecked box)', async () => {
      const fields = goodFields(await oldToken(t));
      delete fields.Consent;
      const res = await send(t, fields);
      expect([res.statusCode, res.json<QuoteResult>().Field]).toEqual([400, 'Consent']);
    });

    test('e-mail alone, or phone alone, is enough; « Autre » and no city are fine; a message keeps its lines and tabs', async () => {
      for (const extra of [{ Phone: '' }, { Email: '' }, { Work: 'Autre', City: '' }, { Message: 'Première ligne du projet.\r\nDeuxième ligne,\tmerci.' }] as Array<Record<string, string>>) {
        const res = await send(t, goodFields(await oldToken(t), extra));
        expect([extra, res.json<QuoteResult>().Result]).toEqual([extra, true]);
      }
    });

    test('six photos, a file that is no image, a HEIC photo, a photo over 20 Mo', async () => {
      const before = await count(t);
      const small = await phonePhoto('#123456');
      const six = await send(t, goodFields(await oldToken(t)), Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.jpg`, data: small })));
      expect([six.statusCode, six.json<QuoteResult>().Field, six.json<QuoteResult>().Message]).toEqual([400, 'Photos', 'Cinq photos au plus.']);
      const text = await send(t, goodFields(await oldToken(t)), [{ name: 'ok.jpg', data: small }, { name: 'devis.pdf', data: Buffer.from('%PDF-1.4 pas une photo') }]);
      expect([text.statusCode, text.json<QuoteResult>().Message]).toEqual([200, "Photo 2 refusée : Format d'image non pris en charge"]);
      // An iPhone's HEIC: an ISO box of brand heic (the pipeline accepts only AVIF among HEIF).
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(200)]);
      const heicRes = await send(t, goodFields(await oldToken(t)), [{ name: 'IMG_0001.HEIC', data: heic, type: 'image/heic' }]);
      expect([heicRes.statusCode, heicRes.json<QuoteResult>().Message]).toEqual([200, "Photo 1 refusée : Format d'image non pris en charge"]);
      const big = await send(t, goodFields(await oldToken(t)), [{ name: 'big.jpg', data: Buffer.concat([small, Buffer.alloc(20 * 1024 * 1024)]) }]);
      expect([big.statusCode, big.json<QuoteResult>()]).toEqual([413, { Result: false, Field: 'Photos', Message: 'Photo trop volumineuse (20 Mo au plus par photo).' }]);
      expect(await count(t)).toEqual(before);
    });

    test('not multipart, an unknown field, a body cut short', async () => {
      const before = await count(t);
      const json = await t.call('POST', '/api/quote', { body: goodFields(await oldToken(t)) });
      expect(json.statusCode).toBeGreaterThanOrEqual(400);
      expect(json.statusCode).toBeLessThan(500);
      const extra = await send(t, goodFields(await oldToken(t), { Admin: 'oui' }));
      expect([extra.statusCode, extra.json<QuoteResult>().Field]).toEqual([400, 'Admin']);
      const form = quoteForm(goodFields(await oldToken(t)));
      const cut = await t.app.inject({
        method: 'POST',
        url: '/api/quote',
        headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': form.contentType },
        payload: form.payload.subarray(0, form.payload.length - 30),
      });
      expect(cut.statusCode).toBe(400);
      expect(await count(t)).toEqual(before);
    });
  });

  describe('without JavaScript: a plain form POST answered by a French page', () => {
    const plain = async (headers: Record<string, string>, fields: Record<string, string>) => {
      const form = quoteForm(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/quote',
        headers: { host: 'atelier.exemple.ca', accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'content-type': form.contentType, ...headers },
        payload: form.payload,
      });
    };

    test('from this site: stored, « Demande envoyée »', async () => {
      const before = await count(t);
      const res = await plain({ origin: 'http://atelier.exemple.ca' }, goodFields(await oldToken(t)));
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      expect(res.body).toContain('<h1>Demande envoyée</h1>');
      expect(res.body).toContain('Merci ! Votre demande est bien reçue.');
      expect((await count(t)).quotes).toBe(before.quotes + 1);
    });

    test('a refusal says why, and how to get back to what was written', async () => {
      const res = await plain({ origin: 'http://atelier.exemple.ca' }, goodFields(await oldToken(t), { Message: 'Court.' }));
      expect([res.statusCode, res.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
      expect(res.body).toContain('Demande non envoyée');
      expect(res.body).toContain('Décrivez votre projet en 20 à 2 000 caractères.');
      expect(res.body).toContain('« Précédent »');
    });

    test('from another site, or without Origin nor XSRF header: 403', async () => {
      const before = await count(t);
      expect((await plain({ origin: 'https://pirate.example' }, goodFields(await oldToken(t)))).statusCode).toBe(403);
      expect((await plain({ origin: 'https://atelier.exemple.ca' }, goodFields(await oldToken(t)))).statusCode).toBe(403);
      expect((await plain({}, goodFields(await oldToken(t)))).statusCode).toBe(403);
      expect(await count(t)).toEqual(before);
    });
  });
});

describe('rate limit: 5 requests an hour per address', () => {
  test('the sixth gets 429 with a French message and Retry-After; another address still may', async () => {
    const t = await build({ config: { now } });
    try {
      for (let i = 0; i < 5; i++) {
        const res = await send(t, goodFields(await oldToken(t)));
        expect([i, res.json<QuoteResult>().Result]).toEqual([i, true]);
      }
      const before = await count(t);
      const sixth = await send(t, goodFields(await oldToken(t)));
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json<QuoteResult>().Message).toMatch(/^Trop de demandes envoyées depuis votre connexion : réessayez dans 60 minutes/);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
      expect(await count(t)).toEqual(before);
      const other = await send(t, goodFields(await oldToken(t)), [], {}).then(() =>
        t.app.inject({ method: 'POST', url: '/api/quote', remoteAddress: '10.0.0.9', headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': quoteForm({}).contentType }, payload: quoteForm({}).payload }),
      );
      expect(other.statusCode).toBe(400); // reached the rules: not limited
    } finally {
      await t.close();
    }
  });
});

describe('without SMTP_URL', () => {
  test('requests are only in the admin, which says so', async () => {
    const t = await build({ config: { now } });
    try {
      expect((await send(t, goodFields(await oldToken(t)))).json<QuoteResult>().Result).toBe(true);
      const { Token } = await t.login();
      const inbox = (await t.call('GET', '/api/quote/all/', { token: Token })).json<QuoteInbox>();
      expect([inbox.MailEnabled, inbox.Quotes[0]?.Mail.State]).toEqual([false, 'off']);
    } finally {
      await t.close();
    }
  });
});

describe('the outbox', () => {
  test('SMTP down at submission, then up: retried with backoff, across a restart, the message arrives once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-outbox-'));
    // A port where nothing listens yet.
    const probe = await startMailCatcher();
    const port = probe.port;
    await probe.close();
    const mail = { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'site@exemple.ca' };
    let t = await build({ dataDir, config: { now, mail } });
    const res = await send(t, goodFields(await oldToken(t)));
    expect(res.json<QuoteResult>().Result).toBe(true);
    await t.app.services.quotes.deliver();
    const { Token } = await t.login();
    const failed = (await t.call('GET', '/api/quote/all/', { token: Token })).json<QuoteInbox>().Quotes[0]!.Mail;
    expect(failed).toMatchObject({ State: 'retrying', Attempts: 1, LastError: expect.stringMatching(/ECONNREFUSED/) as unknown });
    expect(failed.NextAttempt - now()).toBeGreaterThan(25_000); // backoff: 30 s after the first failure
    // Not due yet: no new attempt.
    await t.app.services.quotes.deliver();
    expect((await t.db.selectFrom('mail_outbox').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(1);
    await t.close();

    // The mail server comes up; the site restarts later, after the backoff.
    const smtp = await startMailCatcher(port);
    clock += 31_000;
    try {
      t = await build({ dataDir, seed: false, config: { now, mail } });
      const [message] = await smtp.waitFor(1);
      await t.app.services.quotes.deliver(); // the run that sent it has recorded it
      expect(message?.to).toEqual([OWNER]);
      const row = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect([row.attempts, row.sent_at !== null, message?.mail.messageId]).toEqual([2, true, row.message_id]);
      await t.app.services.quotes.deliver();
      clock += 24 * 3600_000;
      await t.app.services.quotes.deliver();
      expect(smtp.received).toHaveLength(1);
      await t.close();
    } finally {
      clock -= 31_000 + 24 * 3600_000;
      await smtp.close();
    }
  });
});

describe('retention', () => {
  test('requests older than QUOTE_RETENTION_DAYS go with their photos; newer ones stay', async () => {
    const t = await build({ config: { now, quoteRetentionDays: 30 } });
    try {
      expect((await send(t, goodFields(await oldToken(t)), [{ name: 'a.jpg', data: await phonePhoto('#00aa00') }])).json<QuoteResult>().Result).toBe(true);
      const old = await t.db.selectFrom('quote').select(['id', 'folder']).executeTakeFirstOrThrow();
      expect((await t.call('GET', '/api/quote/form')).json<QuoteForm>().RetentionDays).toBe(30);
      clock += 20 * 24 * 3600_000;
      expect((await send(t, goodFields(await oldToken(t)))).json<QuoteResult>().Result).toBe(true);
      expect(await t.app.services.quotes.purge()).toBe(0);
      clock += 11 * 24 * 3600_000;
      expect(await t.app.services.quotes.purge()).toBe(1);
      const left = await t.db.selectFrom('quote').select('id').execute();
      expect(left.map((r) => r.id)).not.toContain(old.id);
      expect(left).toHaveLength(1);
      expect(existsSync(join(t.dataDir, 'quotes', old.folder))).toBe(false);
      expect(await t.db.selectFrom('mail_outbox').select('quote_id').where('quote_id', '=', old.id).execute()).toEqual([]);
    } finally {
      clock -= 31 * 24 * 3600_000;
      await t.close();
    }
  });
});

describe('backups', () => {
  test('a backup carries the requests and their private photos; restored, the administrator sees them', async () => {
    const t = await build({ config: { now } });
    const restoredDir = join(mkdtempSync(join(tmpdir(), 'portfolio-restore-')), 'data');
    const archive = join(mkdtempSync(join(tmpdir(), 'portfolio-archive-')), 'sauvegarde.tar.gz');
    try {
      expect((await send(t, goodFields(await oldToken(t)), [{ name: 'a.jpg', data: await phonePhoto('#0000aa') }])).json<QuoteResult>().Result).toBe(true);
      const manifest = await backupOf(t.dataDir, archive);
      expect(Object.keys(manifest.files).filter((name) => name.startsWith('quotes/'))).toHaveLength(2);
      await restoreInto(archive, restoredDir);
      const restored = await build({ dataDir: restoredDir, seed: false, config: { now } });
      try {
        const { Token } = await restored.login();
        const id = (await restored.call('GET', '/api/quote/all/', { token: Token })).json<QuoteInbox>().Quotes[0]?.Id;
        const photo = await restored.app.inject({ url: `/api/quote/${id}/photo/1`, headers: { authorization: `Bearer ${Token}` } });
        expect([photo.statusCode, photo.headers['content-type']]).toEqual([200, 'image/jpeg']);
      } finally {
        await restored.close();
      }
    } finally {
      await t.close();
    }
  });
});
