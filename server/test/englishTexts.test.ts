// English beside French (issue 27), on the server: the demo translated in full (a fresh install,
// and an existing database through migration 0012, the owner's edits left alone); every read
// carries En; for every kind of record a write without En keeps the English texts and a write
// with En replaces them; the rules beyond the schema; the French messages of English fields; a
// write that changes only English texts drops the cached answers.
import type { Category, GalleryItem, Menu, MutationResult, ProjectType, ProjectView, SiteSettings } from '../../contract/api.ts';
import { demoMenu } from '../../contract/menu.ts';
import { site0007 } from '../db/migration0007.ts';
import { menuEnglish0012, siteEnglish0012 } from '../db/migration0012.ts';
import { trust0014 } from '../db/migration0014.ts';

/** The demo's English settings: migration 0012's, and the hours note of migration 0014 (issue 31). */
const demoEnglish = { ...siteEnglish0012, HoursNote: trust0014.HoursNoteEn };
import { migrate } from '../db/migrations.ts';
import { demoCategories, demoProjects, demoTypes } from '../demo/content.ts';
import { updateSite } from '../site/site.service.ts';
import { buildSignedIn, snapshot, type TestApp } from './helper.ts';
import { olderDatabase } from './olderDatabase.ts';

jest.setTimeout(60_000);

let t: TestApp;
let token: string;
beforeEach(async () => ({ t, token } = await buildSignedIn()));
afterEach(async () => t.close());

const get = async <T>(url: string) => (await t.call('GET', url, { token })).json<T>();
const write = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
  const res = await t.call(method, url, { token, body });
  return { status: res.statusCode, json: res.json<MutationResult>() };
};
const ok = { status: 200, json: { Result: true, Message: 'Opération effectuée avec succès' } };

/** Refused (200 Result:false, or 400 from the contract) with this French message, and nothing stored. */
async function expectRefused(method: 'POST' | 'PUT', url: string, body: unknown, status: 200 | 400, message: string | RegExp) {
  const before = await snapshot(t.db);
  const res = await write(method, url, body);
  expect([res.status, res.json.Result]).toEqual([status, false]);
  if (typeof message === 'string') expect(res.json.Message).toBe(message);
  else expect(res.json.Message).toMatch(message);
  expect(await snapshot(t.db)).toEqual(before);
}

/** A record as read, written back (the fields a write takes). */
const typeBody = ({ Id, CategoryId, Name, Description, Image, En }: ProjectType) => ({ Id, CategoryId, Name, Description, Image, En });
const projectBody = ({ Id, ProjectTypeId, Name, Description, Image, Published, En }: ProjectView) => ({ Id, ProjectTypeId, Name, Description, Image, Published, En });
const itemBody = ({ Image, Caption, Alt, Pair, En }: GalleryItem) => ({ Image, Caption, Alt, Pair, En });
const siteBody = ({ PhotoMedia: _answered, ...site }: SiteSettings): SiteSettings => site;

describe('the demo content in English', () => {
  test('a fresh install is translated in full, and every English text follows its French field’s rules', async () => {
    const categories = await get<Category[]>('/api/category/all/');
    const types = await get<ProjectType[]>('/api/projecttype/all/');
    const projects = await get<ProjectView[]>('/api/project/all/');
    expect(categories.length).toBe(demoCategories.length);
    expect(types.length).toBe(demoTypes.length);
    expect(projects.length).toBe(demoProjects.length);
    // Every text has its English, and it is not the French one.
    for (const c of categories) expect([c.Name, c.En?.Name !== '' && c.En?.Name !== c.Name]).toEqual([c.Name, true]);
    for (const x of [...types, ...projects]) {
      expect([x.Name, x.En?.Name !== '' && x.En?.Name !== x.Name, x.En?.Description !== '' && x.En?.Description !== x.Description]).toEqual([x.Name, true, true]);
    }
    expect(categories.find((c) => c.Id === 1)?.En).toEqual({ Name: 'Outdoor projects' });
    expect(types.find((x) => x.Id === 19)?.En?.Name).toBe('Family lockers');
    const galleries = (await Promise.all(projects.map((p) => get<ProjectView>(`/api/project/${p.Id}`)))).filter((p) => (p.Gallery ?? []).length > 0);
    const items = galleries.flatMap((p) => p.Gallery ?? []);
    expect(items.length).toBe(demoProjects.flatMap((p) => p.gallery ?? []).length);
    for (const item of items) {
      expect([item.Caption, item.En?.Caption !== '' && item.En?.Caption !== item.Caption, item.En?.Alt !== '' && item.En?.Alt !== item.Alt]).toEqual([item.Caption, true, true]);
    }
    const site = await get<SiteSettings>('/api/site');
    expect(site.En).toEqual(demoEnglish);
    const texts = [site.En?.AreaServed, site.En?.WelcomeTagline, site.En?.WelcomeIntro, site.En?.AboutIntro, ...(site.En?.FooterServices ?? [])];
    expect(texts.every((text) => typeof text === 'string' && text !== '')).toBe(true);
    expect([site.En?.Specialties.length, site.En?.AboutServices.length, site.En?.FooterServices.length]).toEqual([3, 3, site.FooterServices.length]);

    // Written back as read, every record is accepted: the demo's English follows the contract.
    for (const c of categories) expect([c.Id, await write('PUT', `/api/category/${c.Id}`, c)]).toEqual([c.Id, ok]);
    for (const x of types) expect([x.Id, await write('PUT', `/api/projecttype/${x.Id}`, typeBody(x))]).toEqual([x.Id, ok]);
    for (const p of projects) expect([p.Id, await write('PUT', `/api/project/${p.Id}`, projectBody(p))]).toEqual([p.Id, ok]);
    for (const p of galleries) {
      for (const item of p.Gallery ?? []) expect([item.Id, await write('PUT', `/api/project/${p.Id}/gallery/${item.Id}`, itemBody(item))]).toEqual([item.Id, ok]);
    }
    expect(await write('PUT', '/api/site', siteBody(site))).toEqual(ok);
    expect(await write('PUT', '/api/menu', await get<Menu>('/api/menu/all/'))).toEqual(ok);
  });

  test('migration 0012 translates an existing database’s demo, but never a text the owner changed', async () => {
    const { db, close } = await olderDatabase('0011_rate_limit');
    try {
      // The demo as an older version seeded it (French only), then edited by its owner.
      const media = demoProjects.flatMap((p, i) => (p.gallery ?? []).map((m) => ({ project_id: i + 1, image: m.image, caption: m.caption, alt: m.alt, pair: m.pair ?? '' })));
      await db.insertInto('project_media').values(media.map((m, i) => ({ ...m, position: i + 1 }))).execute();
      await db.updateTable('category').set({ name: 'Déco maison', name_key: 'déco maison' }).where('id', '=', 4).execute();
      await db.updateTable('project_type').set({ description: 'Des bancs, à ma façon.' }).where('id', '=', 1).execute();
      await db.updateTable('project').set({ name: 'Mon banc de parc' }).where('id', '=', 1).execute();
      const edited = await db.selectFrom('project_media').select('id').orderBy('id').executeTakeFirstOrThrow();
      await db.updateTable('project_media').set({ caption: 'Ma structure' }).where('id', '=', edited.id).execute();
      const site = { ...site0007, WelcomeTagline: 'Mon slogan à moi.', AboutServices: [site0007.AboutServices[0], { Title: 'Plomberie', Text: 'Mon texte.' }, site0007.AboutServices[2]] };
      await db.updateTable('site_document').set({ body: JSON.stringify(site) }).where('name', '=', 'site').execute();
      const menu = { ...demoMenu, Links: [{ Label: 'À propos', Href: '/about' }, demoMenu.Links[1]] };
      await db.updateTable('site_document').set({ body: JSON.stringify(menu) }).where('name', '=', 'menu').execute();

      await migrate(db);
      const english = async (table: string, id: number) => (await db.selectFrom(table).select(['name_en', 'description_en']).where('id', '=', id).executeTakeFirstOrThrow()) as object;
      expect(await db.selectFrom('category').select(['id', 'name_en']).where('id', 'in', [1, 4]).orderBy('id').execute()).toEqual([
        { id: 1, name_en: 'Outdoor projects' },
        { id: 4, name_en: '' },
      ]);
      // A record is translated whole or not at all: its name and description go together.
      expect(await english('project_type', 1)).toEqual({ name_en: '', description_en: '' });
      expect(await english('project_type', 2)).toEqual({ name_en: 'Raised garden beds', description_en: expect.stringMatching(/^Raised cedar planting boxes/) });
      expect(await english('project', 1)).toEqual({ name_en: '', description_en: '' });
      expect(await english('project', 2)).toEqual({ name_en: 'Storage bench for the deck', description_en: expect.stringMatching(/^Bench with a built-in chest/) });
      const items = await db.selectFrom('project_media').select(['id', 'caption_en', 'alt_en']).orderBy('id').execute();
      expect(items[0]).toEqual({ id: edited.id, caption_en: '', alt_en: '' });
      expect(items.slice(1).every((item: { caption_en: string; alt_en: string }) => item.caption_en !== '' && item.alt_en !== '')).toBe(true);
      const stored = async <T>(name: string): Promise<T> =>
        JSON.parse((await db.selectFrom('site_document').select('body').where('name', '=', name).executeTakeFirstOrThrow()).body as string) as T;
      const settings = await stored<SiteSettings>('site');
      expect(settings.En).toEqual({
        ...demoEnglish,
        WelcomeTagline: '',
        AboutServices: [siteEnglish0012.AboutServices[0], { Title: 'Plumbing', Text: '' }, siteEnglish0012.AboutServices[2]],
      });
      const links = (await stored<Menu>('menu')).Links;
      expect(links).toEqual([
        { Label: 'À propos', Href: '/about', En: { Label: '' } },
        { Label: 'Contactez-moi', Href: '/contact', En: { Label: 'Contact me' } },
      ]);
      // The requests sent before are French ones.
      expect((await db.selectFrom('quote').select('lang').execute()).length).toBe(0);
    } finally {
      await close();
    }
  });
});

describe('a write without En keeps the English texts; with En, replaces them', () => {
  test('categories', async () => {
    expect(await write('POST', '/api/category/', { Id: 0, Name: 'Cuisines', En: { Name: 'Kitchens' } })).toEqual(ok);
    const id = (await get<Category[]>('/api/category/all/')).find((c) => c.Name === 'Cuisines')?.Id as number;
    expect(await write('PUT', `/api/category/${id}`, { Id: id, Name: 'Cuisines sur mesure' })).toEqual(ok);
    expect((await get<Category[]>('/api/category/all/')).find((c) => c.Id === id)).toEqual({ Id: id, Name: 'Cuisines sur mesure', En: { Name: 'Kitchens' } });
    expect(await write('PUT', `/api/category/${id}`, { Id: id, Name: 'Cuisines sur mesure', En: { Name: 'Custom kitchens' } })).toEqual(ok);
    expect((await get<Category[]>('/api/category/all/')).find((c) => c.Id === id)?.En).toEqual({ Name: 'Custom kitchens' });
    expect(await write('PUT', `/api/category/${id}`, { Id: id, Name: 'Cuisines sur mesure', En: { Name: '' } })).toEqual(ok);
    expect((await get<Category[]>('/api/category/all/')).find((c) => c.Id === id)?.En).toEqual({ Name: '' });
    // A new one sent without En: not translated.
    expect(await write('POST', '/api/category/', { Id: 0, Name: 'Salles de bain' })).toEqual(ok);
    expect((await get<Category[]>('/api/category/all/')).find((c) => c.Name === 'Salles de bain')?.En).toEqual({ Name: '' });
  });

  test('project types', async () => {
    const type = { Id: 0, CategoryId: 2, Name: 'Serres de jardin', Description: 'Petites serres en cèdre.', Image: '' };
    expect(await write('POST', '/api/projecttype/', { ...type, En: { Name: 'Garden greenhouses', Description: 'Small cedar greenhouses.' } })).toEqual(ok);
    const read = async () => (await get<ProjectType[]>('/api/projecttype/2')).find((x) => x.Name.startsWith('Serres'));
    const id = (await read())?.Id as number;
    expect(await write('PUT', `/api/projecttype/${id}`, { ...type, Id: id, Name: 'Serres de jardin en cèdre' })).toEqual(ok);
    expect((await read())?.En).toEqual({ Name: 'Garden greenhouses', Description: 'Small cedar greenhouses.' });
    // The sub-type list reads the same En.
    expect(await write('POST', '/api/subtype/add/', { SrcId: 2, DestId: id })).toEqual(ok);
    expect((await get<ProjectType[]>('/api/subtype/2')).find((x) => x.Id === id)?.En).toEqual({ Name: 'Garden greenhouses', Description: 'Small cedar greenhouses.' });
    expect(await write('PUT', `/api/projecttype/${id}`, { ...type, Id: id, En: { Name: 'Cedar greenhouses', Description: '' } })).toEqual(ok);
    expect((await read())?.En).toEqual({ Name: 'Cedar greenhouses', Description: '' });
  });

  test('projects, their lists and the random draw', async () => {
    const project = { Id: 0, ProjectTypeId: 19, Name: 'Banc de lecture', Description: 'Un banc pour lire au soleil.', Image: 'banc-cedre-rouge.jpg' };
    const en = { Name: 'Reading bench', Description: 'A bench for reading in the sun.' };
    expect(await write('POST', '/api/project/', { ...project, En: en })).toEqual(ok);
    const id = (await get<ProjectView[]>('/api/projects/19')).find((p) => p.Name === 'Banc de lecture')?.Id as number;
    expect(await write('PUT', `/api/project/${id}`, { ...project, Id: id, Name: 'Banc de lecture en chêne' })).toEqual(ok);
    expect((await get<ProjectView>(`/api/project/${id}`)).En).toEqual(en);
    expect((await get<ProjectView[]>('/api/project/all/')).find((p) => p.Id === id)?.En).toEqual(en);
    expect((await get<ProjectView[]>('/api/projects/19')).find((p) => p.Id === id)?.En).toEqual(en);
    const drawn = await get<ProjectView[]>('/api/randomprojects/50');
    expect(drawn.find((p) => p.Id === id)?.En).toEqual(en);
    expect(drawn.every((p) => typeof p.En?.Name === 'string' && typeof p.En.Description === 'string')).toBe(true);
    expect(await write('PUT', `/api/project/${id}`, { ...project, Id: id, En: { Name: '', Description: '' } })).toEqual(ok);
    expect((await get<ProjectView>(`/api/project/${id}`)).En).toEqual({ Name: '', Description: '' });
  });

  test('a stored English text that today’s rule would refuse (a rule made stricter later) is still read, never a 500', async () => {
    // "Deck" is shorter than a project's name may be (7 characters): written before such a rule.
    const { ProjectTypeId } = await t.db.updateTable('project').set({ name_en: 'Deck' }).where('id', '=', 1).returning('project_type_id as ProjectTypeId').executeTakeFirstOrThrow();
    for (const url of ['/api/project/1', `/api/projects/${ProjectTypeId}`, '/api/project/all/', '/api/randomprojects/50']) {
      const res = await t.call('GET', url, { token });
      const body = res.json<ProjectView | ProjectView[]>();
      const read = (Array.isArray(body) ? body : [body]).find((p) => p.Id === 1);
      expect([url, res.statusCode, read?.En?.Name]).toEqual([url, 200, 'Deck']);
    }
  });

  test('gallery items', async () => {
    const item = { Image: 'buffet-chene.jpg', Caption: 'Le buffet ouvert', Alt: 'Buffet en chêne, portes ouvertes', Pair: '' as const };
    expect(await write('POST', '/api/project/3/gallery', { ...item, En: { Caption: 'The sideboard, open', Alt: 'Oak sideboard with its doors open' } })).toEqual(ok);
    const gallery = async () => (await get<ProjectView>('/api/project/3')).Gallery ?? [];
    const id = (await gallery())[0]?.Id as number;
    expect(await write('PUT', `/api/project/3/gallery/${id}`, { ...item, Caption: 'Le buffet, portes ouvertes' })).toEqual(ok);
    expect((await gallery())[0]?.En).toEqual({ Caption: 'The sideboard, open', Alt: 'Oak sideboard with its doors open' });
    expect((await get<GalleryItem[]>('/api/project/3/gallery'))[0]?.En).toEqual({ Caption: 'The sideboard, open', Alt: 'Oak sideboard with its doors open' });
    expect(await write('PUT', `/api/project/3/gallery/${id}`, { ...item, En: { Caption: '', Alt: 'An oak sideboard' } })).toEqual(ok);
    expect((await gallery())[0]?.En).toEqual({ Caption: '', Alt: 'An oak sideboard' });
    expect(await write('POST', '/api/project/3/gallery', { ...item, Image: 'casiers-condo.jpg' })).toEqual(ok);
    expect((await gallery())[1]?.En).toEqual({ Caption: '', Alt: '' });
  });

  test('the site’s settings: the specification’s call (no En) keeps them', async () => {
    const site = siteBody(await get<SiteSettings>('/api/site'));
    const french: SiteSettings = { ...site, En: undefined }; // sent without En (JSON leaves it out)
    expect(await write('PUT', '/api/site', { ...french, BusinessName: 'Atelier Bois et Maison inc.' })).toEqual(ok);
    expect((await get<SiteSettings>('/api/site')).En).toEqual(demoEnglish);
    const En = { ...demoEnglish, WelcomeTagline: 'Woodwork made in Gatineau.', Specialties: siteEnglish0012.Specialties.slice(0, 1), FooterServices: [] };
    expect(await write('PUT', '/api/site', { ...french, En })).toEqual(ok);
    expect((await get<SiteSettings>('/api/site')).En).toEqual(En);
  });

  test('the menu: each title and label sent without En keeps the English of its French text', async () => {
    const both = await get<Menu>('/api/menu/all/');
    // The specification's menu, French only, reordered: every English label follows its French one.
    const reordered: Menu = { Dropdowns: [...demoMenu.Dropdowns].reverse(), Links: [...demoMenu.Links].reverse() };
    expect(await write('PUT', '/api/menu', reordered)).toEqual(ok);
    const read = await get<Menu>('/api/menu');
    expect(read.Dropdowns.map((d) => d.En?.Title)).toEqual(['Decoration', 'Space optimization', 'Outdoor projects']);
    expect(read.Links).toEqual([...(both.Links ?? [])].reverse());
    // A French label changed without En: its English is gone (it translated the old one).
    const renamed: Menu = { ...demoMenu, Links: [{ Label: 'À propos de nous', Href: '/about' }, demoMenu.Links[1] as Menu['Links'][number]] };
    expect(await write('PUT', '/api/menu', renamed)).toEqual(ok);
    expect((await get<Menu>('/api/menu')).Links.map((l) => l.En)).toEqual([{ Label: '' }, { Label: 'Contact me' }]);
    // With En: replaced.
    const english: Menu = { ...demoMenu, Links: [{ Label: 'À propos de nous', Href: '/about', En: { Label: 'About us' } }, demoMenu.Links[1] as Menu['Links'][number]] };
    expect(await write('PUT', '/api/menu', english)).toEqual(ok);
    expect((await get<Menu>('/api/menu')).Links.map((l) => l.En)).toEqual([{ Label: 'About us' }, { Label: 'Contact me' }]);
  });
});

describe('rules beyond the schema', () => {
  test('a project whose English name is set has its English description: refused in French, nothing stored', async () => {
    const message =
      'Un projet dont le nom est traduit en anglais doit avoir aussi sa description en anglais (En.Description) : écrivez-la, ou videz le nom en anglais pour laisser le projet non traduit.';
    const project = { Id: 0, ProjectTypeId: 19, Name: 'Banc de lecture', Description: 'Un banc pour lire au soleil.', Image: 'banc-cedre-rouge.jpg' };
    await expectRefused('POST', '/api/project/', { ...project, En: { Name: 'Reading bench', Description: '' } }, 200, message);
    const demo = (await get<ProjectView[]>('/api/project/all/'))[0] as ProjectView;
    await expectRefused('PUT', `/api/project/${demo.Id}`, { ...projectBody(demo), En: { Name: 'A bench', Description: '' } }, 200, message);
    // A missing project is still a 404, whatever its English.
    const missing = await write('PUT', '/api/project/9999', { ...project, Id: 9999, En: { Name: 'Reading bench', Description: '' } });
    expect(missing.status).toBe(404);
    // A description without a name is kept for later: the project is not translated yet.
    expect(await write('POST', '/api/project/', { ...project, En: { Name: '', Description: 'A bench for reading.' } })).toEqual(ok);
  });

  test('the English cards and services pair with the French ones: never more of them', async () => {
    const site = siteBody(await get<SiteSettings>('/api/site'));
    const card = { Title: 'A card', Text: 'Its text.' };
    // The contract allows three of each, as many as the French ones: past it, the schema refuses.
    await expectRefused('PUT', '/api/site', { ...site, En: { ...siteEnglish0012, Specialties: [card, card, card, card] } }, 400,
      'La liste des cartes « Ce que nous faisons » en anglais (En.Specialties) doit contenir au plus 3 éléments.');
    // The service's own rule, should the French lists ever be shorter than the schema's maximum.
    const before = await snapshot(t.db);
    const refused = await updateSite(t.db, { ...site, AboutServices: site.AboutServices.slice(0, 2), En: siteEnglish0012 }, 2100);
    expect(refused).toEqual({
      Result: false,
      Message:
        'La liste des services « À propos » en anglais (En) compte 3 éléments et la française 2 : chaque texte anglais va avec l’élément français à la même position, il ne peut pas y en avoir plus.',
    });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('English texts refused by the contract: the French sentence of the French field’s rule', () => {
  const project = { Id: 0, ProjectTypeId: 19, Name: 'Banc de lecture', Description: 'Un banc pour lire au soleil.', Image: 'banc-cedre-rouge.jpg' };
  test.each([
    ['POST', '/api/category/', { Id: 0, Name: 'Cuisines', En: { Name: 'Kit' } }, 'Le nom en anglais (En.Name) doit contenir au moins 4 caractères.'],
    ['POST', '/api/category/', { Id: 0, Name: 'Cuisines', En: { Name: 'K'.repeat(51) } }, 'Le nom en anglais (En.Name) doit contenir au plus 50 caractères.'],
    ['POST', '/api/category/', { Id: 0, Name: 'Cuisines', En: {} }, 'Le nom en anglais (En.Name) est requis.'],
    ['POST', '/api/category/', { Id: 0, Name: 'Cuisines', En: 'Kitchens' }, 'La version anglaise (En) doit être un objet JSON.'],
    ['POST', '/api/category/', { Id: 0, Name: 'Cuisines', En: { Name: 'Kitchens', Nom: 'Cuisines' } }, "Le champ « Nom » n'est pas permis ici."],
    ['POST', '/api/project/', { ...project, En: { Name: 'Short', Description: 'A bench for reading.' } }, 'Le nom en anglais (En.Name) doit contenir au moins 7 caractères.'],
    ['POST', '/api/project/', { ...project, En: { Name: 'Reading\u0007bench', Description: 'A bench for reading.' } },
      "Le nom en anglais (En.Name) contient un caractère interdit (caractère de contrôle, invisible ou de sens d'écriture) : retirez-le et réessayez."],
    ['POST', '/api/project/', { ...project, En: { Name: 'Reading bench', Description: ' '.repeat(12) } }, "La description en anglais (En.Description) ne peut pas être fait seulement d'espaces."],
    ['POST', '/api/projecttype/', { Id: 0, CategoryId: 2, Name: 'Serres de jardin', Description: '', Image: '', En: { Name: 'Greenhouses', Description: 'x'.repeat(251) } },
      'La description en anglais (En.Description) doit contenir au plus 250 caractères.'],
    ['POST', '/api/project/3/gallery', { Image: 'buffet-chene.jpg', Caption: '', Alt: 'Un buffet', Pair: '', En: { Caption: '', Alt: 'An oak\u202Esideboard' } },
      "Le champ en anglais (En.Alt) contient un caractère interdit (caractère de contrôle, invisible ou de sens d'écriture) : retirez-le et réessayez."],
  ] as const)('%s %s %j', async (method, url, body, message) => {
    await expectRefused(method, url, body, 400, message);
  });

  test('the settings’ and the menu’s English texts', async () => {
    const site = siteBody(await get<SiteSettings>('/api/site'));
    await expectRefused('PUT', '/api/site', { ...site, En: { ...siteEnglish0012, WelcomeTagline: 'Woodwork\u202E' } }, 400,
      "Le slogan de l'accueil en anglais (En.WelcomeTagline) contient un caractère interdit (caractère de contrôle, invisible ou de sens d'écriture) : retirez-le et réessayez.");
    await expectRefused('PUT', '/api/site', { ...site, En: { ...siteEnglish0012, AreaServed: 'G' } }, 400, 'Le secteur desservi en anglais (En.AreaServed) doit contenir au moins 2 caractères.');
    const menu = await get<Menu>('/api/menu/all/');
    const [first, ...others] = menu.Links;
    await expectRefused('PUT', '/api/menu', { ...menu, Links: [{ ...first, En: { Label: 'x'.repeat(61) } }, ...others] }, 400,
      'Le libellé en anglais (En.Label) doit contenir au plus 60 caractères.');
  });
});

test('a write that changes only English texts drops the cached answers: the next read shows it, with a new ETag', async () => {
  const reads = ['/api/category/all/', '/api/projecttype/all/', '/api/project/1', '/api/site', '/api/menu'];
  const visit = (url: string, etag?: string) => t.app.inject({ url, headers: { cookie: 'XSRF-TOKEN=abc', ...(etag ? { 'if-none-match': etag } : {}) } });
  const etags = new Map<string, string>();
  for (const url of reads) {
    const first = await visit(url);
    etags.set(url, first.headers.etag as string);
    expect([url, (await visit(url, first.headers.etag as string)).statusCode]).toEqual([url, 304]);
  }
  const category = (await get<Category[]>('/api/category/all/')).find((c) => c.Id === 2) as Category;
  expect(await write('PUT', '/api/category/2', { ...category, En: { Name: 'Vegetable gardens' } })).toEqual(ok);
  const type = (await get<ProjectType[]>('/api/projecttype/all/'))[0] as ProjectType;
  expect(await write('PUT', `/api/projecttype/${type.Id}`, typeBody({ ...type, En: { Name: 'Benches for the garden', Description: '' } }))).toEqual(ok);
  const project = await get<ProjectView>('/api/project/1');
  expect(await write('PUT', '/api/project/1', projectBody({ ...project, En: { Name: 'A red cedar bench', Description: 'A bench.' } }))).toEqual(ok);
  const site = siteBody(await get<SiteSettings>('/api/site'));
  expect(await write('PUT', '/api/site', { ...site, En: { ...siteEnglish0012, WelcomeTagline: 'Woodwork made in Gatineau.' } })).toEqual(ok);
  const menu = await get<Menu>('/api/menu/all/');
  expect(await write('PUT', '/api/menu', { ...menu, Links: menu.Links.map((l) => ({ ...l, En: { Label: `${l.En?.Label ?? ''}!` } })) })).toEqual(ok);
  for (const url of reads) {
    const after = await visit(url, etags.get(url));
    expect([url, after.statusCode, after.headers.etag === etags.get(url)]).toEqual([url, 200, false]);
  }
  expect((await visit('/api/category/all/')).json<Category[]>().find((c) => c.Id === 2)?.En).toEqual({ Name: 'Vegetable gardens' });
  expect((await visit('/api/project/1')).json<ProjectView>().En).toEqual({ Name: 'A red cedar bench', Description: 'A bench.' });
  expect((await visit('/api/site')).json<SiteSettings>().En?.WelcomeTagline).toBe('Woodwork made in Gatineau.');
  expect((await visit('/api/menu')).json<Menu>().Links.map((l) => l.En?.Label)).toEqual(['About!', 'Contact me!']);
});

test('the demo menu’s English covers every title and label of the specification’s menu', () => {
  const french = [...demoMenu.Dropdowns.flatMap((d) => [d.Title, ...d.Entries.map((e) => e.Label)]), ...demoMenu.Links.map((l) => l.Label)];
  expect(french.filter((label) => !menuEnglish0012.has(label))).toEqual([]);
});
