import { screen, waitFor, within } from '@testing-library/react';
import { Layout } from './Layout';
import { pageOutcome } from './router';
import { copyrightYears } from '../components/SiteFooter';
import { renderWithProviders } from '../test/render';
import { startScriptedServer, type ScriptedServer } from '../test/scriptedServer';
import { demoMenu } from '../../contract/menu';
import { testSite } from '../test/site';

// The layout around a stand-in page, so these tests depend on the menu and footer only.
const layoutRoutes = [
  {
    element: <Layout outcome={pageOutcome} data={() => []} />,
    children: [{ path: '*', element: <p>Contenu de la page</p> }],
  },
];

let api: ScriptedServer;
beforeAll(async () => {
  // GET /api/menu answers the table of the spec (a fresh install's); GET /api/site another business than the demo's.
  api = await startScriptedServer(() => undefined);
});
afterAll(() => api.close());

/** The layout, once the site's settings and the menu have arrived. */
async function renderLayout(route = '/welcome', origin = api.origin) {
  const view = renderWithProviders(null, { routes: layoutRoutes, route, apiOrigin: origin });
  await screen.findByRole('banner');
  await within(screen.getByRole('navigation', { name: 'Menu principal' })).findAllByRole('button');
  return view;
}

const menuTable: [string, string, string][] = [
  ['Projets extérieurs', 'Bancs', '/projecttype/1'],
  ['Projets extérieurs', 'Potagers', '/typeslist/2'],
  ['Projets extérieurs', 'Terrasses', '/typeslist/6'],
  ["Optimisation de l'espace", 'Casiers familial', '/projecttype/19'],
  ["Optimisation de l'espace", 'Porte-documents', '/projecttype/20'],
  ["Optimisation de l'espace", 'Salle de lavage', '/projecttype/21'],
  ["Optimisation de l'espace", 'Étagères', '/projecttype/22'],
  ['Décoration', 'Tablettes', '/typeslist/11'],
  ['Décoration', 'Boîtes et coffres', '/projecttype/23'],
  ['Décoration', 'Besoin spécifique', '/typeslist/15'],
  ['Décoration', 'Plancher flottant', '/projecttype/24'],
  ['Décoration', 'Porte-clés mural', '/projecttype/25'],
];

/** The layout, with the drop-down `title` opened by a click on its button. */
async function openDropDown(title: string) {
  const view = await renderLayout();
  const button = screen.getByRole('button', { name: title });
  await view.user.click(button);
  return { ...view, button };
}

describe('the menu', () => {
  test('has the logo linking to /, three closed drop-downs and the two right-side links', async () => {
    await renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(screen.getByRole('link', { name: `${testSite.BusinessName} — accueil` })).toHaveAttribute('href', '/');
    for (const title of ['Projets extérieurs', "Optimisation de l'espace", 'Décoration']) {
      expect(within(nav).getByRole('button', { name: title })).toHaveAttribute('aria-expanded', 'false');
    }
    expect(within(nav).queryByRole('link', { name: 'Bancs' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'A Propos' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Contactez-moi' })).toHaveAttribute('href', '/contact');
  });

  test.each(['Projets extérieurs', "Optimisation de l'espace", 'Décoration'])(
    'the drop-down « %s » opens on click with exactly the entries of the spec',
    async (title) => {
      const { button } = await openDropDown(title);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(panel).toBeVisible();
      const links = within(panel as HTMLElement).getAllByRole('link');
      const expected = menuTable.filter(([dropdown]) => dropdown === title);
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
        expected.map(([, label, href]) => [label, href]),
      );
    },
  );

  test('a click outside closes the open drop-down', async () => {
    const { user, button } = await openDropDown('Décoration');
    expect(screen.getByRole('link', { name: 'Tablettes' })).toBeVisible();
    await user.click(screen.getByText('Contenu de la page'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Tablettes' })).not.toBeInTheDocument();
  });

  test('Escape closes the drop-down and puts the focus back on its button', async () => {
    const { user, button } = await openDropDown("Optimisation de l'espace");
    await user.tab();
    expect(screen.getByRole('link', { name: 'Casiers familial' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  test('Tab walks through the entries, and closes the drop-down when it leaves it', async () => {
    const { user, button } = await openDropDown('Projets extérieurs');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Terrasses' })).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('button', { name: "Optimisation de l'espace" })).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Bancs' })).not.toBeInTheDocument();
  });

  test('Shift+Tab out of an open drop-down closes it too', async () => {
    const { user, button } = await openDropDown('Décoration');
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: "Optimisation de l'espace" })).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('opening a drop-down closes the other one; choosing an entry navigates and closes', async () => {
    const { user, router } = await renderLayout();
    const outdoor = screen.getByRole('button', { name: 'Projets extérieurs' });
    const decoration = screen.getByRole('button', { name: 'Décoration' });
    await user.click(outdoor);
    await user.click(decoration);
    expect(outdoor).toHaveAttribute('aria-expanded', 'false');
    expect(decoration).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Plancher flottant' }));
    expect(router.state.location.pathname).toBe('/projecttype/24');
    expect(decoration).toHaveAttribute('aria-expanded', 'false');
  });

  test('on a phone the « Menu » button folds and unfolds the menu, Escape folds it', async () => {
    const { user } = await renderLayout();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('is-open');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  test('shows the menu GET /api/menu answers (the owner’s), nothing of the spec’s table', async () => {
    const owners = { Dropdowns: [{ Title: 'Projets spéciaux', Entries: [{ Label: 'Cabanons', Href: '/projecttype/30' }] }], Links: demoMenu.Links };
    const other = await startScriptedServer((seen) => (seen.url === '/api/menu' ? { status: 200, body: owners } : undefined));
    try {
      const { user } = await renderLayout('/welcome', other.origin);
      await user.click(screen.getByRole('button', { name: 'Projets spéciaux' }));
      expect(screen.getByRole('link', { name: 'Cabanons' })).toHaveAttribute('href', '/projecttype/30');
      expect(screen.queryByRole('button', { name: 'Projets extérieurs' })).not.toBeInTheDocument();
    } finally {
      await other.close();
    }
  });
});

describe('the footer', () => {
  test('shows the business of the site settings: contact block, every social link, its services, the copyright years', async () => {
    await renderLayout();
    const footer = screen.getByRole('contentinfo');
    const contact = within(footer).getByRole('region', { name: 'Nous joindre' });
    expect(within(contact).getByText('Menuiserie Lavoie')).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'bonjour@lavoie.test' })).toHaveAttribute('href', 'mailto:bonjour@lavoie.test');
    expect(within(contact).getByRole('link', { name: 'Notre page Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/menuiserie.lavoie');
    expect(within(contact).getByRole('link', { name: 'Notre page Facebook' })).toHaveAttribute('href', 'https://www.facebook.com/menuiserie.lavoie');
    expect(within(contact).getByText('Chelsea, Québec')).toBeInTheDocument();
    const services = within(within(footer).getByRole('region', { name: 'Services' })).getAllByRole('listitem');
    expect(services.map((item) => item.textContent)).toEqual(['Escaliers', 'Armoires']);
    const year = new Date().getFullYear();
    expect(within(footer).getByText(`© 2019–${year} Menuiserie Lavoie. Tous droits réservés.`)).toBeInTheDocument();
    expect(screen.queryByText(/Atelier Bois et Maison|Gatineau/)).not.toBeInTheDocument();
  });

  test('the copyright line says the first year alone that year, then a range', () => {
    expect(copyrightYears(2022, 2022)).toBe('2022');
    expect(copyrightYears(2026, 2022)).toBe('2022–2026');
  });
});

test.each(['/admin', '/admin/login', '/admin/project'])('under %s the menu and the footer are hidden', async (route) => {
  // The whole route table: the admin area has its own frame.
  renderWithProviders(null, { route, apiOrigin: api.origin });
  expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

test('a public path shows them, with a skip link to the content', async () => {
  await renderLayout('/about');
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveAttribute('href', '#contenu');
  await waitFor(() => expect(api.seen.some((seen) => seen.url === '/api/menu')).toBe(true));
});

test('the site settings failing to arrive: a French message and a retry that shows the page', async () => {
  // Down until the message is shown, then back.
  let down = true;
  const flaky = await startScriptedServer((seen) => (seen.url === '/api/site' && down ? { status: 503 } : undefined));
  try {
    const { user } = renderWithProviders(null, { routes: layoutRoutes, route: '/welcome', apiOrigin: flaky.origin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible d’afficher ce contenu pour le moment.');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Contenu de la page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Menuiserie Lavoie — accueil' })).toBeInTheDocument();
  } finally {
    await flaky.close();
  }
});
