import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { startApiServer, type ApiServer } from '../../test/apiServer';
import { startScriptedServer } from '../../test/scriptedServer';
import { expectVariantsServed } from '../../test/images';

// The real API server with its demo content.
let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
}, 30_000);
afterAll(() => api.close());

const open = (route: string) => renderWithProviders(null, { route, apiOrigin: api.origin });

describe('typeslist/{id}', () => {
  test("shows the category's project types as photo cards linking to their page", async () => {
    open('/typeslist/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Potagers' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    const raised = await within(main).findByRole('link', { name: 'Potagers surélevés' });
    expect(raised).toHaveAttribute('href', '/projecttype/2');
    expect(within(main).getByRole('link', { name: 'Jardinières et bacs à fleurs' })).toHaveAttribute('href', '/projecttype/3');
    const image = raised.querySelector('img');
    expect(image).toHaveAttribute('src', '/assets/images/type-potagers-sureleves.jpg');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '900');
    await waitFor(() => expect(document.title).toBe(`Potagers | Atelier Bois et Maison`));
  });
});

describe('projecttype/{id}', () => {
  test("lists the type's projects, its sub-types as links, and 'Retour' goes back", async () => {
    const { user, router } = open('/typeslist/11');
    await user.click(await screen.findByRole('link', { name: 'Tablettes flottantes' }));
    expect(router.state.location.pathname).toBe('/projecttype/6');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tablettes flottantes' })).toBeInTheDocument();
    const projects = within(screen.getByRole('main')).getAllByRole('link');
    expect(projects.length).toBeGreaterThan(0);
    expect(projects[0]).toHaveAttribute('href', expect.stringMatching(/^\/project\/\d+$/));
    await user.click(screen.getByRole('button', { name: /Retour/ }));
    expect(router.state.location.pathname).toBe('/typeslist/11');
  });

  test('shows the sub-types of a type (GET /api/subtype/{id}) as links to their own page', async () => {
    open('/projecttype/22');
    expect(await screen.findByRole('heading', { level: 1, name: 'Étagères de rangement' })).toBeInTheDocument();
    const seeAlso = await screen.findByRole('region', { name: 'Voir aussi' });
    expect(within(seeAlso).getByRole('link', { name: 'Tablettes flottantes' })).toHaveAttribute('href', '/projecttype/6');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Étagères de garde-manger' })).toHaveAttribute('href', '/project/29');
  });

  test("'Retour' on the first page of a visit goes to the welcome page", async () => {
    const { user, router } = open('/projecttype/1');
    await screen.findByRole('link', { name: 'Banc de parc en cèdre rouge' });
    await user.click(screen.getByRole('button', { name: /Retour/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
  });
});

describe('project/{id}', () => {
  test('shows the name, the photo and the description, with a Retour button', async () => {
    open('/project/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Banc de parc en cèdre rouge' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: `Atelier Bois et Maison — Banc de parc en cèdre rouge` });
    expect(image).toHaveAttribute('src', '/assets/images/banc-cedre-rouge.jpg');
    // The 1200×900 photo, in AVIF and WebP variants of every width up to its own, high priority.
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '900');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    await expectVariantsServed(image, api.origin, [320, 640, 800, 1024, 1200]);
    expect(screen.getByText(/Banc trois places en cèdre rouge/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retour/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Autres projets : Bancs de jardin/ })).toHaveAttribute('href', '/projecttype/1');
    await waitFor(() => expect(document.title).toBe(`Banc de parc en cèdre rouge | Atelier Bois et Maison`));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      expect.stringMatching(/^Banc de parc en cèdre rouge — Banc trois places/),
    );
  });
});

describe('project/{id}: its gallery', () => {
  test('the before/after comparison moves with the keyboard; each thumbnail opens the popup, which shows every photo', async () => {
    const { Token } = await api.login();
    const add = async (Image: string, Caption: string, Alt: string, Pair: '' | 'before' | 'after' = '') => {
      const res = await api.post('/api/project/2/gallery', { Image, Caption, Alt, Pair }, Token);
      expect(((await res.json()) as { Result: boolean }).Result).toBe(true);
    };
    await add('salon-tons-chauds.jpg', 'Le mur avant les travaux', 'Mur gris fissuré', 'before');
    await add('buffet-chene.jpg', 'Le coffre ouvert', 'Coffre ouvert sur les coussins');
    await add('chambre-vert-sauge.jpg', 'Le mur repeint', 'Mur beige sable', 'after');
    await add('casiers-condo.jpg', '', 'Détail des charnières');
    const { user } = open('/project/2');
    await screen.findByRole('heading', { level: 1, name: 'Banc-coffre pour la terrasse' });

    // The comparison: the « Avant » photo cut at the divider, a range input (jsdom moves it by its
    // value; the arrow keys and a drag in Chromium: e2e/stories.test.ts).
    const slider = await screen.findByRole('slider', { name: 'Avant / Après : glissez pour comparer' });
    const frame = slider.closest('figure') as HTMLElement;
    expect(frame.style.getPropertyValue('--split')).toBe('50%');
    expect(within(frame).getByRole('img', { name: 'Avant : Mur gris fissuré' })).toHaveAttribute('loading', 'lazy');
    expect(within(frame).getByRole('img', { name: 'Après : Mur beige sable' })).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '47' } });
    expect(slider).toHaveValue('47');
    expect(slider).toHaveAttribute('aria-valuetext', '47 % Avant, 53 % Après');
    expect(frame.style.getPropertyValue('--split')).toBe('47%');

    // The thumbnails: the photos not in the comparison, in order, lazy, with their captions.
    const photos = screen.getByRole('region', { name: 'Photos du projet' });
    const thumbs = within(photos).getAllByRole('button');
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual(['Agrandir : Coffre ouvert sur les coussins', 'Agrandir : Détail des charnières']);
    expect(thumbs.every((b) => b.querySelector('img')?.getAttribute('loading') === 'lazy')).toBe(true);
    expect(within(photos).getByText('Le coffre ouvert')).toBeInTheDocument();

    // The popup opens on the photo clicked and goes through every photo: the cover first.
    await user.click(thumbs[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Photo : Banc-coffre pour la terrasse' });
    expect(within(dialog).getByRole('img', { name: 'Détail des charnières' })).toBeInTheDocument();
    expect(within(dialog).getByText('5 / 5')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('1 / 5')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Atelier Bois et Maison — Banc-coffre pour la terrasse' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Photo : Le mur avant les travaux' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(thumbs[1]).toHaveFocus();
  });
});

describe('not found, inside the layout', () => {
  test.each([
    ['a non-numeric project id', '/project/abc'],
    ['an unknown project id', '/project/9999'],
    ['an unknown project type', '/projecttype/9999'],
    ['an unknown category', '/typeslist/9999'],
    ['a non-numeric category id', '/typeslist/1.5'],
    ['an unknown path', '/nulle-part'],
  ])('%s shows « Page introuvable » with a way home', async (_case, route) => {
    open(route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/welcome');
    expect(screen.getByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Page introuvable | Atelier Bois et Maison`));
  });
});

test('a failed call shows a French message and a retry that works', async () => {
  // Down until the message is shown, then back.
  let down = true;
  const flaky = await startScriptedServer((seen) => {
    if (!seen.url.startsWith('/api/projects/')) return undefined;
    return down
      ? { status: 500, body: { Result: false, Message: 'panne' } }
      : { status: 200, body: [{ Id: 3, ProjectTypeId: 4, Name: 'Terrasse en cèdre', Description: 'Une terrasse.', Image: 't.jpg' }] };
  });
  try {
    const { user } = renderWithProviders(null, { route: '/projecttype/4', apiOrigin: flaky.origin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Impossible d’afficher ce contenu pour le moment.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Terrasse en cèdre' })).toHaveAttribute('href', '/project/3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  } finally {
    await flaky.close();
  }
});

test('while loading, placeholder cards hold the place of the photos', async () => {
  const slow = await startScriptedServer((seen) =>
    seen.url === '/api/projecttype/2' ? { status: 200, body: [], delayMs: 400 } : undefined,
  );
  try {
    const { container } = renderWithProviders(null, { route: '/typeslist/2', apiOrigin: slow.origin });
    await waitFor(() => expect(container.querySelectorAll('.card-placeholder .card-media')).toHaveLength(3));
    expect(await screen.findByText('Aucun type de projet dans cette catégorie pour le moment.')).toBeInTheDocument();
    expect(container.querySelector('.card-placeholder')).toBeNull();
  } finally {
    await slow.close();
  }
});
