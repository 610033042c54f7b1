import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { startScriptedServer, type ScriptedServer } from '../test/scriptedServer';

// The pages' own calls are not under test here: every API call answers 404.
let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer(() => undefined);
});
afterAll(() => server.close());

test('the empty path redirects to welcome', async () => {
  const { router } = renderWithProviders(null, { route: '/', apiOrigin: server.origin });
  await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
});

test('an unknown path shows the French not-found page with a way home', async () => {
  renderWithProviders(null, { route: '/nulle-part', apiOrigin: server.origin });
  expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/welcome');
});

test('an HTTP-layer request for the login page navigates to admin/login', async () => {
  const { router, store } = renderWithProviders(null, { route: '/about', apiOrigin: server.origin });
  await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  store.dispatch({ type: 'session/loginRedirectRequested' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  expect(store.getState().auth.loginRedirect).toBe(false);
});
