// admin/subtype against the real API server.
import { screen, waitFor, within } from '@testing-library/react';
import type { ProjectType } from '../../api/adminApi';
import { renderSignedIn } from '../../test/render';
import { startApiServer, type ApiServer } from '../../test/apiServer';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

async function openSubTypes() {
  const view = await renderSignedIn(server, '/admin/subtype');
  await screen.findByRole('heading', { name: 'Sous-types', level: 1 });
  await screen.findByLabelText('Type de projet');
  return view;
}

const subTypesOf = (id: number) => server.get<ProjectType[]>(`/api/subtype/${id}`);
const typeSelect = () => screen.getByLabelText('Type de projet') as HTMLSelectElement;
const list = (name: string) => screen.getByRole('region', { name: `Sous-types de ${name}` });

test('the first type by default; another type shows its sub-types; none: Aucun sous-type', async () => {
  const { user } = await openSubTypes();
  const types = await server.get<ProjectType[]>('/api/projecttype/all/');
  expect(typeSelect().selectedOptions[0]?.textContent).toBe(types[0]?.Name);
  expect(await within(list(types[0]?.Name ?? '')).findByText('Aucun sous-type')).toBeInTheDocument();

  await user.selectOptions(typeSelect(), 'Terrasses en bois');
  const region = list('Terrasses en bois');
  expect(await within(region).findByText('Pergolas et garde-corps')).toBeInTheDocument();
  expect(within(region).getByRole('button', { name: 'Effacer le sous-type Pergolas et garde-corps' })).toHaveTextContent('X');
  expect(within(screen.getByLabelText('Nouveau sous-type')).getAllByRole('option')).toHaveLength(types.length + 1);
});

test('Ajouter links a sub-type: success label, list reloaded, held by the server', async () => {
  const { user } = await openSubTypes();
  const types = await server.get<ProjectType[]>('/api/projecttype/all/');
  const benches = types.find((t) => t.Name === 'Bancs de jardin') as ProjectType;
  const add = screen.getByRole('button', { name: 'Ajouter' });
  expect(add).toBeDisabled(); // no sub-type chosen yet
  await user.selectOptions(typeSelect(), 'Bancs de jardin');
  await user.selectOptions(screen.getByLabelText('Nouveau sous-type'), 'Potagers surélevés');
  await user.click(add);

  expect(await screen.findByText('Opération effectuée avec succès')).toBeInTheDocument();
  expect(await within(list('Bancs de jardin')).findByText('Potagers surélevés')).toBeInTheDocument();
  expect((await subTypesOf(benches.Id)).map((t) => t.Name)).toEqual(['Potagers surélevés']);

  // The same link again: refused, the failure label replaces the success label.
  await user.click(add);
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Opération non effectuée\. Une erreur est survenue \( .+ \)$/);
  expect(screen.queryByText('Opération effectuée avec succès')).not.toBeInTheDocument();
});

test('X asks, then unlinks: list reloaded, held by the server', async () => {
  const { user } = await openSubTypes();
  await user.selectOptions(typeSelect(), 'Étagères de rangement');
  const region = list('Étagères de rangement');
  await within(region).findByText('Tablettes flottantes');
  const shelves = (await server.get<ProjectType[]>('/api/projecttype/all/')).find(
    (t) => t.Name === 'Étagères de rangement',
  ) as ProjectType;
  const before = await subTypesOf(shelves.Id);

  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
  await user.click(within(region).getByRole('button', { name: 'Effacer le sous-type Tablettes flottantes' }));
  expect(confirm).toHaveBeenCalledWith('Voulez-vous effacer ce sous-type?');
  expect(await subTypesOf(shelves.Id)).toHaveLength(before.length);

  confirm.mockReturnValueOnce(true);
  await user.click(within(region).getByRole('button', { name: 'Effacer le sous-type Tablettes flottantes' }));
  expect(await screen.findByText('Opération effectuée avec succès')).toBeInTheDocument();
  await waitFor(() => expect(within(region).queryByText('Tablettes flottantes')).not.toBeInTheDocument());
  expect((await subTypesOf(shelves.Id)).map((t) => t.Name)).not.toContain('Tablettes flottantes');
  expect(await subTypesOf(shelves.Id)).toHaveLength(before.length - 1);

  // « Annuler » is offered; the next operation's success banner comes without it.
  expect(await screen.findByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Nouveau sous-type'), 'Tablettes flottantes');
  await user.click(screen.getByRole('button', { name: 'Ajouter' }));
  expect(await within(region).findByText('Tablettes flottantes')).toBeInTheDocument();
  expect(screen.getByText('Opération effectuée avec succès')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
});

test('« Annuler » right after an unlink brings the sub-type back', async () => {
  const { user } = await openSubTypes();
  await user.selectOptions(typeSelect(), 'Terrasses en bois');
  const region = list('Terrasses en bois');
  await within(region).findByText('Pergolas et garde-corps');
  const decks = (await server.get<ProjectType[]>('/api/projecttype/all/')).find((t) => t.Name === 'Terrasses en bois') as ProjectType;
  const before = (await subTypesOf(decks.Id)).map((t) => t.Name);

  jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(within(region).getByRole('button', { name: 'Effacer le sous-type Pergolas et garde-corps' }));
  await waitFor(() => expect(within(region).queryByText('Pergolas et garde-corps')).not.toBeInTheDocument());
  await user.click(await screen.findByRole('button', { name: 'Annuler' }));
  expect(await within(region).findByText('Pergolas et garde-corps')).toBeInTheDocument();
  expect(screen.getByText('Opération effectuée avec succès')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
  expect((await subTypesOf(decks.Id)).map((t) => t.Name)).toEqual(before);
});
