// The owner's safety net in the admin (issue 28), against the real API server: « Annuler » after a
// deletion brings the project back with its gallery; « Corbeille » restores and erases for good;
// « Journal » lists the actions, filtered; both are in the admin menu.
import { screen, waitFor, within } from '@testing-library/react';
import type { Project, ProjectView, TrashEntry } from '../../../api/adminApi';
import { renderSignedIn } from '../../../test/render';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { UNDO_MS } from './Undo';

jest.setTimeout(40_000);

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

const button = (name: string) => screen.getByRole('button', { name });
const success = () => screen.findByText('Opération effectuée avec succès');

test('the admin menu links to « Corbeille » and « Journal »', async () => {
  await renderSignedIn(server, '/admin');
  expect(await screen.findByRole('link', { name: 'Corbeille' })).toHaveAttribute('href', '/admin/trash');
  expect(screen.getByRole('link', { name: 'Journal' })).toHaveAttribute('href', '/admin/journal');
});

test('« Annuler » right after a deletion brings the project back with its gallery', async () => {
  const token = (await server.login()).Token;
  const projects = await server.get<Project[]>('/api/project/all/', token);
  const first = projects[0] as Project;
  const gallery = (await server.get<ProjectView>(`/api/project/${first.Id}`)).Gallery ?? [];
  expect(UNDO_MS).toBeGreaterThanOrEqual(10_000);

  const { user } = await renderSignedIn(server, '/admin/project');
  await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveValue(first.Name));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(button('Effacer'));
  await success();
  expect((await fetch(`${server.origin}/api/project/${first.Id}`)).status).toBe(404);
  await user.click(await screen.findByRole('button', { name: 'Annuler' }));
  await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveValue(first.Name));
  expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
  const back = await server.get<ProjectView>(`/api/project/${first.Id}`);
  expect(back.Gallery?.map((item) => item.Id)).toEqual(gallery.map((item) => item.Id));
});

test('« Corbeille » restores an entry and erases another for good, after a confirmation', async () => {
  const token = (await server.login()).Token;
  for (const name of ['Corbeille un', 'Corbeille deux']) {
    expect(await (await server.post('/api/category/', { Id: 0, Name: name }, token)).json()).toMatchObject({ Result: true });
  }
  const categories = await server.get<Array<{ Id: number; Name: string }>>('/api/category/all/');
  for (const name of ['Corbeille un', 'Corbeille deux']) {
    const id = categories.find((c) => c.Name === name)?.Id;
    expect(await (await server.del(`/api/category/${id}`, token)).json()).toMatchObject({ Result: true });
  }

  const { user } = await renderSignedIn(server, '/admin/trash');
  const table = await screen.findByRole('table', { name: 'Éléments effacés, les plus récents d’abord' });
  const row = (name: string) => within(table).getByRole('cell', { name }).closest('tr') as HTMLElement;
  expect(within(row('Corbeille un')).getByRole('cell', { name: 'Catégorie' })).toBeInTheDocument();
  expect(within(row('Corbeille un')).getByRole('cell', { name: 'admin@atelier.test' })).toBeInTheDocument();
  // When the server erases it for good: its PurgeAt (DeletedAt + TRASH_RETENTION_DAYS), as a French date.
  const purgeAt = (await server.get<TrashEntry[]>('/api/trash/', token)).find((e) => e.Name === 'Corbeille un')?.PurgeAt ?? '';
  const day = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long' }).format(Date.parse(purgeAt));
  expect(within(row('Corbeille un')).getByRole('cell', { name: `Effacé définitivement le ${day}` })).toBeInTheDocument();

  await user.click(within(row('Corbeille un')).getByRole('button', { name: 'Restaurer Corbeille un' }));
  expect(await screen.findByText('« Corbeille un » est restauré.')).toBeInTheDocument();
  await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Corbeille un' })).toBeNull());
  expect((await server.get<Array<{ Name: string }>>('/api/category/all/')).map((c) => c.Name)).toContain('Corbeille un');

  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(within(row('Corbeille deux')).getByRole('button', { name: 'Supprimer définitivement Corbeille deux' }));
  expect(confirm).toHaveBeenCalledWith('Supprimer définitivement « Corbeille deux » ? Cette action ne peut pas être annulée.');
  expect(await screen.findByText('« Corbeille deux » est supprimé définitivement.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'Corbeille deux' })).toBeNull());
  expect(screen.getByText('La corbeille est vide.')).toBeInTheDocument();
});

test('« Journal » lists the actions newest first and filters them by kind', async () => {
  const { user } = await renderSignedIn(server, '/admin/journal');
  const table = await screen.findByRole('table', { name: 'Actions, les plus récentes d’abord' });
  const firstRow = () => within(table).getAllByRole('row')[1] as HTMLElement;
  expect(within(firstRow()).getByRole('cell', { name: 'Connexion' })).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Type d’élément'), 'Catégorie');
  await user.click(button('Appliquer'));
  await waitFor(() => expect(within(screen.getByRole('table', { name: 'Actions, les plus récentes d’abord' })).queryByRole('cell', { name: 'Connexion' })).toBeNull());
  const rows = within(screen.getByRole('table', { name: 'Actions, les plus récentes d’abord' })).getAllByRole('row').slice(1);
  expect(within(rows[0] as HTMLElement).getByRole('cell', { name: 'Suppression définitive' })).toBeInTheDocument();
  expect(within(rows[0] as HTMLElement).getByRole('cell', { name: /Catégorie n° \d+ « Corbeille deux »/ })).toBeInTheDocument();
});

test('a description changed twice, then its first version restored from « Historique »', async () => {
  const token = (await server.login()).Token;
  const project = (await server.get<Project[]>('/api/project/all/', token))[0] as Project;
  const body = (Description: string) => ({ Id: project.Id, ProjectTypeId: project.ProjectTypeId, Name: project.Name, Description, Image: project.Image });
  for (const text of ['Une première réécriture.', 'Une seconde réécriture.']) {
    expect(await (await server.put(`/api/project/${project.Id}`, body(text), token)).json()).toMatchObject({ Result: true });
  }
  const { user } = await renderSignedIn(server, '/admin/project');
  await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue('Une seconde réécriture.'));
  await user.click(screen.getByText('Historique'));
  const first = await screen.findByRole('region', { name: 'Version 1' });
  expect(within(first).getByRole('cell', { name: project.Description })).toBeInTheDocument();
  expect(within(first).getByRole('cell', { name: 'Une première réécriture.' })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Version 2' })).getByRole('cell', { name: 'Une seconde réécriture.' })).toBeInTheDocument();
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(within(first).getByRole('button', { name: 'Restaurer cette version' }));
  await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue(project.Description));
  expect((await server.get<ProjectView>(`/api/project/${project.Id}`)).Description).toBe(project.Description);
});
