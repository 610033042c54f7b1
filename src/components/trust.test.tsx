// What a customer checks before calling (issue 31), on the public pages, against the real API
// server and its demo business: the RBQ licence in every footer (a link to the RBQ's register)
// and on the contact page, the hours in full there and in short in the footer, the testimonials
// (the first three on the welcome page, a project's own on its page, all on the about page, as
// plain text, without stars), in French and in English; the JSON-LD and the compact hours alone.
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { startApiServerSignedIn, type ApiServer } from '../test/apiServer';
import { loadMessages } from '../lib/lang';
import { messages } from '../messages';
import { jsonLdOf } from '../app/jsonLd';
import { compactHours, dayOf, monthOf, RBQ_REGISTER } from '../lib/trust';
import type { SiteSettings, TestimonialView } from '../api/api.enhanced';

let server: ApiServer;
let token: string;
beforeAll(async () => {
  ({ server, token } = await startApiServerSignedIn());
  await loadMessages('en');
}, 30_000);
afterAll(() => server.close());

const footer = () => screen.getByRole('contentinfo');
const testimonialsOf = (name: string) => within(screen.getByRole('region', { name })).getAllByRole('listitem');

test('every page’s footer: « Licence RBQ : … » linked to the RBQ’s register, and the hours in short', async () => {
  renderWithProviders(null, { route: '/about', apiOrigin: server.origin });
  await screen.findByRole('heading', { level: 1, name: 'À propos de l’atelier' });
  const licence = within(footer()).getByRole('link', { name: /^Licence RBQ : 5678-1234-01/ });
  expect(licence).toHaveAttribute('href', RBQ_REGISTER);
  expect(within(footer()).getByText('Lun–ven 7 h 30–17 h · sam 9 h–12 h')).toBeInTheDocument();
});

test('contact: every day’s hours (closed ones said), the note, and the licence', async () => {
  renderWithProviders(null, { route: '/contact', apiOrigin: server.origin });
  const table = await screen.findByRole('table');
  expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
    'Lundi7 h 30–17 h',
    'Mardi7 h 30–17 h',
    'Mercredi7 h 30–17 h',
    'Jeudi7 h 30–17 h',
    'Vendredi7 h 30–17 h',
    'Samedi9 h–12 h',
    'DimancheFermé',
  ]);
  expect(screen.getByText('Sur rendez-vous le samedi')).toBeInTheDocument();
  const main = screen.getByRole('main');
  expect(within(main).getByRole('link', { name: /^Licence RBQ : 5678-1234-01/ })).toHaveAttribute('href', RBQ_REGISTER);
});

test('testimonials: the first three on the welcome page, all on the about page, a project’s own on its page; plain text, no stars', async () => {
  const all = await server.get<TestimonialView[]>('/api/testimonial/all/');
  const welcome = renderWithProviders(null, { route: '/welcome', apiOrigin: server.origin });
  await screen.findByRole('region', { name: 'Ce que disent nos clients' });
  const shown = testimonialsOf('Ce que disent nos clients');
  expect(shown.map((li) => within(li).getByRole('figure').querySelector('figcaption')?.textContent)).toEqual(
    all.slice(0, 3).map((x) => `${x.ClientName}, ${x.Place} · ${monthOf(messages.site.trust, x.Month)}`),
  );
  expect(shown[0]).toHaveTextContent('juillet 2025');
  expect(screen.queryByText(/★|☆|\/ ?5/)).not.toBeInTheDocument();
  welcome.unmount();

  const about = renderWithProviders(null, { route: '/about', apiOrigin: server.origin });
  await screen.findByRole('region', { name: 'Ce que disent nos clients' });
  expect(testimonialsOf('Ce que disent nos clients')).toHaveLength(all.length);
  about.unmount();

  const deck = all.find((x) => x.ClientName === 'Julie B.') as TestimonialView;
  renderWithProviders(null, { route: `/project/${String(deck.ProjectId)}`, apiOrigin: server.origin });
  await screen.findByRole('region', { name: 'Ce qu’en dit le client' });
  const items = testimonialsOf('Ce qu’en dit le client');
  expect(items).toHaveLength(1);
  expect(items[0]).toHaveTextContent(deck.Text);
});

test('a testimonial with markup-looking text and an unpublished one: the text shown as text, the unpublished one nowhere', async () => {
  const add = (body: object) => server.post('/api/testimonial/', { Id: 0, ClientName: 'Test T.', Place: 'Wakefield', Month: '2024-01', ProjectId: null, En: { Text: '' }, ...body }, token);
  expect(await (await add({ Text: 'Bravo & merci : « 5 étoiles » & plus', Published: true, Consent: true })).json()).toMatchObject({ Result: true });
  expect(await (await add({ Text: 'Pas encore publié, en attente.', Published: false, Consent: false })).json()).toMatchObject({ Result: true });
  renderWithProviders(null, { route: '/about', apiOrigin: server.origin });
  await screen.findByRole('region', { name: 'Ce que disent nos clients' });
  expect(screen.getByText('Bravo & merci : « 5 étoiles » & plus')).toBeInTheDocument();
  expect(screen.queryByText('Pas encore publié, en attente.')).not.toBeInTheDocument();
});

test('in English: the licence and hours in English, the testimonials’ English text', async () => {
  renderWithProviders(null, { route: '/en/about', apiOrigin: server.origin });
  await screen.findByRole('region', { name: 'What our clients say' });
  expect(within(footer()).getByRole('link', { name: /^RBQ licence: 5678-1234-01/ })).toHaveAttribute('href', RBQ_REGISTER);
  expect(within(footer()).getByText('Mon–Fri 7:30 a.m.–5 p.m. · Sat 9 a.m.–12 p.m.')).toBeInTheDocument();
  expect(screen.getByText(/^Our two-level deck is exactly what we drew up together/)).toBeInTheDocument();
});

describe('alone', () => {
  const t = messages.site.trust;
  const day = [{ Open: '08:00', Close: '12:00' }, { Open: '13:00', Close: '16:30' }];
  test('the compact hours: days with the same hours together, closed days left out', () => {
    expect(compactHours(t, [day, day, [], [], [], [], [{ Open: '10:00', Close: '14:00' }]])).toBe('Lun–mar 8 h–12 h, 13 h–16 h 30 · dim 10 h–14 h');
    expect(compactHours(t, [[], [], [], [], [], [], []])).toBe('');
    expect(compactHours(t, undefined)).toBe('');
  });

  test('the month of a testimonial and the days of the hours, in each language', async () => {
    const english = await loadMessages('en');
    expect(monthOf(t, '2025-07')).toBe('juillet 2025');
    expect(monthOf(t, '2024-12')).toBe('décembre 2024');
    expect(monthOf(english.site.trust, '2025-07')).toBe('July 2025');
    expect([dayOf(t, 0), dayOf(t, 6), dayOf(english.site.trust, 0), dayOf(english.site.trust, 6)]).toEqual(['Lundi', 'Dimanche', 'Monday', 'Sunday']);
  });

  test('the JSON-LD: the licence as a PropertyValue « Licence RBQ », the hours as openingHoursSpecification', async () => {
    const site = await server.get<SiteSettings>('/api/site');
    const ld = jsonLdOf({ type: 'business', site, lang: 'fr' }, 'https://exemple.ca');
    expect(ld.identifier).toEqual({ '@type': 'PropertyValue', name: 'Licence RBQ', value: '5678-1234-01' });
    expect(ld.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
        opens: '07:30',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '09:00', closes: '12:00' },
    ]);
    const exempt = jsonLdOf({ type: 'business', site: { ...site, RbqLicence: '', Hours: [[], [], [], [], [], [], []] }, lang: 'fr' }, 'https://exemple.ca');
    expect([exempt.identifier, exempt.openingHoursSpecification]).toEqual([undefined, undefined]);
  });
});
