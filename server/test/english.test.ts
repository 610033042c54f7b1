// The English site as the server answers it (issue 27): every public page at /en + its French
// path, in English, with <html lang="en-CA">; the link to the other language; hreflang alternates
// that name both pages, absolute and reciprocal, on the pages that exist in both languages; a
// record not translated yet answers in the English interface with its French texts marked, its
// canonical the French page; unknown English paths, other prefixes and other cases are not found.
import { buildServedSite, buildSiteDist, dropProjectTables, SITE_URL, type TestApp } from './helper.ts';

const PUBLIC_URL = SITE_URL;
beforeAll(buildSiteDist, 300_000);
let t: TestApp;
beforeEach(async () => (t = await buildServedSite()));
afterEach(() => t.close());

/**
 * The demo is translated in full (migration 0012): its English texts taken out, as on a site
 * whose owner has not written them yet. Straight in the database, before the app reads anything.
 */
async function untranslated(): Promise<void> {
  await t.db.updateTable('category').set({ name_en: '' }).execute();
  await t.db.updateTable('project_type').set({ name_en: '', description_en: '' }).execute();
  await t.db.updateTable('project').set({ name_en: '', description_en: '' }).execute();
  const row = await t.db.selectFrom('site_document').select('body').where('name', '=', 'site').executeTakeFirstOrThrow();
  const site = { ...(JSON.parse(row.body) as object), En: { AreaServed: '', WelcomeTagline: '', WelcomeIntro: '', Specialties: [], AboutIntro: '', AboutServices: [], FooterServices: [] } };
  await t.db.updateTable('site_document').set({ body: JSON.stringify(site) }).where('name', '=', 'site').execute();
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: 'XSRF-TOKEN=abc' } });

const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
const metas = (html: string, key: string) => [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g'))].map((m) => m[1]);
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
/** The hreflang alternates of a page, by language. */
const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]));
/** The header's link to the other language: its attributes and its text. */
const languageLink = (html: string) => {
  const match = /<a class="lang-switch" href="([^"]+)" hrefLang="([^"]+)" lang="([^"]+)">([^<]+)<\/a>/.exec(html);
  return match ? { href: match[1], hreflang: match[2], lang: match[3], text: match[4] } : null;
};
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);

describe('the fixed pages exist in both languages, each naming both', () => {
  test.each([
    ['/welcome', 'Atelier Bois et Maison — renovation and woodworking in Gatineau'],
    ['/about', 'About | Atelier Bois et Maison'],
    ['/contact', 'Contact me | Atelier Bois et Maison'],
    ['/confidentialite', 'Privacy policy | Atelier Bois et Maison'],
  ])('%s: the English page, its alternates absolute and reciprocal', async (path, title) => {
    const english = await get(`/en${path}`);
    const french = await get(path);
    expect(english.statusCode).toBe(200);
    expect(french.statusCode).toBe(200);
    expect(htmlLang(english.body)).toBe('en-CA');
    expect(htmlLang(french.body)).toBe('fr-CA');
    expect(english.body).toContain(`<title>${title}</title>`);
    const both = { 'fr-CA': `${PUBLIC_URL}${path}`, 'en-CA': `${PUBLIC_URL}/en${path}`, 'x-default': `${PUBLIC_URL}${path}` };
    expect(alternates(english.body)).toEqual(both);
    expect(alternates(french.body)).toEqual(both);
    expect(canonical(english.body)).toBe(`${PUBLIC_URL}/en${path}`);
    expect(canonical(french.body)).toBe(`${PUBLIC_URL}${path}`);
    expect(meta(english.body, 'og:url')).toBe(`${PUBLIC_URL}/en${path}`);
    expect(meta(english.body, 'og:locale')).toBe('en_CA');
    expect(metas(english.body, 'og:locale:alternate')).toEqual(['fr_CA']);
    expect(meta(french.body, 'og:locale')).toBe('fr_CA');
    expect(metas(french.body, 'og:locale:alternate')).toEqual(['en_CA']);
    // The header's link to the same page in the other language, a plain link.
    expect(languageLink(english.body)).toEqual({ href: path, hreflang: 'fr-CA', lang: 'fr-CA', text: 'Français' });
    expect(languageLink(french.body)).toEqual({ href: `/en${path}`, hreflang: 'en-CA', lang: 'en-CA', text: 'English' });
  });

  test('a page starts the texts of its language only: the English chunk on an English page, the French one on a French page and in the admin area', async () => {
    /** The script chunks a page's boot script starts (data-scripts, data-texts), by name (`fr`, `en`, `main`…). */
    const started = (html: string) => {
      const tag = /<script defer src=\S+ (data-[^>]*)>/.exec(html)?.[1] ?? '';
      return [...tag.matchAll(/\/static\/([a-z0-9]+)\.[0-9a-f]+\.js/g)].map((m) => m[1]);
    };
    for (const path of ['/welcome', '/project/1']) {
      const french = started((await get(path)).body);
      const english = started((await get(`/en${path}`)).body);
      expect(french).toContain('main');
      expect([french.includes('fr'), french.includes('en')]).toEqual([true, false]);
      expect([english.includes('fr'), english.includes('en')]).toEqual([false, true]);
      // Nothing of the application is fetched beside the page's photo (src/boot.ts).
      expect((await get(path)).body).not.toMatch(/<link rel="?preload"? as="?script/);
    }
    const admin = started((await get('/admin/login')).body);
    expect([admin.includes('fr'), admin.includes('en')]).toEqual([true, false]);
  });

  test('the English welcome page: its texts, its links in English, the owner’s texts marked French while not translated', async () => {
    await untranslated();
    const html = (await get('/en/welcome')).body;
    expect(h1(html)).toBe('Atelier Bois et Maison');
    expect(html).toContain('>Some of our work</h2>');
    expect(html).toContain('>What we do</h2>');
    expect(html).toMatch(/href="\/en\/contact"[^>]*>Ask for a quote<\/a>/);
    expect(html).toContain('>Skip to content</a>');
    expect(html).toContain('aria-label="Main menu"');
    // No owner's English text yet: shown in French, marked so.
    expect(html).toMatch(/<p class="hero-tagline" lang="fr-CA">/);
    expect(html).toMatch(/<ul class="footer-services" lang="fr-CA">/);
    // Every internal link stays in English; the carousel's links lead to the English project pages.
    const hrefs = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1] ?? '');
    expect(hrefs.filter((href) => href !== '/welcome' && !href.startsWith('/assets/'))).toEqual(
      hrefs.filter((href) => href.startsWith('/en')),
    );
    expect(hrefs.filter((href) => /^\/en\/project\/\d+$/.test(href)).length).toBeGreaterThanOrEqual(7);
    const [business] = jsonLd(html);
    expect(business).toMatchObject({ '@type': 'HomeAndConstructionBusiness', url: `${PUBLIC_URL}/en/welcome` });
  });

  test('the English contact page: its form in English, which says its language (with JavaScript or without)', async () => {
    const english = (await get('/en/contact')).body;
    expect(english).toContain('>Ask for a quote</h2>');
    expect(english).toContain('Send my request');
    expect(english).toContain('<input type="hidden" name="Lang" value="en"/>');
    expect(english).toMatch(/href="\/en\/confidentialite"[^>]*>Privacy policy<\/a>/);
    const french = (await get('/contact')).body;
    expect(french).not.toContain('name="Lang"');
    expect(french).toContain('Envoyer ma demande');
  });
});

describe('a record not translated yet', () => {
  beforeEach(untranslated);
  test('its English page answers in English with its French texts marked; its canonical is the French page; no alternates', async () => {
    const project = await t.db.selectFrom('project').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
    const english = await get('/en/project/3');
    expect(english.statusCode).toBe(200);
    expect(htmlLang(english.body)).toBe('en-CA');
    expect(h1(english.body)).toBe(`<span lang="fr-CA">${project.name}</span>`);
    expect(english.body).toContain(`<p lang="fr-CA">${project.description}</p>`);
    expect(english.body).toContain('<span aria-hidden="true">← </span>Back</button>');
    expect(canonical(english.body)).toBe(`${PUBLIC_URL}/project/3`);
    expect(meta(english.body, 'og:url')).toBe(`${PUBLIC_URL}/project/3`);
    expect(alternates(english.body)).toEqual({});
    expect(metas(english.body, 'og:locale:alternate')).toEqual([]);
    expect(meta(english.body, 'og:locale')).toBe('en_CA');
    // Its French page names no English one either.
    const french = await get('/project/3');
    expect(canonical(french.body)).toBe(`${PUBLIC_URL}/project/3`);
    expect(alternates(french.body)).toEqual({});
    expect(languageLink(french.body)).toMatchObject({ href: '/en/project/3', text: 'English' });
  });

  test('English lists show it by its French name, marked, linking to its English page', async () => {
    const html = (await get('/en/projecttype/1')).body;
    const projects = await t.db.selectFrom('project').select(['id', 'name']).where('project_type_id', '=', 1).where('published', '=', 1).execute();
    expect(projects.length).toBeGreaterThan(0);
    for (const { id, name } of projects) {
      expect(html).toContain(`href="/en/project/${id}"`);
      expect(html).toContain(`<span lang="fr-CA">${name}</span>`);
    }
  });
});

describe('a record the owner translates', () => {
  const En = { Name: 'Red cedar park bench', Description: 'A three-seat bench in red cedar, oiled, for a city park.' };
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  test('a new project is French first; once its English texts are written, its English page, title and link preview change at once', async () => {
    const { Token: token } = await t.login();
    const cover = await t.db.selectFrom('project').select('image').where('id', '=', 3).executeTakeFirstOrThrow();
    const french = { Id: 0, ProjectTypeId: 1, Name: 'Banc de parc en cèdre', Description: 'Un banc de trois places en cèdre rouge, huilé, pour un parc de la ville.', Image: cover.image };
    expect((await t.call('POST', '/api/project/', { token, body: french })).json()).toMatchObject({ Result: true });
    const { id } = await t.db.selectFrom('project').select('id').where('name', '=', french.Name).executeTakeFirstOrThrow();

    // Not translated yet: English interface, French texts marked, canonical the French page.
    let english = (await get(`/en/project/${id}`)).body;
    expect(h1(english)).toBe(`<span lang="fr-CA">${french.Name}</span>`);
    expect(canonical(english)).toBe(`${PUBLIC_URL}/project/${id}`);
    expect(alternates(english)).toEqual({});

    // The owner writes its English texts (the admin's editor sends the French ones with them).
    expect((await t.call('PUT', `/api/project/${id}`, { token, body: { ...french, Id: id, En } })).json()).toMatchObject({ Result: true });
    english = (await get(`/en/project/${id}`)).body;
    expect(h1(english)).toBe(En.Name);
    expect(english).toContain(`<p>${En.Description}</p>`);
    expect(title(english)).toBe(`${En.Name} | Atelier Bois et Maison`);
    expect(meta(english, 'og:title')).toContain(En.Name);
    expect(meta(english, 'og:description')).toContain(En.Description.slice(0, 40));
    expect(meta(english, 'og:image:alt')).toBe(`Atelier Bois et Maison — ${En.Name}`);
    expect(canonical(english)).toBe(`${PUBLIC_URL}/en/project/${id}`);
    const both = { 'fr-CA': `${PUBLIC_URL}/project/${id}`, 'en-CA': `${PUBLIC_URL}/en/project/${id}`, 'x-default': `${PUBLIC_URL}/project/${id}` };
    expect(alternates(english)).toEqual(both);
    const work = jsonLd(english).find((data) => data['@type'] === 'CreativeWork');
    expect(work).toMatchObject({ name: En.Name, inLanguage: 'en-CA', url: `${PUBLIC_URL}/en/project/${id}` });
    // The French page is unchanged but for naming its English twin.
    const frenchPage = (await get(`/project/${id}`)).body;
    expect(h1(frenchPage)).toBe(french.Name);
    // (its English texts travel only in the API answers handed to the browser, not in what it shows)
    expect(frenchPage.split('<script type="application/json"')[0]).not.toContain(En.Name);
    expect(alternates(frenchPage)).toEqual(both);
    expect(canonical(frenchPage)).toBe(`${PUBLIC_URL}/project/${id}`);

    // A later French-only write (a caller of the specification's call, without En) keeps the English.
    expect((await t.call('PUT', `/api/project/${id}`, { token, body: { ...french, Id: id, Name: 'Banc de parc en cèdre rouge' } })).json()).toMatchObject({ Result: true });
    expect(h1((await get(`/en/project/${id}`)).body)).toBe(En.Name);
    expect(h1((await get(`/project/${id}`)).body)).toBe('Banc de parc en cèdre rouge');
  });
});

describe('addresses', () => {
  test.each(['/en', '/en/'])('%s leads to the English welcome page', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/en/welcome');
  });

  test.each(['/en/nowhere', '/en/project/999999', '/en/project/abc', '/en/Welcome', '/en/en/welcome'])(
    '%s answers 404 with the English not-found page',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(htmlLang(res.body)).toBe('en-CA');
      expect(h1(res.body)).toBe('Page not found');
      expect(res.body).toContain('<title>Page not found | Atelier Bois et Maison</title>');
      expect(res.body).toMatch(/href="\/en\/welcome"[^>]*>Back to the home page<\/a>/);
    },
  );

  test.each(['/de/welcome', '/EN/welcome', '/english/welcome'])('%s is no language: 404, the French not-found page', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(htmlLang(res.body)).toBe('fr-CA');
    expect(h1(res.body)).toBe('Page introuvable');
  });

  test('an API failure while rendering an English page answers 503 in English, never a stack', async () => {
    await dropProjectTables(t);
    const res = await get('/en/project/3');
    expect(res.statusCode).toBe(503);
    expect(htmlLang(res.body)).toBe('en-CA');
    expect(res.body).toContain('An unexpected error occurred');
    expect(res.body).toContain('This content cannot be shown right now.');
    expect(res.body).not.toMatch(/SqliteError|no such table|at .*\.ts:\d+/);
  });
});
