// « Ordre d’affichage » against the real API server: a move by button (the focus follows the
// item) or by drag and drop is saved at once and read back from the server; the projects of a
// type, drafts marked, and the public page's order that follows; a list changed on another
// screen meanwhile: the move is refused with the server's message and the current list shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Category, Project, ProjectType } from '../../../api/adminApi';
import { renderSignedIn } from '../../../test/render';
import { startApiServerSignedIn, type ApiServer } from '../../../test/apiServer';

let server: ApiServer;
let token: string;
beforeAll(async () => ({ server, token } = await startApiServerSignedIn()));
afterAll(() => server.close());

const open = (route = '/admin/order') => renderSignedIn(server, route);

const list = (name: string | RegExp) => screen.findByRole('group', { name });
/** The names of a list's items, in the order shown. */
const names = (group: HTMLElement) =>
  within(group)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.admin-order-name')?.firstChild?.textContent);
const categoryNames = async () => (await server.get<Category[]>('/api/category/all/')).map((c) => c.Name);
const success = () => screen.findByText('Opération effectuée avec succès');

test('the admin menu leads to it; « Descendre » moves a category: the list, the server and the focus follow', async () => {
  const { user } = await open('/admin');
  await user.click(await screen.findByRole('link', { name: 'Ordre d’affichage' }));
  const categories = await list('Catégories');
  const before = await categoryNames();
  await waitFor(() => expect(names(categories)).toEqual(before));
  const [first = '', second = ''] = before;

  await user.click(within(categories).getByRole('button', { name: `Descendre ${first}` }));
  await success();
  const after = [second, first, ...before.slice(2)];
  expect(await categoryNames()).toEqual(after);
  expect(names(categories)).toEqual(after);
  // The moved item's button keeps the focus: pressing it again moves the item one more step.
  expect(within(categories).getByRole('button', { name: `Descendre ${first}` })).toHaveFocus();
  expect(within(categories).getByRole('button', { name: `Monter ${second}` })).toBeDisabled();
});

test('the projects of a type, drafts marked « Brouillon »: a move changes the public page’s order', async () => {
  const types = await server.get<ProjectType[]>('/api/projecttype/all/');
  const lockers = types.find((t) => t.Name === 'Casiers familiaux') as ProjectType;
  const category = (await server.get<Category[]>('/api/category/all/')).find((c) => c.Id === lockers.CategoryId) as Category;
  await server.post('/api/project/', { Id: 0, ProjectTypeId: lockers.Id, Name: 'Casier en préparation', Description: 'Encore à l’atelier.', Image: 'banc.jpg', Published: false }, token);
  const { user, router } = await open();
  await user.selectOptions(await screen.findByLabelText('Catégorie'), category.Name);
  // The category's types arrive after its choice (CI once chose before they had): wait for the option.
  const typeSelect = await screen.findByLabelText('Type de projet');
  await within(typeSelect).findByRole('option', { name: lockers.Name });
  await user.selectOptions(typeSelect, lockers.Name);
  const projects = await list('Projets du type « Casiers familiaux »');
  const published = (await server.get<Project[]>(`/api/projects/${lockers.Id}`)).map((p) => p.Name);
  await waitFor(() => expect(names(projects)).toEqual([...published, 'Casier en préparation']));
  expect(within(projects).getAllByRole('listitem').at(-1)).toHaveTextContent('Brouillon');

  // The last published project goes up one place.
  const moving = published.at(-1) as string;
  await user.click(within(projects).getByRole('button', { name: `Monter ${moving}` }));
  await success();
  const expected = [...published.slice(0, -2), moving, published.at(-2)];
  expect((await server.get<Project[]>(`/api/projects/${lockers.Id}`)).map((p) => p.Name)).toEqual(expected);

  // The public page of the type shows them in that order, the draft nowhere.
  await router.navigate(`/projecttype/${lockers.Id}`);
  await screen.findByRole('heading', { name: 'Casiers familiaux', level: 1 });
  // The project cards' links, in the order shown (the sub-types' cards link to /projecttype/).
  await waitFor(() =>
    expect(
      screen
        .getAllByRole('link')
        .filter((link) => link.getAttribute('href')?.startsWith('/project/'))
        .map((link) => expected.find((name) => link.textContent?.includes(name as string))),
    ).toEqual(expected),
  );
  expect(screen.queryByText('Casier en préparation')).not.toBeInTheDocument();
});

test('a list changed on another screen meanwhile: the move is refused with the server’s message, the current order shown', async () => {
  const { user } = await open();
  const categories = await list('Catégories');
  const shown = await categoryNames();
  await waitFor(() => expect(names(categories)).toEqual(shown));
  // Someone else reverses the list.
  const ids = (await server.get<Category[]>('/api/category/all/')).map((c) => c.Id);
  const res = await server.put('/api/category/order/', { Seen: ids, Order: [...ids].reverse() }, token);
  expect(((await res.json()) as { Result: boolean }).Result).toBe(true);

  await user.click(within(categories).getByRole('button', { name: `Descendre ${shown[0] ?? ''}` }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/La liste a changé entre-temps/);
  await waitFor(() => expect(names(categories)).toEqual([...shown].reverse()));
  expect(await categoryNames()).toEqual([...shown].reverse());
});

test('drag and drop: the third category dropped on the first takes its place', async () => {
  await open();
  const categories = await list('Catégories');
  const before = await categoryNames();
  await waitFor(() => expect(names(categories)).toEqual(before));
  const items = within(categories).getAllByRole('listitem');
  fireEvent.dragStart(items[2] as HTMLElement);
  fireEvent.dragOver(items[0] as HTMLElement);
  fireEvent.drop(items[0] as HTMLElement);
  await success();
  const after = [before[2], before[0], before[1], ...before.slice(3)];
  expect(await categoryNames()).toEqual(after);
  expect(names(categories)).toEqual(after);
});
