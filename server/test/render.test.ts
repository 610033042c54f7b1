// The public pages as the server answers them (the production build in dist/, built first when
// missing or stale): status codes, what a search engine and a link preview read (head tags,
// JSON-LD), the API cache handed to the browser, the page cache with its ETag and its
// invalidation by a write; /sitemap.xml, /robots.txt and the preview photos.
import sharp from 'sharp';
import { build, buildServedSite, buildSiteDist, dropProjectTables, siteDist, SITE_URL, type TestApp } from './helper.ts';

const PUBLIC_URL = SITE_URL;
beforeAll(buildSiteDist, 300_000);
let t: TestApp;
beforeEach(async () => (t = await buildServedSite()));
afterEach(() => t.close());

/** A visitor's request: the XSRF cookie of an earlier answer, so shared-cache rules apply. */
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: 'XSRF-TOKEN=abc', ...headers } });

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/:/g, ':')}" content="([^"]*)"`).exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);
const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
const cacheOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="cache-api">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
    queries: Record<string, { status: string; data?: unknown }>;
  } | null;

test('a project page arrives complete: name, description, photo, canonical, Open Graph, JSON-LD', async () => {
  const project = await t.db.selectFrom('project').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
  const res = await get('/project/3');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  const html = res.body;
  expect(h1(html)).toBe(project.name);
  expect(html).toContain(`<p>${project.description}</p>`);
  expect(html).toMatch(new RegExp(`<source type="image/avif" srcSet="/assets/images/${project.image}\\.320\\.avif 320w`));
  expect(html).toMatch(/<title>[^<]*\| Atelier Bois et Maison<\/title>/);
  expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/project/3">`);
  expect(meta(html, 'description')).toContain(project.name);
  expect(meta(html, 'og:title')).toContain(project.name);
  expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/project/3`);
  expect(meta(html, 'og:type')).toBe('article');
  expect(meta(html, 'og:locale')).toBe('fr_CA');
  expect(meta(html, 'og:site_name')).toBe('Atelier Bois et Maison');
  expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/assets/og/${project.image}.jpg`);
  expect(meta(html, 'og:image:width')).toBe('1200');
  expect(meta(html, 'og:image:height')).toBe('630');
  expect(meta(html, 'og:image:alt')).toContain(project.name);
  expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  const [breadcrumbs, work] = jsonLd(html);
  expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  const items = breadcrumbs?.itemListElement as Array<{ position: number; name: string; item: string }>;
  expect(items[0]).toMatchObject({ position: 1, name: 'Accueil', item: `${PUBLIC_URL}/welcome` });
  expect(items.at(-1)).toMatchObject({ name: project.name, item: `${PUBLIC_URL}/project/3` });
  expect(items.at(-2)?.item).toBe(`${PUBLIC_URL}/projecttype/${project.project_type_id}`);
  expect(work).toMatchObject({ '@type': 'CreativeWork', name: project.name, image: `${PUBLIC_URL}/assets/images/${project.image}` });
  // The API answers the page shows travel with it; no script the CSP would refuse.
  const cache = cacheOf(html);
  expect(cache?.queries['getProject({"id":3})']).toMatchObject({ status: 'fulfilled', data: { Id: 3, Name: project.name } });
  for (const script of html.match(/<script[^>]*>/g) ?? []) expect(script).toMatch(/ src=|type="application\/(ld\+)?json"/);
});

test('the welcome page: the business as JSON-LD, the carousel first slide and a link to every project drawn', async () => {
  const html = (await get('/welcome')).body;
  expect(h1(html)).toBe('Atelier Bois et Maison');
  const [business] = jsonLd(html);
  expect(business).toMatchObject({
    '@type': 'HomeAndConstructionBusiness',
    name: 'Atelier Bois et Maison',
    telephone: '+18195550142',
    email: 'info@exemple.ca',
    address: { addressLocality: 'Gatineau', addressRegion: 'Québec' },
    url: `${PUBLIC_URL}/welcome`,
    logo: `${PUBLIC_URL}/favicon.svg`,
    image: `${PUBLIC_URL}/assets/og/accueil.jpg.jpg`,
  });
  expect(business?.areaServed).toContain('Gatineau');
  const drawn = Object.values(cacheOf(html)?.queries ?? {}).find((q) => Array.isArray(q.data) && JSON.stringify(q.data).includes('ProjectTypeId'));
  const projects = drawn?.data as Array<{ Id: number; Name: string }>;
  expect(projects).toHaveLength(7);
  for (const project of projects) expect(html).toContain(`href="/project/${project.Id}"`);
  expect(html).toContain(`<p class="slide-caption"><a href="/project/${projects[0]?.Id}" data-discover="true">${projects[0]?.Name}</a></p>`);
  // The welcome photo is fetched before the scripts, on this page only.
  expect(html).toMatch(/<link rel="?preload"? as="?image"?/);
  expect((await get('/about')).body).not.toMatch(/<link rel="?preload"? as="?image"?/);
});

test.each([
  ['/welcome', 'Atelier Bois et Maison — rénovation et ébénisterie à Gatineau'],
  ['/about', 'À propos | Atelier Bois et Maison'],
  ['/contact', 'Contactez-moi | Atelier Bois et Maison'],
  ['/typeslist/2', 'Potagers | Atelier Bois et Maison'],
  ['/projecttype/1', 'Bancs de jardin | Atelier Bois et Maison'],
])('%s has its own title, description, canonical and preview', async (path, title) => {
  const res = await get(path);
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain(`<title>${title}</title>`);
  expect(meta(res.body, 'description')?.length).toBeGreaterThan(40);
  expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}">`);
  expect(meta(res.body, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/assets/og/.+\\.jpg$`));
  // The shell's notice that JavaScript is needed is not true of a rendered page; its only
  // <noscript> is the view's image (issue 30), of this very page.
  expect(res.body).not.toContain('besoin de JavaScript');
  expect(res.body.match(/<noscript>[\s\S]*?<\/noscript>/g)).toEqual([`<noscript><img class="visually-hidden" src="/api/stats/view?Path=${encodeURIComponent(path)}" alt="" width="1" height="1"/></noscript>`]);
});

test('types-list and project-type pages carry their breadcrumbs; contact the business', async () => {
  const [typesList] = jsonLd((await get('/typeslist/2')).body);
  expect((typesList?.itemListElement as unknown[]).length).toBe(2);
  const [type] = jsonLd((await get('/projecttype/1')).body);
  expect(type?.itemListElement).toEqual([
    expect.objectContaining({ name: 'Accueil' }),
    expect.objectContaining({ item: `${PUBLIC_URL}/typeslist/1` }),
    expect.objectContaining({ name: 'Bancs de jardin', item: `${PUBLIC_URL}/projecttype/1` }),
  ]);
  expect(jsonLd((await get('/contact')).body)[0]).toMatchObject({ '@type': 'HomeAndConstructionBusiness' });
});

test.each(['/project/999999', '/project/abc', '/nowhere', '/typeslist/0', '/projecttype/99999'])(
  '%s answers 404 with the French not-found page',
  async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(h1(res.body)).toBe('Page introuvable');
    expect(res.body).toContain('<title>Page introuvable | Atelier Bois et Maison</title>');
  },
);

test('an API failure while rendering answers 503 with a French page, never a stack', async () => {
  await dropProjectTables(t);
  const res = await get('/project/3');
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain('Une erreur inattendue est survenue');
  expect(res.body).toContain('Impossible d’afficher ce contenu pour le moment.');
  expect(res.body).not.toMatch(/SqliteError|no such table|at .*\.ts:\d+/);
  // Not kept: the next request renders again.
  expect((await get('/project/3')).statusCode).toBe(503);
});

test('absolute URLs fall back to the request origin, through a trusted proxy', async () => {
  await t.close();
  t = await build({ config: { distDir: siteDist, trustProxy: '127.0.0.1' } });
  const res = await get('/about', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'atelier.example.org' });
  expect(res.body).toContain('<link rel="canonical" href="https://atelier.example.org/about">');
  expect((await get('/robots.txt', { host: 'localhost:8080' })).body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
});

test('a rendered page carries an ETag, answers 304, and shared caches may keep it briefly', async () => {
  const first = await get('/project/3');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=15, stale-while-revalidate=30');
  const again = await get('/project/3', { 'if-none-match': etag });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  // A first visit gets its XSRF cookie with the page: that answer stays private.
  const fresh = await t.app.inject({ method: 'GET', url: '/project/3' });
  expect(fresh.headers['set-cookie']).toBeDefined();
  expect(fresh.headers['cache-control']).toBe('private, no-store');
  expect(fresh.body).toBe(first.body);
});

test('a write drops the rendered pages and the sitemap: the next answer shows it', async () => {
  await t.db.updateTable('project').set({ updated_at: 0 }).where('id', '=', 3).execute();
  const before = await get('/project/3');
  const sitemapBefore = (await get('/sitemap.xml')).body;
  expect(sitemapBefore).toContain(`<url><loc>${PUBLIC_URL}/project/3</loc><xhtml:link rel="alternate"`);
  const { Token } = await t.login();
  const project = await t.db.selectFrom('project').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
  const changed = await t.call('PUT', '/api/project/3', {
    token: Token,
    body: { Id: 3, ProjectTypeId: project.project_type_id, Name: 'Banc renommé', Description: project.description, Image: project.image },
  });
  expect(changed.json()).toMatchObject({ Result: true });
  const after = await get('/project/3', { 'if-none-match': before.headers.etag as string });
  expect(after.statusCode).toBe(200);
  expect(h1(after.body)).toBe('Banc renommé');
  expect(after.headers.etag).not.toBe(before.headers.etag);
  const today = new Date().toISOString().slice(0, 10);
  const sitemap = (await get('/sitemap.xml')).body;
  expect(sitemap).not.toBe(sitemapBefore);
  expect(sitemap).toContain(`<url><loc>${PUBLIC_URL}/project/3</loc><lastmod>${today}</lastmod><xhtml:link rel="alternate"`);
});

test('the owner changes the settings and the menu: every rendered page shows them at once', async () => {
  const before = await get('/about');
  const { Token } = await t.login();
  const site = (await t.call('GET', '/api/site')).json<Record<string, unknown>>();
  const changed = {
    ...site,
    BusinessName: 'Menuiserie Lavoie',
    Phone: '(613) 555-0199',
    Social: [{ Network: 'Instagram', Url: 'https://www.instagram.com/menuiserie.lavoie' }],
    AboutIntro: 'Premier paragraphe <script>alert(1)</script>.\nDeuxième paragraphe.',
    WelcomePhoto: 'banc-cedre-rouge.jpg',
    WelcomeIntro: 'Ligne un.\nLigne deux.',
    // The English about text named the demo business too (issue 27).
    En: { ...(site.En as Record<string, unknown>), AboutIntro: 'First paragraph.\nSecond paragraph.' },
  };
  expect((await t.call('PUT', '/api/site', { token: Token, body: changed })).json()).toMatchObject({ Result: true });
  const type = await t.db.insertInto('project_type').values({ name: 'Cabanons', description: '', image: '', category_id: 1 }).returning('id').executeTakeFirstOrThrow();
  const menu = (await t.call('GET', '/api/menu')).json<{ Dropdowns: Array<{ Title: string; Entries: Array<{ Label: string; Href: string }> }>; Links: unknown[] }>();
  menu.Dropdowns[0]?.Entries.push({ Label: 'Nos cabanons', Href: `/projecttype/${type.id}` });
  expect((await t.call('PUT', '/api/menu', { token: Token, body: menu })).json()).toMatchObject({ Result: true });

  const about = await get('/about', { 'if-none-match': before.headers.etag as string });
  expect(about.statusCode).toBe(200);
  expect(about.body).toContain('<title>À propos | Menuiserie Lavoie</title>');
  expect(about.body).toContain('<p>Premier paragraphe &lt;script&gt;alert(1)&lt;/script&gt;.</p><p>Deuxième paragraphe.</p>');
  expect(about.body).toContain('href="https://www.instagram.com/menuiserie.lavoie"');
  expect(about.body).toContain(`href="/projecttype/${type.id}" data-discover="true">Nos cabanons</a>`);
  expect(about.body).not.toContain('Atelier Bois et Maison');
  const welcome = (await get('/welcome')).body;
  expect(h1(welcome)).toBe('Menuiserie Lavoie');
  expect(welcome).toContain('<p class="hero-intro">Ligne un.</p><p class="hero-intro">Ligne deux.</p>');
  expect(meta(welcome, 'og:site_name')).toBe('Menuiserie Lavoie');
  expect(meta(welcome, 'og:image')).toBe(`${PUBLIC_URL}/assets/og/banc-cedre-rouge.jpg.jpg`);
  expect(jsonLd(welcome)[0]).toMatchObject({ name: 'Menuiserie Lavoie', telephone: '+16135550199', sameAs: ['https://www.instagram.com/menuiserie.lavoie'] });
  expect(welcome).toContain('imagesrcset="/assets/images/banc-cedre-rouge.jpg.320.avif 320w');
  const contact = (await get('/contact')).body;
  expect(contact).toContain('<a href="tel:+16135550199">(613) 555-0199</a>');
});

test('a project page carries its gallery: both photos of the comparison one after the other, the thumbnails, captions as text', async () => {
  const { Token } = await t.login();
  const add = (Image: string, Caption: string, Alt: string, Pair: string) =>
    t.call('POST', '/api/project/3/gallery', { token: Token, body: { Image, Caption, Alt, Pair } });
  expect((await add('salon-tons-chauds.jpg', 'Le mur <b>avant</b>', 'Mur gris', 'before')).json()).toMatchObject({ Result: true });
  expect((await add('chambre-vert-sauge.jpg', '', 'Mur repeint', 'after')).json()).toMatchObject({ Result: true });
  expect((await add('buffet-chene.jpg', 'Le buffet ouvert', 'Buffet aux portes ouvertes', '')).json()).toMatchObject({ Result: true });
  const html = (await get('/project/3')).body;
  expect(html).toContain('<h2 id="avant-apres">Avant et après</h2>');
  expect(html).toMatch(/<img src="\/assets\/images\/salon-tons-chauds\.jpg" alt="Avant : Mur gris"[^>]*loading="lazy"/);
  expect(html).toMatch(/<img src="\/assets\/images\/chambre-vert-sauge\.jpg" alt="Après : Mur repeint"[^>]*loading="lazy"/);
  expect(html).toContain('Avant : Le mur &lt;b&gt;avant&lt;/b&gt;');
  expect(html).toContain('aria-label="Agrandir : Buffet aux portes ouvertes"');
  expect(html).toContain('<figcaption>Le buffet ouvert</figcaption>');
  // The gallery is in the API cache handed to the browser: no second request.
  const cache = cacheOf(html);
  const project = Object.values(cache?.queries ?? {}).find((q) => (q.data as { Id?: number; Gallery?: unknown[] } | undefined)?.Gallery);
  expect((project?.data as { Gallery: unknown[] }).Gallery).toHaveLength(3);
});

test('a draft project is on no public page: its page answers 404, its type, the welcome page and the sitemap leave it out', async () => {
  const project = await t.db.selectFrom('project').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
  const typePage = `/projecttype/${project.project_type_id}`;
  expect((await get(typePage)).body).toContain('href="/project/3"');
  const { Token } = await t.login();
  const saved = await t.call('PUT', '/api/project/3', {
    token: Token,
    body: { Id: 3, ProjectTypeId: project.project_type_id, Name: project.name, Description: project.description, Image: project.image, Published: false },
  });
  expect(saved.json()).toMatchObject({ Result: true });

  const page = await get('/project/3');
  expect(page.statusCode).toBe(404);
  expect(h1(page.body)).toBe('Page introuvable');
  expect(page.body).not.toContain(project.name);
  const type = await get(typePage);
  expect(type.statusCode).toBe(200);
  expect(type.body).not.toContain('href="/project/3"');
  expect(type.body).not.toContain(project.name);
  for (let i = 0; i < 3; i++) expect((await get('/welcome')).body).not.toContain('href="/project/3"');
  expect((await get('/sitemap.xml')).body).not.toContain(`${PUBLIC_URL}/project/3<`);
});

test('/sitemap.xml lists every public page with its last change; /robots.txt names it', async () => {
  const res = await get('/sitemap.xml');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
  expect(res.headers.etag).toBeDefined();
  const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const ids = async (table: 'category' | 'project_type' | 'project') =>
    (await t.db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);
  const french = [
    `${PUBLIC_URL}/welcome`,
    `${PUBLIC_URL}/about`,
    `${PUBLIC_URL}/contact`,
    `${PUBLIC_URL}/confidentialite`,
    ...(await ids('category')).map((id) => `${PUBLIC_URL}/typeslist/${id}`),
    ...(await ids('project_type')).map((id) => `${PUBLIC_URL}/projecttype/${id}`),
    ...(await ids('project')).map((id) => `${PUBLIC_URL}/project/${id}`),
  ];
  // Then their English pages: the demo is translated in full (issue 27; server/test/sitemap.test.ts).
  expect(locs).toEqual([...french, ...french.map((loc) => loc.replace(PUBLIC_URL, `${PUBLIC_URL}/en`))]);
  expect(res.body).toMatch(/<loc>[^<]+\/project\/3<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
  expect((await get('/sitemap.xml', { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);

  const robots = await get('/robots.txt');
  expect(robots.statusCode).toBe(200);
  expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(robots.body).toContain('Disallow: /admin\n');
  expect(robots.body).toContain('Disallow: /api/\n');
  expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml\n`);
});

test('the last change of a record: set on insert and update, and on the page that lists it', async () => {
  const stamp = async (table: 'project' | 'project_type', id: number) =>
    Number((await t.db.selectFrom(table).select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at);
  await t.db.updateTable('project_type').set({ updated_at: 1 }).where('id', '=', 1).execute();
  expect(await stamp('project_type', 1)).toBe(1);
  const start = Date.now();
  await t.db.updateTable('project').set({ name: 'Nouveau nom' }).where('id', '=', 3).execute();
  expect(await stamp('project', 3)).toBeGreaterThanOrEqual(start - 1000);
  const project = await t.db.selectFrom('project').select('project_type_id').where('id', '=', 3).executeTakeFirstOrThrow();
  expect(await stamp('project_type', project.project_type_id)).toBeGreaterThanOrEqual(start - 1000);
});

test('the preview photo is a 1200×630 JPEG; an unknown one answers 404', async () => {
  const res = await get('/assets/og/accueil.jpg.jpg');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  const info = await sharp(res.rawPayload).metadata();
  expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
  expect((await get('/assets/og/absente.jpg.jpg')).statusCode).toBe(404);
});

test('one URL per page: another case or a trailing slash answers 301 to the page, query kept; one cache entry per page (issue 34)', async () => {
  for (const [path, location] of [
    ['/Welcome', '/welcome'],
    ['/welcome/', '/welcome'],
    ['/WELCOME/?utm_source=infolettre&x=1', '/welcome?utm_source=infolettre&x=1'],
    ['/project/1/', '/project/1'],
    ['/Confidentialite', '/confidentialite'],
    ['/%77elcome', '/welcome'],
    ['/en/welcome/', '/en/welcome'],
  ]) {
    const res = await get(path as string);
    expect([path, res.statusCode, res.headers.location]).toEqual([path, 301, location]);
  }
  const page = await get('/welcome');
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/welcome">`);
  // Not pages in any spelling: answered where they were asked.
  for (const path of ['/nowhere/', '/project/abc/', '/EN/welcome']) expect((await get(path)).statusCode).toBe(404);
  // The read cache holds the page once, under its own path.
  const keys: string[] = [];
  const { cache } = t.app.services;
  const get0 = cache.get.bind(cache);
  cache.get = ((key: string, load: () => Promise<unknown>, keep?: (value: unknown) => boolean) => {
    keys.push(key);
    return get0(key, load, keep);
  }) as typeof cache.get;
  await get('/Welcome');
  await get('/welcome/');
  await get('/welcome');
  expect(keys.filter((key) => key.startsWith('page '))).toEqual([`page ${PUBLIC_URL}/welcome`]);
});

test('/ leads to the welcome page; /admin stays a client page', async () => {
  const root = await get('/');
  expect(root.statusCode).toBe(301);
  expect(root.headers.location).toBe('/welcome');
  const admin = await get('/admin/project');
  expect(admin.statusCode).toBe(200);
  expect(admin.body).toMatch(/<div id="?root"?><\/div>/);
  expect(admin.body).not.toContain('cache-api');
});

test('the contact page carries a quote form token of this visit: rendered anew, kept by no cache', async () => {
  const token = (html: string) => /<input type="hidden" name="Token" value="([^"]*)"/.exec(html)?.[1];
  const first = await get('/contact');
  expect(first.statusCode).toBe(200);
  expect(first.headers['cache-control']).toBe('no-store');
  expect(first.headers.etag).toBeUndefined();
  expect(token(first.body)).toMatch(/^\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/); // moment, nonce (single-use, issue 34), signature
  expect(first.body).toContain('Envoyer ma demande');
  expect(meta(first.body, 'description')).toBeDefined();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const second = await get('/contact');
  expect(token(second.body)).not.toBe(token(first.body));
});

test('the privacy page arrives complete, with the retention period the server keeps requests for', async () => {
  const res = await get('/confidentialite');
  expect(res.statusCode).toBe(200);
  expect(h1(res.body)).toBe('Politique de confidentialité');
  expect(res.body).toMatch(/<title>Politique de confidentialité \| Atelier Bois et Maison<\/title>/);
  expect(res.body).toContain('conservées 365 jours');
});
