// Sign-in, the admin menu, and the session rules (sections 2, 4, 8) through the screens,
// against the real API server.
import { screen, waitFor } from '@testing-library/react';
import type { User } from '../../api/adminApi';
import type { RootState } from '../../app/store';
import { loggedIn, renderWithProviders } from '../../test/render';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApiServer, type ApiServer } from '../../test/apiServer';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
  await server.primeXsrf(); // what loading the page does in a browser
});
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

const at = (route: string, preloadedState?: Partial<RootState>) =>
  renderWithProviders(null, { route, apiOrigin: server.origin, preloadedState });

describe('admin/login', () => {
  it('signs in with the MD5 of the password and goes to admin', async () => {
    const { user, router, store } = at('/admin/login');
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(screen.queryByText('Usager ou Mot-de-passe incorrect')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Usager'), ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Mot-de-passe'), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Connexion' }));

    expect(await screen.findByRole('link', { name: 'Projets' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    const { token } = store.getState().auth;
    expect(token).toBeTruthy();
    expect(await server.get<User[]>('/api/user/all/', token ?? '')).toHaveLength(1);
  });

  it("shows 'Usager ou Mot-de-passe incorrect' after a failed attempt and stays", async () => {
    const { user, router } = at('/admin/login');
    await user.type(await screen.findByLabelText('Usager'), ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Mot-de-passe'), 'pas-le-bon');
    await user.click(screen.getByRole('button', { name: 'Connexion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usager ou Mot-de-passe incorrect');
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('after too many failures, says in French when to try again', async () => {
    const { user } = at('/admin/login');
    await user.type(await screen.findByLabelText('Usager'), 'inconnu@atelier.test');
    await user.type(screen.getByLabelText('Mot-de-passe'), 'mauvais');
    let text = '';
    for (let attempt = 0; attempt < 8 && !text.startsWith('Trop'); attempt += 1) {
      await user.click(screen.getByRole('button', { name: 'Connexion' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Connexion' })).toBeEnabled());
      text = (await screen.findByRole('alert')).textContent ?? '';
    }
    expect(text).toMatch(/^Trop de tentatives de connexion\. Réessayez dans \d+ secondes?\.$/);
  });
});

describe('admin screens need a session', () => {
  it.each(['/admin', '/admin/project', '/admin/projecttype', '/admin/category', '/admin/subtype', '/admin/user'])(
    '%s redirects to admin/login when logged out',
    async (route) => {
      const { router } = at(route);
      await screen.findByRole('button', { name: 'Connexion' });
      expect(router.state.location.pathname).toBe('/admin/login');
    },
  );

  it('half a session (one token) is no session', async () => {
    const half = { auth: { token: 'a.b.c', refreshToken: null, loginRedirect: false } } as Partial<RootState>;
    const { router } = at('/admin/category', half);
    await screen.findByRole('button', { name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('both tokens: the screen opens', async () => {
    const { Token, RefreshToken } = await server.login();
    at('/admin/user', loggedIn(Token, RefreshToken));
    expect(await screen.findByText('Usager: 1 de : 1')).toBeInTheDocument();
  });
});

describe('expired or refused sessions', () => {
  it('an expired access token is refreshed once; the user notices nothing', async () => {
    const { RefreshToken } = await server.login();
    const { store } = at('/admin/user', loggedIn('expire.ou.invalide', RefreshToken));
    expect(await screen.findByText('Usager: 1 de : 1')).toBeInTheDocument();
    const { token, refreshToken } = store.getState().auth;
    expect(token).not.toBe('expire.ou.invalide');
    expect(refreshToken).not.toBe(RefreshToken); // rotated
  });

  it('a failed refresh lands on admin/login, logged out', async () => {
    const { router, store } = at('/admin/user', loggedIn('expire.ou.invalide', 'revoque'));
    await screen.findByRole('button', { name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(store.getState().auth.token).toBeNull();
  });

  it('a 403 (security token missing) lands on admin/login', async () => {
    const { Token, RefreshToken } = await server.login();
    const { user, router } = at('/admin/category', loggedIn(Token, RefreshToken));
    await screen.findByText(/^Projet: 1 de/);
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    await user.click(screen.getByRole('button', { name: 'Accepter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });
});

describe('admin menu', () => {
  it('links to the five editors', async () => {
    const { Token, RefreshToken } = await server.login();
    at('/admin', loggedIn(Token, RefreshToken));
    expect(await screen.findByRole('link', { name: 'Projets' })).toHaveAttribute('href', '/admin/project');
    expect(screen.getByRole('link', { name: 'Types de projet' })).toHaveAttribute('href', '/admin/projecttype');
    expect(screen.getByRole('link', { name: 'Sous-types' })).toHaveAttribute('href', '/admin/subtype');
    expect(screen.getByRole('link', { name: 'Catégories' })).toHaveAttribute('href', '/admin/category');
    expect(screen.getByRole('link', { name: 'Usagers' })).toHaveAttribute('href', '/admin/user');
  });

  it("'Quitter Admin' signs out on the server, clears all storage and goes to admin/login", async () => {
    const { Token, RefreshToken } = await server.login();
    localStorage.setItem('token', Token);
    localStorage.setItem('refresh-token', RefreshToken);
    sessionStorage.setItem('autre', 'x');
    const { user, router, store } = at('/admin', loggedIn(Token, RefreshToken));
    await user.click(await screen.findByRole('button', { name: 'Quitter Admin' }));

    await screen.findByRole('button', { name: 'Connexion' });
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null });
    // The refresh token is revoked: it no longer buys a session.
    expect((await server.post('/api/refreshtoken/', undefined, RefreshToken)).status).toBe(401);
  });
});
