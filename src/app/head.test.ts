// The head a page derives from its data: what a preview and a search engine read, escaped.
import { headTags, heroPreload, notFoundHead, scriptJson, shortDescription } from './head';
import { jsonLdOf } from './jsonLd';
import { testSite } from '../test/site';

const origin = 'https://www.exemple.ca';

test('a long description is cut at a word, under 160 characters, with an ellipsis', () => {
  const text = 'Banc hexagonal construit autour d’un vieil érable, '.repeat(6);
  const short = shortDescription(text);
  expect(short.length).toBeLessThanOrEqual(160);
  expect(short.endsWith('…')).toBe(true);
  expect(text.startsWith(short.slice(0, -1))).toBe(true);
  expect(shortDescription('  Court,\n  sur deux lignes. ')).toBe('Court, sur deux lignes.');
});

test('stored text cannot leave its attribute or its script element', () => {
  const head = {
    title: 'Banc "rouge" <script>alert(1)</script>',
    description: 'a & b',
    path: '/project/3',
    type: 'article' as const,
    siteName: 'Atelier <b>',
    image: { name: 'banc.jpg', alt: '"><img src=x>' },
    jsonLd: [{ type: 'breadcrumb' as const, trail: [{ name: '</script><script>alert(1)</script>', path: '/project/3' }], lang: 'fr' as const }],
  };
  const html = headTags(head, origin);
  expect(html).toContain('<title>Banc &quot;rouge&quot; &lt;script&gt;alert(1)&lt;/script&gt;</title>');
  expect(html).toContain('<meta property="og:image:alt" content="&quot;&gt;&lt;img src=x&gt;">');
  expect(html).toContain('<meta name="description" content="a &amp; b">');
  expect(html).toContain('<meta property="og:site_name" content="Atelier &lt;b&gt;">');
  expect(html.match(/<script/g)).toHaveLength(1);
  expect(html.match(/<\/script>/g)).toHaveLength(1);
  expect(JSON.parse(scriptJson({ a: '</script>' }))).toEqual({ a: '</script>' });
});

test('the breadcrumbs start at the welcome page, with absolute URLs', () => {
  expect(jsonLdOf({ type: 'breadcrumb', trail: [{ name: 'Potagers', path: '/typeslist/2' }], lang: 'fr' }, origin)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: `${origin}/welcome` },
      { '@type': 'ListItem', position: 2, name: 'Potagers', item: `${origin}/typeslist/2` },
    ],
  });
});

test('the not-found head: its canonical is the path asked, the welcome photo of the settings its preview', () => {
  const site = { ...testSite, WelcomePhoto: 'terrasse.jpg' };
  const html = headTags(notFoundHead('/nulle-part', site), origin);
  expect(html).toContain('<title>Page introuvable | Menuiserie Lavoie</title>');
  expect(html).toContain(`<link rel="canonical" href="${origin}/nulle-part">`);
  expect(html).toContain(`<meta property="og:image" content="${origin}/assets/og/terrasse.jpg.jpg">`);
  expect(html).toContain('<meta property="og:site_name" content="Menuiserie Lavoie">');
});

test('the business as schema.org reads it comes from the site settings', () => {
  expect(jsonLdOf({ type: 'business', site: testSite, lang: 'fr' }, origin)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: 'Menuiserie Lavoie',
    telephone: '+16135550199',
    email: 'bonjour@lavoie.test',
    address: {
      '@type': 'PostalAddress',
      streetAddress: '12, rue Principale',
      addressLocality: 'Chelsea',
      addressRegion: 'Québec',
      postalCode: 'J9B 1A1',
      addressCountry: 'CA',
    },
    areaServed: 'Chelsea et les collines',
    foundingDate: '2019',
    url: `${origin}/welcome`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/assets/og/accueil.jpg.jpg`,
    sameAs: ['https://www.instagram.com/menuiserie.lavoie', 'https://www.facebook.com/menuiserie.lavoie'],
  });
});

test('the welcome page preloads the welcome photo of the settings, in the variants the server made', () => {
  const site = { ...testSite, WelcomePhoto: 'terrasse.jpg', PhotoMedia: { Welcome: { Type: 'image/jpeg', Width: 1200, Height: 900, Widths: [320, 640] } } };
  const head = { title: 't', siteName: 's', description: 'd', path: '/welcome', type: 'website' as const, image: { name: 'terrasse.jpg', alt: '' }, jsonLd: [], preload: heroPreload(site) };
  expect(headTags(head, origin)).toMatch(
    /^<link rel="preload" as="image" type="image\/avif" fetchpriority="high" imagesizes="100vw" imagesrcset="\/assets\/images\/terrasse\.jpg\.320\.avif 320w, \/assets\/images\/terrasse\.jpg\.640\.avif 640w"><link rel="preload" as="font" type="font\/woff2" crossorigin href="[^"]+"><title>/,
  );
  expect(heroPreload(testSite)).toBeUndefined(); // no PhotoMedia: nothing to preload
});
