// Quote requests in English (issue 27): the form's choices in English, the request stored with its
// language, every answer a visitor reads in English (JSON and the page without JavaScript), the
// owner's inbox and e-mail saying « Demande en anglais » in French. French requests are
// quote.test.ts's, unchanged.
import type { Category, Quote, QuoteForm, QuoteInbox, QuoteResult } from '../../contract/api.ts';
import { MIN_FILL_MS } from '../quotes/rules.ts';
import { build, XSRF, type TestApp } from './helper.ts';
import { quoteForm, type MailCatcher } from './mailCatcher.ts';
import { buildWithMail, sendQuote } from './quoteRequests.ts';

jest.setTimeout(60_000);

let clock = 0;
const now = () => Date.now() + clock;

const englishFields = (token: string, extra: Record<string, string> = {}): Record<string, string> => ({
  Name: 'Jane Smith',
  Email: 'jane@example.ca',
  Phone: '613 555-0123',
  City: 'Ottawa',
  Work: 'Decks',
  Message: 'Hello, I would like a 12 by 16 foot cedar deck behind the house, next spring.',
  Consent: 'oui',
  Website: '',
  Token: token,
  Lang: 'en',
  ...extra,
});

/** A token old enough: the form was shown MIN_FILL_MS + 1 s ago. */
async function oldToken(t: TestApp): Promise<string> {
  clock -= MIN_FILL_MS + 1000;
  const token = (await t.call('GET', '/api/quote/form?lang=en')).json<QuoteForm>().Token;
  clock += MIN_FILL_MS + 1000;
  return token;
}

const send = (t: TestApp, fields: Record<string, string>, headers: Record<string, string> = {}) => sendQuote(t, fields, { headers });

const count = async (t: TestApp) => (await t.db.selectFrom('quote').select('id').execute()).length;

describe('with a mail server', () => {
  let t: TestApp;
  let smtp: MailCatcher;
  let token: string;
  let close: () => Promise<void>;
  beforeAll(async () => ({ t, smtp, token, close } = await buildWithMail((smtpUrl) => ({ now, mail: { smtpUrl }, quoteLimit: { max: 1000, windowMs: 3_600_000 } }))));
  afterAll(() => close());

  test('the English form: the categories’ English names (French when not translated), then “Other”', async () => {
    expect((await t.call('POST', '/api/category/', { token, body: { Id: 0, Name: 'Cuisines' } })).json<QuoteResult>().Result).toBe(true);
    const categories = (await t.call('GET', '/api/category/all/')).json<Category[]>();
    const english = (await t.call('GET', '/api/quote/form?lang=en')).json<QuoteForm>();
    const expected = categories.map((c) => (c.En?.Name ? (c.En.Name as string) : c.Name)).sort();
    expect(english.Works).toEqual([...expected, 'Other']);
    expect(english.Works).toEqual(expect.arrayContaining(['Decks', 'Outdoor projects', 'Cuisines']));
    // French: as before (absent or fr).
    const french = (await t.call('GET', '/api/quote/form')).json<QuoteForm>();
    expect(french.Works).toEqual([...categories.map((c) => c.Name).sort(), 'Autre']);
    expect((await t.call('GET', '/api/quote/form?lang=fr')).json<QuoteForm>().Works).toEqual(french.Works);
    const unknown = await t.call('GET', '/api/quote/form?lang=de');
    expect([unknown.statusCode, unknown.json<QuoteResult>().Message]).toEqual([400, 'La langue (lang) est invalide.']);
  });

  test('sent in English: answered in English, stored as English, « Demande en anglais » for the owner', async () => {
    const res = await send(t, englishFields(await oldToken(t)));
    expect([res.statusCode, res.json<QuoteResult>()]).toEqual([
      200,
      { Result: true, Message: 'Thank you! Your request has been received. We will get back to you within two business days, by email or by phone.', Field: '' },
    ]);
    const row = await t.db.selectFrom('quote').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([row.name, row.work, row.lang]).toEqual(['Jane Smith', 'Decks', 'en']);
    const inbox = (await t.call('GET', '/api/quote/all/', { token })).json<QuoteInbox>();
    expect(inbox.Quotes.find((q) => q.Id === row.id)?.Lang).toBe('en');
    expect((await t.call('GET', `/api/quote/${row.id}`, { token })).json<Quote>().Lang).toBe('en');

    await t.app.services.quotes.deliver();
    const mail = (await smtp.waitFor(1)).find((m) => m.mail.subject?.includes('Jane Smith'))?.mail;
    expect(mail?.subject).toBe('Demande de soumission (en anglais) : Jane Smith (Decks)');
    expect(mail?.text?.split('\n')[0]).toBe('Demande en anglais : le client a rempli le formulaire du site en anglais ; répondez-lui en anglais.');
    expect(String(mail?.html)).toContain('<strong>Demande en anglais : le client a rempli le formulaire du site en anglais ; répondez-lui en anglais.</strong>');
    // The rest of the owner's e-mail stays French.
    expect(mail?.text).toContain('Type de travaux : Decks');

    // A French request is marked fr, as every request sent before the English form.
    const french = await send(t, { ...englishFields(await oldToken(t), { Name: 'Luc Roy', Work: 'Terrasses' }), Lang: 'fr' });
    expect(french.json<QuoteResult>().Message).toMatch(/^Merci ! Votre demande est bien reçue/);
    const withoutLang = Object.fromEntries(Object.entries(englishFields(await oldToken(t), { Name: 'Marie Roy', Work: 'Terrasses' })).filter(([name]) => name !== 'Lang'));
    expect((await send(t, withoutLang)).json<QuoteResult>().Result).toBe(true);
    const langs = await t.db.selectFrom('quote').select(['name', 'lang']).where('name', 'in', ['Luc Roy', 'Marie Roy']).orderBy('name').execute();
    expect(langs).toEqual([
      { name: 'Luc Roy', lang: 'fr' },
      { name: 'Marie Roy', lang: 'fr' },
    ]);
  });

  test('refusals in English, nothing stored', async () => {
    const cases: Array<[Record<string, string>, number, string, string]> = [
      [{ Work: 'Terrasses' }, 200, 'Work', 'Choose a type of work from the list.'],
      [{ Work: 'Autre' }, 200, 'Work', 'Choose a type of work from the list.'],
      [{ Email: '', Phone: '' }, 200, 'Email', 'Enter an email address or a phone number so that we can get back to you.'],
      [{ Phone: '555' }, 400, 'Phone', 'Invalid phone number: 10 to 15 digits (for example: 819 555-0142).'],
      [{ Message: 'Too short.' }, 400, 'Message', 'Describe your project in 20 to 2,000 characters.'],
      [{ Name: 'Jane\u202ESmith' }, 400, 'Name', 'Your text contains a forbidden character (a control, invisible or text direction character): remove it and try again.'],
      [{ Token: 'expired' }, 200, 'Token', 'The form has expired: reload the page and try again.'],
      [{ Surname: 'Smith' }, 400, 'Surname', 'Incomplete or damaged form: reload the page and try again.'],
    ];
    for (const [change, status, field, message] of cases) {
      const before = await count(t);
      const res = await send(t, englishFields(await oldToken(t), change));
      expect([change, res.statusCode, res.json<QuoteResult>()]).toEqual([change, status, { Result: false, Field: field, Message: message }]);
      expect(await count(t)).toBe(before);
    }
    // “Other” is the English form's choice; a French request still takes « Autre » only.
    expect((await send(t, englishFields(await oldToken(t), { Work: 'Other' }))).json<QuoteResult>().Result).toBe(true);
    expect((await send(t, englishFields(await oldToken(t), { Work: 'Other', Lang: 'fr' }))).json<QuoteResult>().Message).toBe(
      'Choisissez un type de travaux de la liste.',
    );
    // Sent too soon after the form was shown: a robot's, refused in English.
    const fresh = (await t.call('GET', '/api/quote/form?lang=en')).json<QuoteForm>().Token;
    expect((await send(t, englishFields(fresh))).json<QuoteResult>().Message).toBe('Sent too quickly: take a few seconds to read over your request, then send it again.');
    // A photo that is no image.
    const form = quoteForm(englishFields(await oldToken(t)), [{ name: 'notes.jpg', data: Buffer.from('not an image at all') }]);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(photo.json<QuoteResult>()).toEqual({ Result: false, Field: 'Photos', Message: 'Photo 1 refused: Image format not supported' });
    // An unknown language: refused as the contract says, in the page's language.
    const unknown = await send(t, englishFields(await oldToken(t), { Lang: 'de' }), { referer: 'http://localhost/en/contact' });
    expect([unknown.statusCode, unknown.json<QuoteResult>()]).toEqual([400, { Result: false, Field: 'Lang', Message: 'Unknown form language: reload the page and try again.' }]);
    const unknownFromFrench = await send(t, englishFields(await oldToken(t), { Lang: 'de' }));
    expect(unknownFromFrench.json<QuoteResult>().Message).toBe('Langue du formulaire inconnue : rechargez la page et réessayez.');
  });

  describe('without JavaScript: a plain form POST answered by an English page', () => {
    const plain = async (fields: Record<string, string>) => {
      const form = quoteForm(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/quote',
        headers: {
          host: 'atelier.exemple.ca',
          origin: 'http://atelier.exemple.ca',
          referer: 'http://atelier.exemple.ca/en/contact',
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          'content-type': form.contentType,
        },
        payload: form.payload,
      });
    };

    test('sent: « Request sent », a way back to the English home page', async () => {
      const before = await count(t);
      const res = await plain(englishFields(await oldToken(t)));
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      expect(res.body).toContain('<html lang="en">');
      expect(res.body).toContain('<title>Request sent — Atelier Bois et Maison</title>');
      expect(res.body).toContain('<h1>Request sent</h1>');
      expect(res.body).toContain('Thank you! Your request has been received.');
      expect(res.body).toContain('<a href="/en/welcome">Back to the home page</a>');
      expect(await count(t)).toBe(before + 1);
    });

    test('refused: says why in English, and how to get back to the English form', async () => {
      const res = await plain(englishFields(await oldToken(t), { Message: 'Too short.' }));
      expect([res.statusCode, res.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
      expect(res.body).toContain('<h1>Request not sent</h1>');
      expect(res.body).toContain('Describe your project in 20 to 2,000 characters.');
      expect(res.body).toContain('Go back to the form with your browser’s Back button: what you wrote is still there. You can also <a href="/en/contact">reopen the form</a> or give us a call.');
      expect(res.body).not.toContain('Précédent');
    });
  });
});

describe('before the form is read, the language of the page it was sent from', () => {
  test('over the limit: 429 in English from an English page, in French otherwise', async () => {
    const t = await build({ config: { now, quoteLimit: { max: 1, windowMs: 3_600_000 } } });
    try {
      expect((await send(t, englishFields(await oldToken(t)))).json<QuoteResult>().Result).toBe(true);
      const english = await send(t, englishFields(await oldToken(t)), { referer: 'https://www.exemple.ca/en/contact' });
      expect([english.statusCode, english.json<QuoteResult>().Message]).toEqual([429, 'Too many requests sent from your connection: try again in 60 minutes, or give us a call.']);
      const french = await send(t, englishFields(await oldToken(t)), { referer: 'https://www.exemple.ca/contact' });
      expect(french.json<QuoteResult>().Message).toMatch(/^Trop de demandes envoyées depuis votre connexion/);
      const none = await send(t, englishFields(await oldToken(t)));
      expect(none.json<QuoteResult>().Message).toMatch(/^Trop de demandes envoyées/);
      // Not a form at all, from an English page.
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/quote',
        headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, referer: 'https://www.exemple.ca/en/contact', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect([json.statusCode, json.json<QuoteResult>().Message]).toEqual([400, 'Incomplete or damaged form: reload the page and try again.']);
    } finally {
      await t.close();
    }
  });
});
