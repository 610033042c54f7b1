import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { startApiServer, type ApiServer } from '../test/apiServer';
import { axeViolations } from '../test/axe';

// axe-core over every public page as rendered from the demo data of the real API server.
let api: ApiServer;
beforeAll(async () => {
  // The page's language comes from public/index.html, which jsdom does not load.
  const html = readFileSync(resolve(__dirname, '../../public/index.html'), 'utf8');
  document.documentElement.lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? '';
  expect(document.documentElement.lang).toBe('fr');
  api = await startApiServer();
}, 30_000);
afterAll(() => api.close());

const pages: [string, string, () => Promise<unknown>][] = [
  ['/welcome', 'welcome', () => screen.findByRole('region', { name: 'Projets en vedette' })],
  ['/typeslist/2', 'types list', () => screen.findByRole('link', { name: 'Potagers surélevés' })],
  ['/projecttype/22', 'project type with sub-types', () => screen.findByRole('region', { name: 'Voir aussi' })],
  ['/project/1', 'project', () => screen.findByRole('heading', { name: 'Banc de parc en cèdre rouge' })],
  ['/about', 'about', () => screen.findByRole('heading', { name: 'Électricité' })],
  ['/contact', 'contact', () => screen.findByRole('heading', { name: 'Contactez-moi' })],
  ['/project/9999', 'not found', () => screen.findByRole('heading', { name: 'Page introuvable' })],
];

test.each(pages)('%s (%s): no axe violation', async (route, _name, ready) => {
  renderWithProviders(null, { route, apiOrigin: api.origin });
  await ready();
  // The title follows the page's data a moment after its content (as in e2e/site.test.ts): axe
  // found no <title> when it ran in between (CI, under load).
  await waitFor(() => expect(document.title).not.toBe(''));
  expect(await axeViolations()).toEqual([]);
});

test('no axe violation with a drop-down open, nor with the photo popup open', async () => {
  const { user } = renderWithProviders(null, { route: '/welcome', apiOrigin: api.origin });
  // The carousel's dots appear once its script has replaced the server's preview.
  await screen.findByRole('button', { name: 'Afficher le projet 1 sur 7' });
  const carousel = screen.getByRole('region', { name: 'Projets en vedette' });
  await user.click(screen.getByRole('button', { name: 'Décoration' }));
  expect(await axeViolations()).toEqual([]);
  await user.click(carousel.querySelector('.slide-button') as HTMLElement);
  within(await screen.findByRole('dialog')).getByRole('button', { name: /Fermer/ });
  expect(await axeViolations()).toEqual([]);
});
