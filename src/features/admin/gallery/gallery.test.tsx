// « Galerie du projet » under the project editor, against the real API server (real image
// processing): several photos uploaded at once wait for their alt text (refused without it, in
// French), then join the gallery in order; a photo from the library; a caption and the « Avant »
// / « Après » marks saved; a move; a removal that leaves the file in the library. One behaviour a
// test, each on project 1 with the gallery it needs (emptied, then filled through the API).
// Progress bars and drag and drop in a browser: e2e/stories.test.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import type { GalleryItem, ImageInfo } from '../../../api/adminApi';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { renderSignedIn } from '../../../test/render';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
}, 60_000);
afterAll(() => server.close());

const demoPhoto = (file: string, name: string) =>
  new File([readFileSync(resolve(process.cwd(), 'server/demo/images', file))], name, { type: 'image/jpeg' });

let token = '';
const gallery = () => server.get<GalleryItem[]>('/api/project/1/gallery', token);

/** Project 1's gallery holds these photos of the library (alt text and image), in this order. */
async function galleryOf(items: Array<{ Image: string; Alt: string }>) {
  for (const item of await gallery()) expect((await server.del(`/api/project/1/gallery/${item.Id}`, token)).status).toBe(200);
  for (const item of items) {
    const res = await server.post('/api/project/1/gallery', { Caption: '', Pair: '', ...item }, token);
    expect(await res.json()).toMatchObject({ Result: true });
  }
}

/** The project editor on project 1, and its « Galerie du projet » section. */
async function openGallery() {
  const view = await renderSignedIn(server, '/admin/project');
  token = view.tokens.Token;
  await screen.findByText(/^Projet: 1 de : \d+$/);
  const section = await screen.findByRole('region', { name: 'Galerie du projet' });
  return { ...view, section };
}

/** The gallery's list of photos, in its section. */
const galleryList = (section: HTMLElement) => within(section).findByRole('group', { name: 'Galerie du projet' });

/** The gallery made of these photos, then the editor opened on it: its section and its list. */
async function openGalleryOf(items: Array<{ Image: string; Alt: string }>) {
  await galleryOf(items);
  const view = await openGallery();
  return { ...view, list: await galleryList(view.section) };
}

const NU = { Image: 'buffet-chene.jpg', Alt: 'Le mur nu avant les travaux' };
const LAMBRIS = { Image: 'casiers-condo.jpg', Alt: 'Le mur lambrissé' };
const SALON = { Image: 'salon-tons-chauds.jpg', Alt: 'Le salon beige sable' };

beforeEach(async () => {
  token = (await server.login()).Token;
  await galleryOf([]);
});

test('photos uploaded at once wait for their alt text (refused in French without it), then join the gallery in order', async () => {
  const { user, section } = await openGallery();
  expect(await within(section).findByText(/Aucune photo dans la galerie/)).toBeInTheDocument();

  // Two photos at once (the gallery's own file input: it takes several).
  const input = section.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input.multiple).toBe(true);
  await user.upload(input, [demoPhoto('buffet-chene.jpg', 'Mur avant.jpg'), demoPhoto('casiers-condo.jpg', 'Mur après.jpg')]);
  const waiting = within(section).getByRole('group', { name: 'Photos à ajouter' });
  const first = await within(waiting).findByRole('button', { name: /^Ajouter mur-avant(-\d+)?\.jpg à la galerie$/ }, { timeout: 20_000 });
  await within(waiting).findByRole('button', { name: /^Ajouter mur-apres(-\d+)?\.jpg à la galerie$/ }, { timeout: 20_000 });

  // Without its alt text a photo is not sent: the French message under the field.
  await user.click(first);
  expect(within(waiting).getByText('Texte de remplacement requis')).toBeInTheDocument();
  const [firstAlt, secondAlt] = within(waiting).getAllByLabelText('Texte de remplacement');
  expect(firstAlt).toHaveFocus();
  expect(await gallery()).toEqual([]);
  await user.type(firstAlt as HTMLElement, 'Le mur nu avant les travaux');
  await user.click(first);
  await within(section).findByText('Opération effectuée avec succès');
  await user.type(secondAlt as HTMLElement, 'Le mur lambrissé');
  await user.click(within(waiting).getByRole('button', { name: /^Ajouter mur-apres/ }));
  await waitFor(() => expect(within(section).queryByRole('group', { name: 'Photos à ajouter' })).not.toBeInTheDocument());
  expect((await gallery()).map((item) => item.Alt)).toEqual(['Le mur nu avant les travaux', 'Le mur lambrissé']);
}, 60_000);

test('a photo of the library joins the gallery with its alt text', async () => {
  await galleryOf([NU, LAMBRIS]);
  const { user, section } = await openGallery();
  await user.click(within(section).getByRole('button', { name: 'Ajouter depuis la photothèque' }));
  await user.click(await within(section).findByRole('button', { name: 'Choisir salon-tons-chauds.jpg' }));
  const picked = within(section).getByRole('group', { name: 'Photos à ajouter' });
  await user.type(within(picked).getByLabelText('Texte de remplacement'), 'Le salon beige sable');
  await user.click(within(picked).getByRole('button', { name: 'Ajouter salon-tons-chauds.jpg à la galerie' }));
  await waitFor(async () => expect((await gallery()).map((item) => item.Image)).toContain('salon-tons-chauds.jpg'));
  expect((await gallery()).map((item) => [item.Image, item.Alt])).toEqual([
    [NU.Image, NU.Alt],
    [LAMBRIS.Image, LAMBRIS.Alt],
    ['salon-tons-chauds.jpg', 'Le salon beige sable'],
  ]);
  const list = await galleryList(section);
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
});

test('a caption and the « Avant » / « Après » marks are saved', async () => {
  const { user, list } = await openGalleryOf([NU, LAMBRIS, SALON]);
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
  const [avant, apres] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
  await user.type(within(avant).getByLabelText('Légende'), 'Avant les travaux');
  await user.selectOptions(within(avant).getByLabelText('Comparaison avant / après'), 'Avant');
  await user.click(within(avant).getByRole('button', { name: 'Enregistrer Le mur nu avant les travaux' }));
  await waitFor(async () => expect((await gallery())[0]).toMatchObject({ Caption: 'Avant les travaux', Pair: 'before' }));
  await user.selectOptions(within(apres).getByLabelText('Comparaison avant / après'), 'Après');
  await user.click(within(apres).getByRole('button', { name: 'Enregistrer Le mur lambrissé' }));
  await waitFor(async () => expect((await gallery()).map((item) => item.Pair)).toEqual(['before', 'after', '']));
});

test('« Monter » moves a photo up one place, saved', async () => {
  const { user, list } = await openGalleryOf([NU, LAMBRIS, SALON]);
  await user.click(await within(list).findByRole('button', { name: 'Monter Le salon beige sable' }));
  await waitFor(async () => expect((await gallery()).map((item) => item.Alt)).toEqual(['Le mur nu avant les travaux', 'Le salon beige sable', 'Le mur lambrissé']));
});

test('a photo removed from the gallery stays in the library', async () => {
  const { user, list } = await openGalleryOf([NU, SALON, LAMBRIS]);
  await user.click(await within(list).findByRole('button', { name: 'Retirer Le salon beige sable de la galerie' }));
  await waitFor(async () => expect((await gallery()).map((item) => item.Image)).not.toContain('salon-tons-chauds.jpg'));
  expect((await gallery()).map((item) => item.Alt)).toEqual(['Le mur nu avant les travaux', 'Le mur lambrissé']);
  expect((await server.get<ImageInfo[]>('/api/image/all/', token)).some((image) => image.Name === 'salon-tons-chauds.jpg')).toBe(true);
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
});

test('« Annuler » right after a removal puts the photo back in the gallery, in its place', async () => {
  const { user, section, list } = await openGalleryOf([NU, SALON, LAMBRIS]);
  await user.click(await within(list).findByRole('button', { name: 'Retirer Le salon beige sable de la galerie' }));
  expect(await within(section).findByText('Opération effectuée avec succès')).toBeInTheDocument();
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  await user.click(await within(section).findByRole('button', { name: 'Annuler' }));
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
  expect(within(list).getByRole('button', { name: 'Retirer Le salon beige sable de la galerie' })).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Annuler' })).toBeNull();
  expect((await gallery()).map((item) => item.Alt)).toEqual(['Le mur nu avant les travaux', 'Le salon beige sable', 'Le mur lambrissé']);
});
