// The Image field's upload and photo library, in the project editor, against the real API server
// (real image processing); a photo deleted from the library and brought back by « Annuler ».
// Upload progress itself needs a browser: see e2e/admin.test.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import type { ImageInfo, ProjectView } from '../../../api/adminApi';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { renderSignedIn } from '../../../test/render';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
}, 60_000);
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

const photo = () =>
  new File([readFileSync(resolve(process.cwd(), 'server/demo/images/banc-cedre-rouge.jpg'))], 'Banc cèdre (été).JPG', {
    type: 'image/jpeg',
  });

async function openProjectEditor() {
  const view = await renderSignedIn(server, '/admin/project');
  await screen.findByText(/^Projet: 1 de : \d+$/);
  await view.user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
  return view;
}

const imageField = () => screen.getByLabelText('Image') as HTMLInputElement;
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const library = (token: string) => server.get<ImageInfo[]>('/api/image/all/', token);

test('an uploaded photo gets a safe name from the server, fills the field, and the project is saved with it', async () => {
  const { user, tokens } = await openProjectEditor();
  expect(screen.getByRole('button', { name: 'Téléverser une photo ou une vidéo' })).toBeEnabled();
  await user.upload(fileInput(), photo());

  const note = await screen.findByText(/^Photo téléversée : /, {}, { timeout: 15_000 });
  const name = note.textContent!.replace('Photo téléversée : ', '');
  expect(name).toMatch(/^banc-cedre-ete(-\d+)?\.jpg$/);
  expect(imageField().value).toBe(name);
  // The preview comes from the library, once it lists the new photo.
  expect(await screen.findByRole('img', { name: 'Aperçu de l’image' })).toHaveAttribute(
    'src',
    `/assets/images/${name}.320.webp`,
  );

  await user.click(screen.getByRole('button', { name: 'Accepter' }));
  await screen.findByText('Opération effectuée avec succès');
  const [first] = await server.get<ProjectView[]>('/api/project/all/');
  expect(first?.Image).toBe(name);
  expect(first?.Media?.Widths).toEqual([320, 640, 800, 1024, 1200]);
  expect((await library(tokens.Token)).find((image) => image.Name === name)).toMatchObject({ Projects: 1 });
}, 30_000);

test('a file that is not an image is refused with the server’s message, and the field keeps its name', async () => {
  const { user, tokens } = await openProjectEditor();
  const before = imageField().value;
  const count = (await library(tokens.Token)).length;
  await user.upload(fileInput(), new File(['pas une image'], 'faux.jpg', { type: 'image/jpeg' }));
  expect(await screen.findByText("Format d'image non pris en charge")).toBeInTheDocument();
  expect(imageField().value).toBe(before);
  expect(await library(tokens.Token)).toHaveLength(count);
});

test('a file over 20 MB is refused before it is sent', async () => {
  const { user, tokens } = await openProjectEditor();
  const count = (await library(tokens.Token)).length;
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  await user.upload(fileInput(), new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'immense.jpg', { type: 'image/jpeg' }));
  expect(screen.getByText('Image trop volumineuse (20 Mo maximum)')).toBeInTheDocument();
  expect(fetchSpy.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('/api/image/'))).toBe(false);
  expect(await library(tokens.Token)).toHaveLength(count);
});

test('the photo library shows each photo with its use; choosing one fills the field; an unused one can be deleted', async () => {
  const { user, tokens } = await openProjectEditor();
  await user.click(screen.getByRole('button', { name: 'Choisir dans la photothèque' }));
  const picker = await screen.findByRole('region', { name: 'Photothèque' });
  const images = await library(tokens.Token);
  await waitFor(() => expect(within(picker).getAllByRole('button', { name: /^Choisir / })).toHaveLength(images.length));
  const used = images.find((image) => image.Projects > 0)!;
  expect(within(within(picker).getByText(used.Name).closest('li')!).getByText(/^\d+ projets?/)).toBeInTheDocument();

  await user.click(within(picker).getByRole('button', { name: 'Choisir accueil.jpg' }));
  expect(imageField().value).toBe('accueil.jpg');
  expect(screen.queryByRole('region', { name: 'Photothèque' })).not.toBeInTheDocument();

  // A photo no record uses can be removed from the library, after the browser's confirmation.
  await user.upload(fileInput(), photo());
  const uploaded = (await screen.findByText(/^Photo téléversée : /, {}, { timeout: 15_000 })).textContent!.replace('Photo téléversée : ', '');
  await user.click(screen.getByRole('button', { name: 'Choisir dans la photothèque' }));
  const entry = (await within(await screen.findByRole('region', { name: 'Photothèque' })).findByText(uploaded)).closest('li')!;
  expect(within(entry).getByText('Inutilisée')).toBeInTheDocument();
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(within(entry).getByRole('button', { name: `Supprimer ${uploaded}` }));
  expect(confirm).toHaveBeenCalledWith(`Supprimer définitivement la photo ${uploaded} de la photothèque?`);
  expect(await screen.findByText(`Photo supprimée : ${uploaded}`)).toBeInTheDocument();
  expect((await library(tokens.Token)).map((image) => image.Name)).not.toContain(uploaded);
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Photothèque' })).queryByText(uploaded)).toBeNull());

  // « Annuler » right after: the photo is back in the library, shown and held by the server.
  await user.click(await screen.findByRole('button', { name: 'Annuler' }));
  expect(await screen.findByText(`« ${uploaded} » est restauré.`)).toBeInTheDocument();
  expect(await within(screen.getByRole('region', { name: 'Photothèque' })).findByText(uploaded)).toBeInTheDocument();
  expect((await library(tokens.Token)).map((image) => image.Name)).toContain(uploaded);
  expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
}, 30_000);

test('in browse mode the tools are there but disabled', async () => {
  await renderSignedIn(server, '/admin/projecttype');
  await screen.findByText(/^Projet: 1 de : \d+$/);
  expect(screen.getByRole('button', { name: 'Téléverser une photo ou une vidéo' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Choisir dans la photothèque' })).toBeDisabled();
});
