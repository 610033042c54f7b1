// The site's settings and menu (GET/PUT /api/site, GET/PUT /api/menu, GET /api/menu/all/): the
// demo defaults of a fresh install, the owner's changes seen at once, every refusal with nothing
// stored, and the page photos that cannot be deleted.
import type { Menu, MutationResult, SiteSettings } from '../../contract/api.ts';
import { demoMenu } from '../../contract/menu.ts';
import { testSite } from '../../contract/testSite.ts';
import { site0007 as demoSite } from '../db/migration0007.ts';
import { menuEnglish0012, siteEnglish0012 } from '../db/migration0012.ts';
import { trust0014 } from '../db/migration0014.ts';
import sharp from 'sharp';
import { buildSignedIn, snapshot, uploadImage, type TestApp, libraryOf } from './helper.ts';

let t: TestApp;
let token: string;

/** The demo menu of the specification with its English (migration 0012): every title and label translated. */
const englishOf = (french: string) => menuEnglish0012.get(french) ?? '';
const demoMenuBothLanguages: Menu = {
  Dropdowns: demoMenu.Dropdowns.map((d) => ({
    Title: d.Title,
    En: { Title: englishOf(d.Title) },
    Entries: d.Entries.map((e) => ({ ...e, En: { Label: englishOf(e.Label) } })),
  })),
  Links: demoMenu.Links.map((l) => ({ ...l, En: { Label: englishOf(l.Label) } })),
};

beforeEach(async () => ({ t, token } = await buildSignedIn()));
afterEach(async () => t.close());

const site = async () => (await t.call('GET', '/api/site')).json<SiteSettings>();
const put = async (url: string, body: unknown) => {
  const res = await t.call('PUT', url, { body, token });
  return { status: res.statusCode, json: res.json<MutationResult>() };
};

/** Refused with a French message (200 Result:false, or 400 from the contract), nothing stored. */
async function expectRefused(url: string, body: unknown, status: 200 | 400, message: RegExp) {
  const before = await snapshot(t.db);
  const res = await put(url, body);
  expect([res.status, res.json.Result]).toEqual([status, false]);
  expect(res.json.Message).toMatch(message);
  expect(await snapshot(t.db)).toEqual(before);
}

describe('site settings', () => {
  test('a fresh install answers the demo business; GET is public and cacheable', async () => {
    const res = await t.call('GET', '/api/site');
    expect(res.statusCode).toBe(200);
    // With what the server knows of each page photo, so that pages show them without asking.
    expect(res.json()).toEqual({
      ...demoSite,
      RbqLicence: trust0014.RbqLicence,
      Hours: trust0014.Hours,
      HoursNote: trust0014.HoursNote,
      En: { ...siteEnglish0012, HoursNote: trust0014.HoursNoteEn },
      PhotoMedia: {
        Welcome: { Type: 'image/jpeg', Width: 1920, Height: 1080, Widths: [320, 640, 800, 1024, 1600] },
        About: { Type: 'image/jpeg', Width: 900, Height: 1200, Widths: [320, 640, 800, 900] },
        Contact: { Type: 'image/jpeg', Width: 1600, Height: 1000, Widths: [320, 640, 800, 1024, 1600] },
      },
    });
    expect(res.headers.etag).toBeDefined();
  });

  test('the administrator changes the fields and writes back what GET answered: seen at once', async () => {
    const current = await site();
    // Another business's settings (contract/testSite.ts) on this library's photos, an intro that
    // looks like HTML, and PhotoMedia as GET answered it.
    const changed: SiteSettings = {
      ...current,
      ...testSite,
      AboutIntro: 'Premier paragraphe.\nDeuxième paragraphe, <b>en gras</b> ? Non : du texte.',
      WelcomePhoto: 'banc-cedre-rouge.jpg',
      AboutPhoto: current.AboutPhoto,
      ContactPhoto: current.ContactPhoto,
    };
    expect(await put('/api/site', changed)).toEqual({ status: 200, json: { Result: true, Message: 'Opération effectuée avec succès' } });
    // PhotoMedia is the server's: what was sent back is ignored, the new photo's is answered.
    const { PhotoMedia, ...stored } = await site();
    expect(stored).toEqual({ ...changed, PhotoMedia: undefined });
    expect(PhotoMedia?.Welcome).toEqual({ Type: 'image/jpeg', Width: 1200, Height: 900, Widths: [320, 640, 800, 1024, 1200] });
    expect(PhotoMedia?.About).toEqual(current.PhotoMedia?.About);
  });

  test('only an administrator, with the XSRF header', async () => {
    const before = await snapshot(t.db);
    const body = { ...(await site()), BusinessName: 'Pirate' };
    expect((await t.call('PUT', '/api/site', { body })).statusCode).toBe(401);
    expect((await t.call('PUT', '/api/site', { body, token, xsrf: false })).statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('the contract refuses malformed and over-long fields', async () => {
    const current = await site();
    const cases: [Partial<SiteSettings>, RegExp][] = [
      [{ BusinessName: '' }, /^Le nom de l'entreprise \(BusinessName\) /],
      [{ BusinessName: 'x'.repeat(61) }, /au plus 60/],
      [{ InfoEmail: 'pas-un-courriel' }, /Le courriel de renseignements \(InfoEmail\) doit être une adresse courriel valide/],
      [{ Phone: '555' }, /Le téléphone \(Phone\) doit être un numéro à 10 chiffres/],
      [{ Social: [{ Network: 'Piège', Url: 'javascript:alert(1)' }] }, /L'adresse du lien \(Url\) doit être une adresse complète commençant par https:\/\//],
      [{ Social: [{ Network: 'Web', Url: 'http://exemple.ca/' }] }, /commençant par https/],
      [{ Social: [] }, /La liste des réseaux sociaux \(Social\) doit contenir au moins 1 élément\./],
      [{ PostalCode: 'J8X' }, /code postal canadien/],
      [{ WelcomeTagline: '   ' }, /espaces/],
      [{ OwnerName: 'Marc\u202ETremblay' }, /caractère interdit/],
      [{ WelcomePhoto: '../secret.jpg' }, /nom de fichier/],
      [{ Since: 1800 }, /au moins 1900/],
    ];
    for (const [change, message] of cases) await expectRefused('/api/site', { ...current, ...change }, 400, message);
    const extra = { ...current, Admin: true };
    await expectRefused('/api/site', extra, 400, /Admin/);
  });

  test('the server refuses a photo outside the library, a video, a card to a missing page, a future year', async () => {
    const current = await site();
    const videos = (await libraryOf(t, token)).filter((i) => i.Type.startsWith('video/'));
    expect(videos.length).toBeGreaterThan(0);
    const [card1, card2, card3] = current.Specialties;
    const cases: [Partial<SiteSettings>, RegExp][] = [
      [{ AboutPhoto: 'inconnue.jpg' }, /La photo « inconnue\.jpg » n'est pas dans la bibliothèque/],
      [{ ContactPhoto: videos[0]?.Name as string }, /est une vidéo : choisissez une photo/],
      [{ Specialties: [card1!, { ...card2!, Target: '/typeslist/999' }, card3!] }, /La carte n° 2 .* mène à \/typeslist\/999, une page qui n'existe pas/],
      [{ Since: new Date().getFullYear() + 1 }, /ne peut pas être dans le futur/],
    ];
    for (const [change, message] of cases) await expectRefused('/api/site', { ...current, ...change }, 200, message);
  });

  test('a page photo cannot be deleted; once replaced, the old one can', async () => {
    // The library says which photos the pages show (the admin offers no deletion for them).
    const library = await libraryOf(t, token);
    expect(Object.fromEntries(library.filter((i) => (i.Pages ?? 0) > 0).map((i) => [i.Name, i.Pages]))).toEqual({ 'accueil.jpg': 1, 'atelier.jpg': 1, 'proprietaire.jpg': 1 });
    const refused = (await t.call('DELETE', '/api/image/accueil.jpg', { token })).json<MutationResult>();
    expect(refused).toMatchObject({ Result: false, Message: expect.stringMatching(/celle d'une page du site/) });
    // A new photo no record uses, put on the welcome page instead.
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a0522d' } }).png().toBuffer();
    const free = (await uploadImage(t, png, 'terrasse-neuve.png', { token })).json<{ Name: string }>();
    expect(free.Name).toBe('terrasse-neuve.png');
    expect((await put('/api/site', { ...(await site()), WelcomePhoto: free.Name })).json.Result).toBe(true);
    expect((await t.call('DELETE', `/api/image/${free.Name}`, { token })).json<MutationResult>()).toMatchObject({ Result: false });
    expect((await t.call('DELETE', '/api/image/accueil.jpg', { token })).json<MutationResult>()).toMatchObject({ Result: true });
  });
});

describe('menu', () => {
  const edit = async () => (await t.call('GET', '/api/menu/all/', { token })).json<Menu>();

  test('a fresh install answers exactly the table of the specification, in French and in English', async () => {
    expect((await t.call('GET', '/api/menu')).json()).toEqual(demoMenuBothLanguages);
    expect(await edit()).toEqual(demoMenuBothLanguages);
    // The issue's own words for the drop-downs and the right-side links.
    expect(demoMenuBothLanguages.Dropdowns.map((d) => d.En?.Title)).toEqual(['Outdoor projects', 'Space optimization', 'Decoration']);
    expect(demoMenuBothLanguages.Links.map((l) => l.En?.Label)).toEqual(['About', 'Contact me']);
    expect(demoMenuBothLanguages.Dropdowns.flatMap((d) => d.Entries).every((e) => e.En?.Label !== '')).toBe(true);
  });

  test('an entry to a new project type: visitors see it at once; deleted, it disappears for them and is marked for the administrator', async () => {
    await t.call('POST', '/api/projecttype/', {
      token,
      body: { Id: 0, CategoryId: 1, Name: 'Cabanons de jardin', Description: 'Des cabanons.', Image: '' },
    });
    const types = (await t.call('GET', '/api/projecttype/all/')).json<{ Id: number; Name: string }[]>();
    const shed = types.find((x) => x.Name === 'Cabanons de jardin');
    const href = `/projecttype/${shed?.Id}`;
    const menu = (await t.call('GET', '/api/menu')).json<Menu>();
    const [first, ...others] = menu.Dropdowns;
    const changed: Menu = { ...menu, Dropdowns: [{ ...first!, Entries: [...first!.Entries, { Label: 'Cabanons', Href: href, En: { Label: 'Sheds' } }] }, ...others] };
    expect((await put('/api/menu', changed)).json.Result).toBe(true);
    expect((await t.call('GET', '/api/menu')).json()).toEqual(changed);

    expect((await t.call('DELETE', `/api/projecttype/${shed?.Id}`, { token })).json<MutationResult>().Result).toBe(true);
    expect((await t.call('GET', '/api/menu')).json()).toEqual(menu);
    const stored = await edit();
    expect(stored.Dropdowns[0]?.Entries.at(-1)).toEqual({ Label: 'Cabanons', Href: href, En: { Label: 'Sheds' }, Missing: true });
    // What the administrator read is accepted back only once the entry points somewhere.
    await expectRefused('/api/menu', stored, 200, new RegExp(`L'entrée n° 4 du menu déroulant n° 1 mène à ${href}, une page qui n'existe pas`));
  });

  test('a drop-down whose every entry lost its page is hidden from visitors', async () => {
    await t.call('POST', '/api/category/', { token, body: { Id: 0, Name: 'Atelier mobile' } });
    const categories = (await t.call('GET', '/api/category/all/')).json<{ Id: number; Name: string }[]>();
    const id = categories.find((c) => c.Name === 'Atelier mobile')?.Id;
    const menu = await edit();
    const changed: Menu = { ...menu, Dropdowns: [...menu.Dropdowns, { Title: 'Sur la route', Entries: [{ Label: 'Atelier', Href: `/typeslist/${id}` }] }] };
    expect((await put('/api/menu', changed)).json.Result).toBe(true);
    expect((await t.call('GET', '/api/menu')).json<Menu>().Dropdowns.map((d) => d.Title)).toContain('Sur la route');
    expect((await t.call('DELETE', `/api/category/${id}`, { token })).json<MutationResult>().Result).toBe(true);
    expect((await t.call('GET', '/api/menu')).json()).toEqual(menu);
  });

  test('refusals: a missing target, a path that is not a page, over-long labels, no token', async () => {
    const menu = await edit();
    await expectRefused('/api/menu', { ...menu, Links: [{ Label: 'Ailleurs', Href: '/typeslist/999' }] }, 200, /Le lien de droite n° 1 mène à \/typeslist\/999/);
    await expectRefused('/api/menu', { ...menu, Links: [{ Label: 'Piège', Href: 'javascript:alert(1)' }] }, 400, /La page visée \(Href\) doit être une page du site/);
    await expectRefused('/api/menu', { ...menu, Links: [{ Label: 'x'.repeat(61), Href: '/about' }] }, 400, /au plus 60/);
    await expectRefused('/api/menu', { ...menu, Dropdowns: [{ Title: 'Vide', Entries: [] }] }, 400, /La liste des entrées \(Entries\) doit contenir au moins 1 élément/);
    expect((await t.call('GET', '/api/menu/all/')).statusCode).toBe(401);
    expect((await t.call('PUT', '/api/menu', { body: menu })).statusCode).toBe(401);
  });
});
