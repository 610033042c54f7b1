// « Sécurité du compte » and the sign-in's second step (issue 29), through the screens, against
// the real API server. The server's clock is set for each code typed (a later step each time: a
// code is accepted once), and the test computes the codes an authenticator app would show.
// The tests run in order: the first turns the codes on, the next sign in with them.
import { screen, waitFor, within } from '@testing-library/react';
import { totpAt } from '../../../../server/auth/totp';
import { loggedIn, renderWithProviders } from '../../../test/render';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApiServer, type ApiServer } from '../../../test/apiServer';

jest.setTimeout(40_000);

const STEP = 30_000;
let server: ApiServer;
/** The server's clock, as last set: 5 seconds into a step. */
let at = Date.now() - (Date.now() % STEP) + 5_000;
let secret = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  server = await startApiServer();
  await server.setClock(at);
  await server.primeXsrf();
});
afterAll(() => server.close());
beforeEach(() => localStorage.clear());

/** The code the app shows at a new step of the server's clock (set there). */
async function currentCode(): Promise<string> {
  at += 2 * STEP;
  await server.setClock(at);
  return totpAt(secret, at);
}

const passwordStep = async (route = '/admin/login') => {
  const view = renderWithProviders(null, { route, apiOrigin: server.origin });
  await view.user.type(await screen.findByLabelText('Usager'), ADMIN_EMAIL);
  await view.user.type(screen.getByLabelText('Mot-de-passe'), ADMIN_PASSWORD);
  await view.user.click(screen.getByRole('button', { name: 'Connexion' }));
  return view;
};

test('« Sécurité du compte »: in the admin menu; the QR code and the secret, on only with a current code, then the 10 recovery codes once', async () => {
  const tokens = await server.login();
  const { user } = renderWithProviders(null, { route: '/admin', apiOrigin: server.origin, preloadedState: loggedIn(tokens.Token, tokens.RefreshToken) });
  await user.click(await screen.findByRole('link', { name: 'Sécurité du compte' }));
  expect(await screen.findByText('Non activés.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Activer les codes d’une application' }));
  const qr = await screen.findByRole('img', { name: 'Code QR à lire avec l’application d’authentification' });
  expect(qr.tagName.toLowerCase()).toBe('svg');
  expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  secret = (screen.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/).textContent ?? '').replace(/ /g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // Not a code: said in French, nothing sent. A wrong code: the server's refusal.
  await user.type(screen.getByLabelText('Code à 6 chiffres affiché par l’application'), '12ab');
  await user.click(screen.getByRole('button', { name: 'Activer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Tapez d’abord le code de l’application (6 chiffres).');
  const code = await currentCode();
  const wrong = code === '000000' ? '111111' : '000000';
  await user.clear(screen.getByLabelText('Code à 6 chiffres affiché par l’application'));
  await user.type(screen.getByLabelText('Code à 6 chiffres affiché par l’application'), wrong);
  await user.click(screen.getByRole('button', { name: 'Activer' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Code incorrect ou expiré'));
  expect(screen.getByText('Non activés.')).toBeInTheDocument();

  await user.clear(screen.getByLabelText('Code à 6 chiffres affiché par l’application'));
  await user.type(screen.getByLabelText('Code à 6 chiffres affiché par l’application'), `${code.slice(0, 3)} ${code.slice(3)}`);
  await user.click(screen.getByRole('button', { name: 'Activer' }));
  const list = await screen.findByRole('list', { name: 'Codes de récupération' });
  recoveryCodes = within(list).getAllByRole('listitem').map((item) => item.textContent ?? '');
  expect(recoveryCodes).toHaveLength(10);
  expect(await screen.findByText('Activés : à chaque connexion, le code de l’application est demandé après le mot de passe.')).toBeInTheDocument();
  expect(screen.getByText('10 codes de récupération inutilisés.')).toBeInTheDocument();
  expect(await server.login()).toMatchObject({ Result: false, SecondFactor: ['totp', 'recovery'] });
});

test('signing in: the password, then the app’s code (a wrong one said in French); then the admin menu', async () => {
  const { user, router, store } = await passwordStep();
  const field = await screen.findByLabelText('Code de l’application');
  expect(store.getState().auth.token).toBeNull();
  const code = await currentCode();
  await user.type(field, code === '000000' ? '111111' : '000000');
  await user.click(screen.getByRole('button', { name: 'Valider' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Code incorrect ou expiré. Réessayez, ou recommencez la connexion.'));
  await user.clear(field);
  await user.type(field, code);
  await user.click(screen.getByRole('button', { name: 'Valider' }));
  expect(await screen.findByRole('link', { name: 'Projets' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/admin');
  expect(store.getState().auth.token).toBeTruthy();
});

test('signing in with a recovery code: once; the same code again is refused', async () => {
  const code = recoveryCodes[0] as string;
  const first = await passwordStep();
  await first.user.click(await screen.findByRole('button', { name: 'Utiliser un code de récupération' }));
  await first.user.type(screen.getByLabelText('Code de récupération'), code);
  await first.user.click(screen.getByRole('button', { name: 'Valider' }));
  expect(await screen.findByRole('link', { name: 'Projets' })).toBeInTheDocument();
  first.unmount();

  localStorage.clear();
  const second = await passwordStep();
  await second.user.click(await screen.findByRole('button', { name: 'Utiliser un code de récupération' }));
  await second.user.type(screen.getByLabelText('Code de récupération'), code);
  await second.user.click(screen.getByRole('button', { name: 'Valider' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Code incorrect ou expiré');
  expect(second.router.state.location.pathname).toBe('/admin/login');
});

test('« Générer de nouveaux codes » needs a current code; then the codes are turned off with another', async () => {
  const { user } = await passwordStep('/admin/login');
  await user.type(await screen.findByLabelText('Code de l’application'), await currentCode());
  await user.click(screen.getByRole('button', { name: 'Valider' }));
  await user.click(await screen.findByRole('link', { name: 'Sécurité du compte' }));
  expect(await screen.findByText('9 codes de récupération inutilisés.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Générer de nouveaux codes' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Tapez d’abord un code de l’application ou un code de récupération.');
  await user.type(screen.getByLabelText('Code de l’application ou code de récupération'), await currentCode());
  await user.click(screen.getByRole('button', { name: 'Générer de nouveaux codes' }));
  const list = await screen.findByRole('list', { name: 'Codes de récupération' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  expect(within(list).queryByText(recoveryCodes[1] as string)).toBeNull();
  expect(await screen.findByText('10 codes de récupération inutilisés.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Code de l’application ou code de récupération'), await currentCode());
  await user.click(screen.getByRole('button', { name: 'Désactiver les codes' }));
  expect(await screen.findByText('Non activés.')).toBeInTheDocument();
  await waitFor(async () => expect((await server.login()).Result).toBe(true));
});
