// /sitemap.xml in two languages (issue 27), in Google's format for localized pages: the French
// pages as before, plus the English pages of the fixed pages and of the translated records; every
// URL of a page that has both lists the same three alternates (fr-CA, en-CA, x-default: the
// French page), itself included, absolute on PUBLIC_URL; a record not yet translated has its
// French URL alone, without alternates.
import type { Category, MutationResult, ProjectView } from '../../contract/api.ts';
import { build, type TestApp } from './helper.ts';

const PUBLIC_URL = 'https://www.exemple.ca';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await build({ config: { publicUrl: PUBLIC_URL } });
  token = (await t.login()).Token;
});
afterEach(() => t.close());

interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
  /** hreflang → href, in the order written. */
  alternates: Array<[string, string]>;
}

/** The <url> entries of the sitemap, read as a crawler would. */
async function sitemap(): Promise<{ xml: string; urls: SitemapUrl[] }> {
  const res = await t.app.inject({ url: '/sitemap.xml' });
  expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/xml; charset=utf-8']);
  const xml = res.body;
  const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, body = '']) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(body)?.[1] ?? '',
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(body)?.[1],
    alternates: [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang = '', href = '']): [string, string] => [lang, href]),
  }));
  return { xml, urls };
}

const both = (path: string): Array<[string, string]> => [
  ['fr-CA', `${PUBLIC_URL}${path}`],
  ['en-CA', `${PUBLIC_URL}/en${path}`],
  ['x-default', `${PUBLIC_URL}${path}`],
];

test('the demo, translated in full: every page in both languages, alternates reciprocal and absolute', async () => {
  const { xml, urls } = await sitemap();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n')).toBe(true);
  const french = urls.filter((u) => !u.loc.startsWith(`${PUBLIC_URL}/en/`));
  const english = urls.filter((u) => u.loc.startsWith(`${PUBLIC_URL}/en/`));
  // The French pages as before, in their order, then their English pages in the same order.
  const projects = (await t.call('GET', '/api/project/all/')).json<ProjectView[]>();
  expect(french.map((u) => u.loc.slice(PUBLIC_URL.length)).slice(0, 5)).toEqual(['/welcome', '/about', '/contact', '/confidentialite', '/typeslist/1']);
  expect(french.filter((u) => u.loc.includes('/project/'))).toHaveLength(projects.length);
  expect(english.map((u) => u.loc)).toEqual(french.map((u) => u.loc.replace(PUBLIC_URL, `${PUBLIC_URL}/en`)));
  const locs = new Set(urls.map((u) => u.loc));
  for (const url of urls) {
    const path = url.loc.replace(PUBLIC_URL, '').replace(/^\/en\//, '/');
    // Each lists the three alternates, itself among them; each alternate is a URL of the sitemap
    // that lists the same three (reciprocal), all absolute on PUBLIC_URL.
    expect([url.loc, url.alternates]).toEqual([url.loc, both(path)]);
    for (const [, href] of url.alternates) {
      expect(locs.has(href)).toBe(true);
      expect(urls.find((u) => u.loc === href)?.alternates).toEqual(url.alternates);
    }
    // An English page changes when its record does: the same lastmod as its French one.
    if (url.loc.startsWith(`${PUBLIC_URL}/en/`)) expect(url.lastmod).toBe(urls.find((u) => u.loc === `${PUBLIC_URL}${path}`)?.lastmod);
  }
});

test('a record not yet translated: its French URL alone, without alternates; translated, both at once', async () => {
  const category = (await t.call('GET', '/api/category/all/')).json<Category[]>().find((c) => c.Id === 2) as Category;
  const untranslate = await t.call('PUT', '/api/category/2', { token, body: { ...category, En: { Name: '' } } });
  expect(untranslate.json<MutationResult>().Result).toBe(true);
  expect((await t.call('POST', '/api/category/', { token, body: { Id: 0, Name: 'Cuisines' } })).json<MutationResult>().Result).toBe(true);
  const id = (await t.call('GET', '/api/category/all/')).json<Category[]>().find((c) => c.Name === 'Cuisines')?.Id as number;

  const first = await sitemap();
  const xml = first.xml;
  let urls = first.urls;
  for (const path of ['/typeslist/2', `/typeslist/${id}`]) {
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}${path}`)?.alternates).toEqual([]);
    expect(urls.find((u) => u.loc === `${PUBLIC_URL}/en${path}`)).toBeUndefined();
    expect(xml).not.toContain(`${PUBLIC_URL}/en${path}<`);
  }
  // The untranslated category's entry reads exactly as before issue 27.
  expect(xml).toMatch(new RegExp(`<url><loc>${PUBLIC_URL}/typeslist/${id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\d</lastmod></url>`));
  // Its types and projects, translated, keep both languages.
  expect(urls.find((u) => u.loc === `${PUBLIC_URL}/projecttype/2`)?.alternates).toEqual(both('/projecttype/2'));

  const translate = await t.call('PUT', `/api/category/${id}`, { token, body: { Id: id, Name: 'Cuisines', En: { Name: 'Kitchens' } } });
  expect(translate.json<MutationResult>().Result).toBe(true);
  ({ urls } = await sitemap());
  expect(urls.find((u) => u.loc === `${PUBLIC_URL}/typeslist/${id}`)?.alternates).toEqual(both(`/typeslist/${id}`));
  expect(urls.find((u) => u.loc === `${PUBLIC_URL}/en/typeslist/${id}`)?.alternates).toEqual(both(`/typeslist/${id}`));
});

test('a draft is in neither language; a published project translated later appears in English', async () => {
  const body = { Id: 0, ProjectTypeId: 19, Name: 'Banc de lecture', Description: 'Un banc pour lire au soleil.', Image: 'banc-cedre-rouge.jpg' };
  expect((await t.call('POST', '/api/project/', { token, body: { ...body, Published: false, En: { Name: 'Reading bench', Description: 'A bench.' } } })).json<MutationResult>().Result).toBe(true);
  const id = (await t.call('GET', '/api/project/all/', { token })).json<ProjectView[]>().find((p) => p.Name === 'Banc de lecture')?.Id as number;
  let { urls } = await sitemap();
  expect(urls.filter((u) => u.loc.endsWith(`/project/${id}`))).toEqual([]);
  expect((await t.call('PUT', `/api/project/${id}`, { token, body: { ...body, Id: id } })).json<MutationResult>().Result).toBe(true);
  // Published, written without En: its English kept, so both languages.
  ({ urls } = await sitemap());
  expect(urls.filter((u) => u.loc.endsWith(`/project/${id}`)).map((u) => u.loc)).toEqual([`${PUBLIC_URL}/project/${id}`, `${PUBLIC_URL}/en/project/${id}`]);
});
