// « Statistiques » (issue 30) on scripted answers (the server's counting: server/test/stats.test.ts):
// the chart and the same numbers behind « Voir les données », the comparison with the period
// before, the top lists in words, a quote request's journey, the CSV, chosen dates checked.
import { screen, within } from '@testing-library/react';
import type { StatsReport } from '../../../api/adminApi';
import { loggedIn, renderWithProviders } from '../../../test/render';
import { startScriptedServer, type ScriptedServer } from '../../../test/scriptedServer';

const report: StatsReport = {
  From: '2026-11-23',
  To: '2026-11-25',
  Views: 30,
  Visitors: 12,
  Previous: { From: '2026-11-20', To: '2026-11-22', Views: 20, Visitors: 12 },
  Days: [
    { Day: '2026-11-23', Views: 5, Visitors: 2 },
    { Day: '2026-11-24', Views: 0, Visitors: 0 },
    { Day: '2026-11-25', Views: 25, Visitors: 10 },
  ],
  Pages: [{ Path: '/project/7', Views: 9 }, { Path: '/contact', Views: 4 }],
  Projects: [{ Id: 7, Name: 'Terrasse en cèdre', Views: 9 }],
  Referrers: [{ Host: 'google.com', Views: 6 }, { Host: 'voisin.example', Views: 1 }],
  Languages: [{ Lang: 'fr', Views: 25 }, { Lang: 'en', Views: 5 }],
  Devices: [{ Device: 'phone', Views: 20 }, { Device: 'computer', Views: 10 }],
  Quotes: [{ Id: 3, Created: Date.parse('2026-11-25T15:00:00Z'), Journey: ['google.com', '/project/7', '/contact'] }],
  RetentionDays: 395,
};

let scripted: ScriptedServer;
const asked: string[] = [];
beforeAll(async () => {
  scripted = await startScriptedServer(({ url }) => {
    if (url.startsWith('/api/stats/')) {
      asked.push(url);
      return { status: 200, body: report };
    }
    if (url === '/api/project/all/') return { status: 200, body: [{ Id: 7, Name: 'Terrasse en cèdre' }] };
    if (url === '/api/projecttype/all/' || url === '/api/category/all/') return { status: 200, body: [] };
    return undefined;
  });
});
afterAll(() => scripted.close());

test('the chart, and the same numbers as a table behind « Voir les données »; totals compared with the period before', async () => {
  const { user } = renderWithProviders(null, { route: '/admin/stats', apiOrigin: scripted.origin, preloadedState: loggedIn('jeton') });
  const chart = await screen.findByRole('img', { name: 'Visiteurs et pages vues par jour, du 23 novembre 2026 au 25 novembre 2026' });
  expect(chart.querySelectorAll('rect[data-day]')).toHaveLength(3);
  expect(screen.getByText(/12 visiteurs/).parentElement).toHaveTextContent('0 % par rapport à la période précédente (12)');
  expect(screen.getByText(/30 pages vues/).parentElement).toHaveTextContent('+50 % par rapport à la période précédente (20)');
  expect(screen.queryByRole('table', { name: 'Visiteurs et pages vues par jour' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Voir les données' }));
  const data = screen.getByRole('table', { name: 'Visiteurs et pages vues par jour' });
  const rows = within(data).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
  expect(rows).toEqual([['23 novembre 2026', '2', '5'], ['24 novembre 2026', '0', '0'], ['25 novembre 2026', '10', '25']]);
  expect(screen.getByRole('button', { name: 'Masquer les données' })).toHaveAttribute('aria-expanded', 'true');
  // The CSV of the daily totals.
  const csv = screen.getByRole('link', { name: 'Exporter les totaux par jour (CSV)' });
  expect(decodeURIComponent(csv.getAttribute('href')?.split(',')[1] ?? '')).toBe('Jour;Visiteurs;Pages vues\r\n2026-11-23;2;5\r\n2026-11-24;0;0\r\n2026-11-25;10;25');
});

test('top pages, projects, referring sites, languages and devices in words; a quote request with the visit that led to it', async () => {
  renderWithProviders(null, { route: '/admin/stats', apiOrigin: scripted.origin, preloadedState: loggedIn('jeton') });
  const table = async (name: string) => within(await screen.findByRole('table', { name })).getAllByRole('row').slice(1).map((row) => row.textContent);
  expect(await screen.findByText('Demande n° 3, 25 novembre 2026 — Arrivé par : Google → Terrasse en cèdre → Contact')).toBeInTheDocument();
  expect(await table('Pages les plus vues')).toEqual(['Terrasse en cèdre (/project/7)9', 'Contact (/contact)4']);
  expect(await table('Projets les plus vus')).toEqual(['Terrasse en cèdre9']);
  expect(await table('Sites d’où viennent les visiteurs')).toEqual(['Google (google.com)6', 'voisin.example1']);
  expect(await table('Langues')).toEqual(['Français25', 'Anglais5']);
  expect(await table('Appareils')).toEqual(['Téléphone20', 'Ordinateur10']);
});

test('periods: 30 days first, then 7 days or 12 months; chosen dates in reverse or over 366 days refused in French, never asked', async () => {
  const { user } = renderWithProviders(null, { route: '/admin/stats', apiOrigin: scripted.origin, preloadedState: loggedIn('jeton') });
  await screen.findByRole('img');
  const span = (url: string) => {
    const q = new URL(url, 'http://x').searchParams;
    return (Date.parse(String(q.get('to'))) - Date.parse(String(q.get('from')))) / 86_400_000 + 1;
  };
  expect(span(asked.at(-1) ?? '')).toBe(30);
  await user.click(screen.getByRole('radio', { name: '7 derniers jours' }));
  await screen.findByRole('img');
  expect(span(asked.at(-1) ?? '')).toBe(7);
  await user.click(screen.getByRole('radio', { name: '12 derniers mois' }));
  await screen.findByRole('img');
  expect(span(asked.at(-1) ?? '')).toBe(365);
  await user.click(screen.getByRole('radio', { name: 'Dates choisies' }));
  const count = asked.length;
  const from = screen.getByLabelText('Du');
  const to = screen.getByLabelText('au');
  await user.clear(from);
  await user.type(from, '2026-11-25');
  await user.clear(to);
  await user.type(to, '2026-11-01');
  await user.click(screen.getByRole('button', { name: 'Afficher' }));
  expect(screen.getByRole('alert')).toHaveTextContent('La date de début doit précéder la date de fin.');
  await user.clear(from);
  await user.type(from, '2024-01-01');
  await user.click(screen.getByRole('button', { name: 'Afficher' }));
  expect(screen.getByRole('alert')).toHaveTextContent('La période choisie ne peut dépasser 366 jours.');
  expect(asked).toHaveLength(count);
  await user.clear(from);
  await user.type(from, '2026-10-01');
  await user.click(screen.getByRole('button', { name: 'Afficher' }));
  expect(screen.queryByRole('alert')).toBeNull();
  await screen.findByRole('img');
  expect(asked.at(-1)).toBe('/api/stats/?from=2026-10-01&to=2026-11-01');
});

test('the admin menu links to « Statistiques »', async () => {
  renderWithProviders(null, { route: '/admin', apiOrigin: scripted.origin, preloadedState: loggedIn('jeton') });
  expect(await screen.findByRole('link', { name: 'Statistiques' })).toHaveAttribute('href', '/admin/stats');
});
