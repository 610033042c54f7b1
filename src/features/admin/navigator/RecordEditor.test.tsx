// The record navigator, driven through every transition once on the category editor, against
// the real API server. What each editor adds (fields, rules, texts) is tested in editors/.
import { screen, waitFor, within } from '@testing-library/react';
import type { Category } from '../../../api/adminApi';
import { loggedIn, renderSignedIn, renderWithProviders } from '../../../test/render';
import { startScriptedServer } from '../../../test/scriptedServer';
import { startApiServer, type ApiServer } from '../../../test/apiServer';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

async function openCategories() {
  const view = await renderSignedIn(server, '/admin/category');
  await screen.findByText(/^Projet: 1 de : \d+$/);
  return view;
}

const categories = () => server.get<Category[]>('/api/category/all/');
const button = (name: string) => screen.getByRole('button', { name });
const nameField = () => screen.getByLabelText('Nom');
const counter = () => screen.getByText(/^Projet: \d+ de : \d+$/);

test('browse: one record at a time, the counter, and the ends disabled', async () => {
  const { user } = await openCategories();
  const all = await categories();
  expect(counter()).toHaveTextContent(`Projet: 1 de : ${all.length}`);
  expect(nameField()).toHaveValue(all[0]?.Name);
  expect(nameField()).toBeDisabled();
  expect(button('Premier')).toBeDisabled();
  expect(button('Précédent')).toBeDisabled();

  await user.click(button('Suivant'));
  expect(counter()).toHaveTextContent(`Projet: 2 de : ${all.length}`);
  expect(nameField()).toHaveValue(all[1]?.Name);

  await user.click(button('Dernier'));
  expect(counter()).toHaveTextContent(`Projet: ${all.length} de : ${all.length}`);
  expect(nameField()).toHaveValue(all.at(-1)?.Name);
  expect(button('Suivant')).toBeDisabled();
  expect(button('Dernier')).toBeDisabled();

  await user.click(button('Précédent'));
  expect(counter()).toHaveTextContent(`Projet: ${all.length - 1} de : ${all.length}`);
  await user.click(button('Premier'));
  expect(nameField()).toHaveValue(all[0]?.Name);
});

test('Nouveau, Ajouter: success banner, the new record selected last, held by the server', async () => {
  const { user } = await openCategories();
  const before = await categories();
  await user.click(button('Nouveau'));
  expect(nameField()).toHaveValue('');
  expect(nameField()).toBeEnabled();
  expect(button('Ajouter')).toBeDisabled(); // blank: invalid
  expect(screen.queryByRole('button', { name: 'Mettre à jour' })).not.toBeInTheDocument();

  await user.type(nameField(), 'Ébénisterie fine');
  await user.click(button('Ajouter'));

  expect(await screen.findByText('Opération effectuée avec succès')).toHaveAttribute('role', 'status');
  await waitFor(() => expect(counter()).toHaveTextContent(`Projet: ${before.length + 1} de : ${before.length + 1}`));
  expect(nameField()).toHaveValue('Ébénisterie fine');
  expect(nameField()).toBeDisabled(); // back to browsing
  expect((await categories()).at(-1)?.Name).toBe('Ébénisterie fine');

  // Moving clears the banner.
  await user.click(button('Premier'));
  expect(screen.queryByText('Opération effectuée avec succès')).not.toBeInTheDocument();
});

test('Ajouter refused: the failure banner with the server message, still adding, typed values kept', async () => {
  const { user } = await openCategories();
  const before = await categories();
  const taken = before[0]?.Name ?? '';
  await user.click(button('Nouveau'));
  await user.type(nameField(), taken);
  await user.click(button('Ajouter'));

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toMatch(/^Opération non effectuée\. Une erreur est survenue \( .+ \)$/);
  expect(button('Ajouter')).toBeEnabled();
  expect(nameField()).toHaveValue(taken);
  expect(await categories()).toHaveLength(before.length);

  // Cancel: back to the selected record, browsing.
  await user.click(button('Cancel'));
  expect(nameField()).toHaveValue(before[0]?.Name);
  expect(nameField()).toBeDisabled();
  expect(button('Nouveau')).toBeEnabled();
});

test('Mettre à jour, Accepter: success banner and browse mode; the server holds the change', async () => {
  const { user } = await openCategories();
  await user.click(button('Suivant'));
  const second = (await categories())[1] as Category;
  await user.click(button('Mettre à jour'));
  expect(nameField()).toBeEnabled();
  await user.clear(nameField());
  expect(button('Accepter')).toBeDisabled(); // invalid while empty
  await user.type(nameField(), 'Potagers urbains');
  await user.click(button('Accepter'));

  expect(await screen.findByText('Opération effectuée avec succès')).toHaveAttribute('role', 'status');
  expect(nameField()).toBeDisabled();
  expect(counter()).toHaveTextContent(/^Projet: 2 de/);
  await waitFor(() => expect(nameField()).toHaveValue('Potagers urbains'));
  expect((await categories()).find((c) => c.Id === second.Id)?.Name).toBe('Potagers urbains');
});

test('Accepter refused: the failure banner, still updating with the typed value', async () => {
  const { user } = await openCategories();
  const [first, second] = await categories();
  await user.click(button('Suivant'));
  await user.click(button('Mettre à jour'));
  await user.clear(nameField());
  await user.type(nameField(), first?.Name ?? '');
  await user.click(button('Accepter'));

  expect(await screen.findByRole('alert')).toHaveTextContent(/^Opération non effectuée\. Une erreur est survenue \( .+ \)$/);
  expect(button('Accepter')).toBeEnabled();
  expect(nameField()).toHaveValue(first?.Name);
  expect((await categories())[1]?.Name).toBe(second?.Name);

  await user.click(button('Cancel'));
  expect(nameField()).toHaveValue(second?.Name);
  expect(nameField()).toBeDisabled();
});

test('Effacer asks, then deletes and selects the first record; declining does nothing', async () => {
  const { user } = await openCategories();
  await user.click(button('Nouveau'));
  await user.type(nameField(), 'À effacer bientôt');
  await user.click(button('Ajouter'));
  await screen.findByText('Opération effectuée avec succès');
  const count = (await categories()).length;
  expect(counter()).toHaveTextContent(`Projet: ${count} de : ${count}`);
  expect(nameField()).toHaveValue('À effacer bientôt');

  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
  await user.click(button('Effacer'));
  expect(confirm).toHaveBeenCalledWith('Voulez-vous effacer À effacer bientôt');
  expect(await categories()).toHaveLength(count);

  confirm.mockReturnValueOnce(true);
  await user.click(button('Effacer'));
  expect(await screen.findByText('Opération effectuée avec succès')).toHaveAttribute('role', 'status');
  await waitFor(() => expect(counter()).toHaveTextContent(`Projet: 1 de : ${count - 1}`));
  expect((await categories()).map((c) => c.Name)).not.toContain('À effacer bientôt');
});

test('Effacer refused by the server (category still used): the failure banner, nothing deleted', async () => {
  const { user } = await openCategories();
  const count = (await categories()).length;
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(button('Effacer'));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Opération non effectuée\. Une erreur est survenue \( .+ \)$/);
  expect(screen.queryByText('Opération effectuée avec succès')).not.toBeInTheDocument();
  expect(await categories()).toHaveLength(count);
});

test('leaving with unsaved changes asks first; declining stays', async () => {
  const { user, router } = await openCategories();
  await user.click(button('Nouveau'));
  await user.type(nameField(), 'Pas encore enregistré');
  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
  await user.click(button('Retour'));
  expect(confirm).toHaveBeenCalledWith('Des modifications ne sont pas enregistrées. Quitter quand même?');
  expect(router.state.location.pathname).toBe('/admin/category');
  expect(nameField()).toHaveValue('Pas encore enregistré');

  confirm.mockReturnValueOnce(true);
  await user.click(button('Retour'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
});

test('the navigation and the buttons live in their own landmarks', async () => {
  await openCategories();
  const nav = screen.getByRole('navigation', { name: 'Navigation entre les fiches' });
  expect(within(nav).getAllByRole('button')).toHaveLength(4);
});

test('an empty list is a normal state: counter at 0, only Nouveau active', async () => {
  // The real server always has records; an empty table is scripted.
  const empty = await startScriptedServer((seen) =>
    seen.url === '/api/category/all/' ? { status: 200, body: [] } : undefined,
  );
  try {
    renderWithProviders(null, { route: '/admin/category', apiOrigin: empty.origin, preloadedState: loggedIn() });
    expect(await screen.findByText('Projet: 0 de : 0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const name of ['Premier', 'Précédent', 'Suivant', 'Dernier', 'Mettre à jour', 'Effacer']) {
      expect(button(name)).toBeDisabled();
    }
    expect(button('Nouveau')).toBeEnabled();
    expect(nameField()).toHaveValue('');
  } finally {
    await empty.close();
  }
});
