import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';

test('the empty path redirects to welcome', async () => {
  const { router } = renderWithProviders(null, { route: '/' });
  await screen.findByRole('heading');
  expect(router.state.location.pathname).toBe('/welcome');
});

test('an unknown path shows the French not-found page', async () => {
  renderWithProviders(null, { route: '/nulle-part' });
  expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/welcome');
});

test('an HTTP-layer request for the login page navigates to admin/login', async () => {
  const { router, store } = renderWithProviders(null, { route: '/welcome' });
  await screen.findByRole('heading');
  store.dispatch({ type: 'session/loginRedirectRequested' });
  await screen.findByRole('heading', { name: 'Connexion' });
  expect(router.state.location.pathname).toBe('/admin/login');
  expect(store.getState().auth.loginRedirect).toBe(false);
});
