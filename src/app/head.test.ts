// The head a page derives from its data: what a preview and a search engine read, escaped.
import { breadcrumbJsonLd, headTags, notFoundHead, scriptJson, shortDescription, withOrigin } from './head';

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
  const head = withOrigin(
    {
      title: 'Banc "rouge" <script>alert(1)</script>',
      description: 'a & b',
      path: '/project/3',
      type: 'article',
      image: { name: 'banc.jpg', alt: '"><img src=x>' },
      jsonLd: [breadcrumbJsonLd([{ name: '</script><script>alert(1)</script>', path: '/project/3' }])],
    },
    origin,
  );
  const html = headTags(head, origin);
  expect(html).toContain('<title>Banc &quot;rouge&quot; &lt;script&gt;alert(1)&lt;/script&gt;</title>');
  expect(html).toContain('<meta property="og:image:alt" content="&quot;&gt;&lt;img src=x&gt;">');
  expect(html).toContain('<meta name="description" content="a &amp; b">');
  expect(html.match(/<script/g)).toHaveLength(1);
  expect(html.match(/<\/script>/g)).toHaveLength(1);
  expect(JSON.parse(scriptJson({ a: '</script>' }))).toEqual({ a: '</script>' });
});

test('the breadcrumbs start at the welcome page, with absolute URLs', () => {
  expect(breadcrumbJsonLd([{ name: 'Potagers', path: '/typeslist/2' }])(origin)).toEqual({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: `${origin}/welcome` },
      { '@type': 'ListItem', position: 2, name: 'Potagers', item: `${origin}/typeslist/2` },
    ],
  });
});

test('the not-found head: its canonical is the path asked, the welcome photo its preview', () => {
  const html = headTags(withOrigin(notFoundHead('/nulle-part'), origin), origin);
  expect(html).toContain('<title>Page introuvable | Atelier Bois et Maison</title>');
  expect(html).toContain(`<link rel="canonical" href="${origin}/nulle-part">`);
  expect(html).toContain(`<meta property="og:image" content="${origin}/assets/og/accueil.jpg.jpg">`);
});
