// What a customer checks before calling (issue 31): the RBQ licence and the opening hours of
// « Paramètres du site », the clients' testimonials (GET/POST/PUT/DELETE /api/testimonial…, their
// order), the demo's three, migration 0014 on an existing database, and the licence in the quote
// e-mail. Every refusal in French, naming the field, nothing stored.
import type { MutationResult, ProjectView, SiteSettings, Testimonial, TestimonialView } from '../../contract/api.ts';
import { site0007 } from '../db/migration0007.ts';
import { testimonials0014, trust0014 } from '../db/migration0014.ts';
import { migrate } from '../db/migrations.ts';
import { composeMail } from '../quotes/mail.ts';
import { buildSignedIn, snapshot, type TestApp } from './helper.ts';
import { olderDatabase } from './olderDatabase.ts';

let t: TestApp;
let token: string;

beforeAll(async () => ({ t, token } = await buildSignedIn()));
afterAll(async () => t.close());

const site = async () => (await t.call('GET', '/api/site')).json<SiteSettings>();
const testimonials = async (withToken = false) => (await t.call('GET', '/api/testimonial/all/', withToken ? { token } : {})).json<TestimonialView[]>();
const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, { body, token });
  return { status: res.statusCode, json: res.json<MutationResult>() };
};
/** The site's settings as PUT takes them (what GET answers, without PhotoMedia). */
const writable = async (): Promise<SiteSettings> => {
  const settings = await site();
  delete settings.PhotoMedia;
  return settings;
};

/** Refused with a French message (200 Result:false, or 400 from the contract), nothing stored. */
async function expectRefused(method: 'POST' | 'PUT', url: string, body: unknown, status: 200 | 400, message: RegExp) {
  const before = await snapshot(t.db);
  const res = await write(method, url, body);
  expect([res.status, res.json.Result]).toEqual([status, false]);
  expect(res.json.Message).toMatch(message);
  expect(await snapshot(t.db)).toEqual(before);
}

const a = (over: Partial<Testimonial> = {}): Testimonial => ({
  Id: 0,
  Text: 'Travail soigné, chantier propre et délais tenus.',
  ClientName: 'Julie B.',
  Place: 'Aylmer',
  Month: '2025-06',
  ProjectId: null,
  Published: true,
  Consent: true,
  ...over,
});

describe('the demo business', () => {
  test('a fresh install has a licence of the right shape, hours and a note, and its testimonials published with consent', async () => {
    const settings = await site();
    expect(settings.RbqLicence).toMatch(/^\d{4}-\d{4}-\d{2}$/);
    expect(settings).toMatchObject({ RbqLicence: trust0014.RbqLicence, Hours: trust0014.Hours, HoursNote: 'Sur rendez-vous le samedi' });
    expect(settings.En?.HoursNote).toBe('Saturdays by appointment');
    const list = await testimonials();
    expect(list.map((x) => x.ClientName)).toEqual(testimonials0014.map((x) => x.client));
    expect(list.every((x) => x.Published && x.Consent && typeof x.ConsentAt === 'number' && x.En.Text !== '')).toBe(true);
    // Each about the demo project it names.
    const projects = (await t.call('GET', '/api/project/all/')).json<ProjectView[]>();
    for (const [i, x] of list.entries()) expect(projects.find((p) => p.Id === x.ProjectId)?.Name).toBe(testimonials0014[i]?.project);
  });
});

describe('RBQ licence', () => {
  test('entered with or without dashes or spaces, stored and answered as 1234-5678-90; empty is allowed; a write without it keeps it', async () => {
    for (const typed of ['1234567890', '1234 5678 90', '1234-5678-90']) {
      expect((await write('PUT', '/api/site', { ...(await writable()), RbqLicence: typed })).json.Result).toBe(true);
      expect((await site()).RbqLicence).toBe('1234-5678-90');
    }
    const without = await writable();
    delete without.RbqLicence;
    delete without.Hours;
    delete without.HoursNote;
    expect((await write('PUT', '/api/site', without)).json.Result).toBe(true);
    expect(await site()).toMatchObject({ RbqLicence: '1234-5678-90', Hours: trust0014.Hours, HoursNote: trust0014.HoursNote });
    expect((await write('PUT', '/api/site', { ...(await writable()), RbqLicence: '' })).json.Result).toBe(true);
    expect((await site()).RbqLicence).toBe('');
    expect((await write('PUT', '/api/site', { ...(await writable()), RbqLicence: trust0014.RbqLicence })).json.Result).toBe(true);
  });

  test.each(['123456789', '12345678901', '1234-5678-9A', 'RBQ 1234567890', '12-345678-90'])('« %s » is refused, naming the field', async (licence) => {
    await expectRefused('PUT', '/api/site', { ...(await writable()), RbqLicence: licence }, 400, /^La licence RBQ \(RbqLicence\) doit (compter 10 chiffres|contenir au plus)/);
  });
});

describe('opening hours', () => {
  const week = (day: SiteSettings['Hours'] extends (infer D)[] | undefined ? D : never, at = 0) =>
    Array.from({ length: 7 }, (_, i) => (i === at ? day : []));

  test('one or two ranges a day, or closed; stored as sent', async () => {
    const hours = [[{ Open: '07:30', Close: '12:00' }, { Open: '13:00', Close: '17:00' }], [], [], [], [], [{ Open: '09:00', Close: '12:00' }], []];
    expect((await write('PUT', '/api/site', { ...(await writable()), Hours: hours, HoursNote: 'Fermé les jours fériés' })).json.Result).toBe(true);
    expect(await site()).toMatchObject({ Hours: hours, HoursNote: 'Fermé les jours fériés' });
    expect((await write('PUT', '/api/site', { ...(await writable()), Hours: trust0014.Hours, HoursNote: trust0014.HoursNote })).json.Result).toBe(true);
  });

  test('an end before (or at) its start is refused, naming the day', async () => {
    await expectRefused('PUT', '/api/site', { ...(await writable()), Hours: week([{ Open: '17:00', Close: '07:30' }], 1) }, 200, /^Les heures d'ouverture du mardi \(Hours\) : la fermeture \(07:30\) doit venir après l'ouverture \(17:00\)/);
    await expectRefused('PUT', '/api/site', { ...(await writable()), Hours: week([{ Open: '09:00', Close: '09:00' }]) }, 200, /du lundi \(Hours\)/);
  });

  test('two ranges that overlap are refused, whatever their order', async () => {
    const overlapping = [{ Open: '12:00', Close: '17:00' }, { Open: '08:00', Close: '12:30' }];
    await expectRefused('PUT', '/api/site', { ...(await writable()), Hours: week(overlapping, 5) }, 200, /^Les heures d'ouverture du samedi \(Hours\) : les deux plages se chevauchent/);
  });

  test('malformed times, a third range, a week of six days, a note with a control character: refused by the contract, in French', async () => {
    await expectRefused('PUT', '/api/site', { ...(await writable()), Hours: week([{ Open: '7:30', Close: '17:00' }], 1) }, 400, /^L'heure d'ouverture du mardi \(Hours\[1\]\[0\]\.Open\) doit être une heure sur 24 heures/);
    await expectRefused('PUT', '/api/site', { ...(await writable()), Hours: week([{ Open: '07:30', Close: '24:00' }]) }, 400, /^L'heure de fermeture du lundi/);
    const three = [{ Open: '07:00', Close: '08:00' }, { Open: '09:00', Close: '10:00' }, { Open: '11:00', Close: '12:00' }];
    await expectRefused('PUT', '/api/site', { ...(await writable()), Hours: week(three) }, 400, /^Les heures d'ouverture du lundi \(Hours\[0\]\) doit contenir au plus 2 éléments/);
    await expectRefused('PUT', '/api/site', { ...(await writable()), Hours: week([]).slice(1) }, 400, /^Les heures d'ouverture \(Hours\) doit contenir au moins 7 éléments/);
    await expectRefused('PUT', '/api/site', { ...(await writable()), HoursNote: 'Sur\u0007rendez-vous' }, 400, /^La note des heures \(HoursNote\) contient un caractère interdit/);
  });
});

describe('testimonials', () => {
  const listIds = async () => (await testimonials(true)).map((x) => x.Id);

  test('added last, with its consent date; visitors see the published ones only, the administrator all; unpublished, it leaves the public list', async () => {
    const before = Date.now();
    expect((await write('POST', '/api/testimonial/', a({ Published: false, Consent: false }))).json).toEqual({ Result: true, Message: 'Opération effectuée avec succès' });
    expect((await write('POST', '/api/testimonial/', a({ ClientName: 'Marc L.', En: { Text: 'Careful work and a clean site.' } }))).json.Result).toBe(true);
    const all = await testimonials(true);
    const [draft, shown] = all.slice(-2) as [TestimonialView, TestimonialView];
    expect(draft).toMatchObject({ ClientName: 'Julie B.', Published: false, Consent: false, ConsentAt: null, En: { Text: '' } });
    expect(shown).toMatchObject({ ClientName: 'Marc L.', Published: true, Consent: true, En: { Text: 'Careful work and a clean site.' } });
    expect(shown.ConsentAt).toBeGreaterThanOrEqual(before);
    const visible = await testimonials();
    expect(visible.map((x) => x.Id)).not.toContain(draft.Id);
    expect(visible.at(-1)?.Id).toBe(shown.Id);

    // Changed later (consent still given): its consent date stays; without En its English stays.
    const { ConsentAt, ...body } = shown;
    expect((await write('PUT', `/api/testimonial/${shown.Id}`, { ...body, En: undefined, Text: 'Travail soigné et chantier propre, merci !' })).json.Result).toBe(true);
    expect((await testimonials(true)).find((x) => x.Id === shown.Id)).toMatchObject({ Text: 'Travail soigné et chantier propre, merci !', ConsentAt, En: { Text: 'Careful work and a clean site.' } });
    // Unpublished: no visitor sees it any more.
    expect((await write('PUT', `/api/testimonial/${shown.Id}`, { ...body, Published: false })).json.Result).toBe(true);
    expect((await testimonials()).map((x) => x.Id)).not.toContain(shown.Id);
    // Consent withdrawn: its date goes with it.
    expect((await write('PUT', `/api/testimonial/${shown.Id}`, { ...body, Published: false, Consent: false })).json.Result).toBe(true);
    expect((await testimonials(true)).find((x) => x.Id === shown.Id)?.ConsentAt).toBeNull();

    for (const id of [draft.Id, shown.Id]) expect((await write('DELETE', `/api/testimonial/${id}`)).json.Result).toBe(true);
    expect(await listIds()).not.toContain(shown.Id);
    expect((await write('DELETE', `/api/testimonial/${shown.Id}`)).status).toBe(404);
  });

  test('published without the client’s consent: refused, nothing stored (add and update)', async () => {
    await expectRefused('POST', '/api/testimonial/', a({ Consent: false }), 200, /^Un témoignage ne peut être publié \(Published\) sans l'accord du client \(Consent\)/);
    const first = (await testimonials(true))[0] as TestimonialView;
    const body: Partial<TestimonialView> = { ...first };
    delete body.ConsentAt;
    await expectRefused('PUT', `/api/testimonial/${first.Id}`, { ...body, Consent: false }, 200, /sans l'accord du client/);
  });

  test.each([
    ['empty', { Text: '' }, /^Le texte \(Text\) (doit contenir au moins 10 caractères|ne peut pas être fait seulement d'espaces)/],
    ['too short', { Text: 'Très bien' }, /^Le texte \(Text\) doit contenir au moins 10 caractères/],
    ['over 600 characters', { Text: 'a'.repeat(601) }, /^Le texte \(Text\) doit contenir au plus 600 caractères/],
    ['spaces only', { Text: ' '.repeat(12) }, /^Le texte \(Text\) ne peut pas être fait seulement d'espaces/],
    ['with HTML', { Text: 'Excellent <b>travail</b> !' }, /^Le texte \(Text\) doit être du texte simple : ni balise HTML/],
    ['with a script', { Text: '<script>alert(1)</script> bravo' }, /^Le texte \(Text\) doit être du texte simple/],
    ['with a control character', { Text: 'Excellent\u0000 travail, merci' }, /^Le texte \(Text\) doit être du texte simple/],
    ['with HTML in English', { En: { Text: '<i>Great</i> work, thanks' } }, /^Le texte en anglais \(En\.Text\) doit être du texte simple/],
    ['a client name of one letter', { ClientName: 'J' }, /^Le nom du client \(ClientName\) doit contenir au moins 2 caractères/],
    ['no place', { Place: '' }, /^La ville ou le secteur \(Place\) (doit contenir au moins 2 caractères|ne peut pas être fait seulement d'espaces)/],
    ['a month written otherwise', { Month: '06/2025' }, /^Le mois des travaux \(Month\) doit être un mois au format AAAA-MM/],
    ['month 13', { Month: '2025-13' }, /^Le mois des travaux \(Month\)/],
    ['a project id of 0', { ProjectId: 0 }, /^Le projet \(ProjectId\) doit être au moins 1/],
    ['stars', { Rating: 5 } as Partial<Testimonial>, /^Le champ « Rating » n'est pas permis ici/],
  ])('%s: refused by the contract, in French, naming the field', async (_case, over, message) => {
    await expectRefused('POST', '/api/testimonial/', a(over), 400, message);
  });

  test('a project that does not exist, or a month in the future: refused', async () => {
    await expectRefused('POST', '/api/testimonial/', a({ ProjectId: 99999 }), 200, /^Le projet \(ProjectId\) n° 99999 n'existe pas/);
    await expectRefused('POST', '/api/testimonial/', a({ Month: '2099-01' }), 200, /^Le mois des travaux \(Month\) 2099-01 est dans le futur/);
  });

  test('linked to a project; the project deleted, the testimonial stays, about no project', async () => {
    expect((await write('POST', '/api/project/', { Id: 0, ProjectTypeId: 1, Name: 'Projet témoin', Description: 'Un projet pour le test.', Image: 'banc-coffre-terrasse.jpg' })).json.Result).toBe(true);
    const project = (await t.call('GET', '/api/project/all/', { token })).json<ProjectView[]>().at(-1) as ProjectView;
    expect((await write('POST', '/api/testimonial/', a({ ProjectId: project.Id }))).json.Result).toBe(true);
    const added = (await testimonials(true)).at(-1) as TestimonialView;
    expect(added.ProjectId).toBe(project.Id);
    expect((await write('DELETE', `/api/project/${project.Id}`)).json.Result).toBe(true);
    expect((await testimonials(true)).find((x) => x.Id === added.Id)?.ProjectId).toBeNull();
    expect((await write('DELETE', `/api/testimonial/${added.Id}`)).json.Result).toBe(true);
  });

  test('the owner’s order, as for projects: one move, a stale list refused', async () => {
    const ids = await listIds();
    const moved = [ids[1], ids[0], ...ids.slice(2)] as number[];
    expect((await write('PUT', '/api/testimonial/order/', { Seen: ids, Order: moved })).json.Result).toBe(true);
    expect(await listIds()).toEqual(moved);
    expect((await testimonials()).map((x) => x.Id)).toEqual(moved);
    await expectRefused('PUT', '/api/testimonial/order/', { Seen: ids, Order: ids }, 200, /La liste a changé entre-temps/);
    expect((await write('PUT', '/api/testimonial/order/', { Seen: moved, Order: ids })).json.Result).toBe(true);
  });

  test('writes need the administrator’s token; an invalid token on the list answers 401', async () => {
    expect((await t.call('POST', '/api/testimonial/', { body: a() })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/testimonial/all/', { token: 'pas-un-jeton' })).statusCode).toBe(401);
  });
});

describe('the quote e-mail', () => {
  const quote = { id: 7, created_at: Date.UTC(2026, 10, 25), name: 'Client', email: 'c@exemple.ca', phone: '', city: '', work: '', message: 'x'.repeat(30), lang: 'fr' as const, folder: 'f', read_at: null, handled_at: null, journey: '[]' };
  test('ends with « Licence RBQ : … » when the business has one, and says nothing of it otherwise', () => {
    const mail = composeMail(quote, [], '/tmp', { from: 'a@b.ca', to: 'a@b.ca', licence: '1234-5678-90' }, '<m@b.ca>');
    expect(mail.text.split('\n').at(-1)).toBe('Licence RBQ : 1234-5678-90');
    expect(mail.html).toContain('<p>Licence RBQ : 1234-5678-90</p>');
    expect(composeMail(quote, [], '/tmp', { from: 'a@b.ca', to: 'a@b.ca' }, '<m@b.ca>').text).not.toContain('RBQ');
  });
});

test('migration 0014 gives an existing demo its licence, hours and testimonials, and an owner’s site none of them', async () => {
  for (const owner of [false, true]) {
    const { db, close } = await olderDatabase('0012_english');
    try {
      if (owner) await db.updateTable('site_document').set({ body: JSON.stringify({ ...site0007, BusinessName: 'Menuiserie Lavoie' }) }).where('name', '=', 'site').execute();
      await migrate(db);
      const stored = JSON.parse((await db.selectFrom('site_document').select('body').where('name', '=', 'site').executeTakeFirstOrThrow()).body) as SiteSettings;
      const rows = await db.selectFrom('testimonial').select(['client_name', 'project_id']).orderBy('position').execute();
      if (owner) {
        expect(stored).toMatchObject({ BusinessName: 'Menuiserie Lavoie', RbqLicence: '', Hours: [[], [], [], [], [], [], []], HoursNote: '' });
        expect(rows).toEqual([]);
      } else {
        expect(stored).toMatchObject({ RbqLicence: trust0014.RbqLicence, Hours: trust0014.Hours });
        expect(rows.map((r: { client_name: string }) => r.client_name)).toEqual(testimonials0014.map((x) => x.client));
        expect(rows.every((r: { project_id: number | null }) => r.project_id !== null)).toBe(true);
      }
    } finally {
      await close();
    }
  }
});
