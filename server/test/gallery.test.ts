// A project's gallery (issue 15): the photos and videos after its cover, with their captions,
// alt texts and before/after marks, in the owner's order; every refusal in French with nothing
// stored; what visitors read (GET /api/project/{id}) and what the administrator edits.
import type { GalleryItem, MutationResult, ProjectView } from '../../contract/api.ts';
import { buildSignedIn, snapshot, type TestApp, libraryOf } from './helper.ts';

let t: TestApp;
let token: string;
beforeEach(async () => ({ t, token } = await buildSignedIn()));
afterEach(async () => t.close());

const PROJECT = 3;
const VIDEO = 'tiroirs-sous-escalier-en-action.mp4';
const item = (Image: string, over: Partial<{ Caption: string; Alt: string; Pair: '' | 'before' | 'after' }> = {}) => ({
  Image,
  Caption: '',
  Alt: `Photo ${Image}`,
  Pair: '' as const,
  ...over,
});
const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, { token, body });
  return { status: res.statusCode, json: res.json<MutationResult>() };
};
const add = (body: unknown, project = PROJECT) => send('POST', `/api/project/${project}/gallery`, body);
const adminGallery = async (project = PROJECT) => (await t.call('GET', `/api/project/${project}/gallery`, { token })).json<GalleryItem[]>();
const publicGallery = async (project = PROJECT) => (await t.call('GET', `/api/project/${project}`)).json<ProjectView>().Gallery;

async function expectRefused(method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, message: RegExp) {
  const before = await snapshot(t.db);
  const { status, json } = await send(method, url, body);
  expect([status, json.Result]).toEqual([200, false]);
  expect(json.Message).toMatch(message);
  expect(await snapshot(t.db)).toEqual(before);
}

test('photos and a video added one by one: visitors read them with the project, in order, with their media', async () => {
  expect(await publicGallery()).toEqual([]);
  expect((await add(item('buffet-chene.jpg', { Caption: 'Le buffet, portes ouvertes' }))).json.Result).toBe(true);
  expect((await add(item(VIDEO, { Alt: '' }))).json.Result).toBe(true);
  expect((await add(item('casiers-condo.jpg', { Caption: '<b>Détail</b> des poignées', Alt: 'Poignées en laiton' }))).json.Result).toBe(true);

  const items = await publicGallery();
  expect(items?.map(({ Image, Caption, Alt, Pair }) => ({ Image, Caption, Alt, Pair }))).toEqual([
    { Image: 'buffet-chene.jpg', Caption: 'Le buffet, portes ouvertes', Alt: 'Photo buffet-chene.jpg', Pair: '' },
    { Image: VIDEO, Caption: '', Alt: '', Pair: '' },
    { Image: 'casiers-condo.jpg', Caption: '<b>Détail</b> des poignées', Alt: 'Poignées en laiton', Pair: '' },
  ]);
  expect(items?.[0]?.Media).toMatchObject({ Type: 'image/jpeg', Width: 1200, Height: 900 });
  expect(items?.[1]?.Media).toMatchObject({ Type: 'video/mp4', Poster: expect.any(String) });
  expect(await adminGallery()).toEqual(items);
  // Only the single read carries it: the lists stay as they were.
  expect((await t.call('GET', '/api/project/all/')).json<ProjectView[]>().every((p) => p.Gallery === undefined)).toBe(true);
  // The library counts the uses: a photo of a gallery cannot be deleted; removed from the gallery, the file stays.
  const library = await libraryOf(t, token);
  const casiers = library.find((i) => i.Name === 'casiers-condo.jpg');
  expect(casiers?.Projects).toBe(2); // its own project's cover, and this gallery
  const refused = await t.call('DELETE', '/api/image/casiers-condo.jpg', { token });
  expect(refused.json<MutationResult>().Result).toBe(false);
  expect((await send('DELETE', `/api/project/${PROJECT}/gallery/${items?.[2]?.Id ?? 0}`)).json.Result).toBe(true);
  expect((await publicGallery())?.map((i) => i.Image)).toEqual(['buffet-chene.jpg', VIDEO]);
  expect((await t.call('GET', '/assets/images/casiers-condo.jpg')).statusCode).toBe(200);
});

test('refusals in French, nothing stored: a file not in the library, the cover or a duplicate, a photo without alt text, a paired video, a full gallery', async () => {
  await expectRefused('POST', `/api/project/${PROJECT}/gallery`, item('inconnue.jpg'), /« inconnue\.jpg » n'est pas dans la photothèque/);
  await expectRefused('POST', `/api/project/${PROJECT}/gallery`, item('buffet-chene.jpg', { Alt: '  ' }), /^Texte de remplacement requis/);
  await expectRefused('POST', `/api/project/${PROJECT}/gallery`, item(VIDEO, { Pair: 'before' }), /Une vidéo ne peut pas être/);
  const cover = (await t.db.selectFrom('project').select('image').where('id', '=', PROJECT).executeTakeFirstOrThrow()).image;
  await expectRefused('POST', `/api/project/${PROJECT}/gallery`, item(cover), /est déjà la photo principale du projet/);
  expect((await add(item('buffet-chene.jpg'))).json.Result).toBe(true);
  await expectRefused('POST', `/api/project/${PROJECT}/gallery`, item('buffet-chene.jpg'), /« buffet-chene\.jpg » est déjà dans la galerie de ce projet/);
  expect((await add(item('casiers-condo.jpg'))).json.Result).toBe(true);
  const [first, second] = await adminGallery();
  await expectRefused('PUT', `/api/project/${PROJECT}/gallery/${second?.Id ?? 0}`, item('buffet-chene.jpg'), /est déjà dans la galerie/);
  // Its own file, changed texts: not a duplicate.
  expect((await send('PUT', `/api/project/${PROJECT}/gallery/${first?.Id ?? 0}`, item('buffet-chene.jpg', { Caption: 'Ouvert' }))).json.Result).toBe(true);
  await expectRefused('PUT', `/api/project/${PROJECT}/gallery/${first?.Id ?? 0}`, item('buffet-chene.jpg', { Alt: '' }), /^Texte de remplacement requis/);
  // The schema's limits: 400 with the field named, nothing stored.
  for (const body of [item('buffet-chene.jpg', { Caption: 'x'.repeat(151) }), item('buffet-chene.jpg', { Alt: 'a\u202Eb' }), { ...item('buffet-chene.jpg'), Pair: 'avant' }, { Image: 'buffet-chene.jpg' }]) {
    const before = await snapshot(t.db);
    expect((await t.call('POST', `/api/project/${PROJECT}/gallery`, { token, body })).statusCode).toBe(400);
    expect(await snapshot(t.db)).toEqual(before);
  }
  const rows = Array.from({ length: 58 }, (_, i) => ({ project_id: PROJECT, image: `photo-${i}.jpg`, caption: '', alt: 'Photo', position: 1000 + i }));
  await t.db.insertInto('project_media').values(rows).execute();
  await expectRefused('POST', `/api/project/${PROJECT}/gallery`, item('salon-tons-chauds.jpg'), /60 photos et vidéos au plus/);
});

test('unknown project or item: 404; without a token: 401; a draft’s gallery is the administrator’s', async () => {
  expect((await add(item('buffet-chene.jpg'), 99999)).status).toBe(404);
  expect((await t.call('GET', '/api/project/99999/gallery', { token })).statusCode).toBe(404);
  expect((await add(item('buffet-chene.jpg'), 4)).json.Result).toBe(true);
  const [other] = await adminGallery(4);
  // An item of project 4 named under project 3.
  expect((await send('PUT', `/api/project/${PROJECT}/gallery/${other?.Id ?? 0}`, item('buffet-chene.jpg'))).status).toBe(404);
  expect((await send('DELETE', `/api/project/${PROJECT}/gallery/${other?.Id ?? 0}`)).status).toBe(404);
  expect((await t.call('POST', `/api/project/${PROJECT}/gallery`, { body: item('buffet-chene.jpg') })).statusCode).toBe(401);
  expect((await t.call('GET', `/api/project/${PROJECT}/gallery`)).statusCode).toBe(401);

  const project = await t.db.selectFrom('project').selectAll().where('id', '=', 4).executeTakeFirstOrThrow();
  await t.call('PUT', '/api/project/4', { token, body: { Id: 4, ProjectTypeId: project.project_type_id, Name: project.name, Description: project.description, Image: project.image, Published: false } });
  expect((await t.call('GET', '/api/project/4')).statusCode).toBe(404);
  expect((await adminGallery(4)).map((i) => i.Image)).toEqual(['buffet-chene.jpg']);
  // Deleting the project takes its gallery with it (the files stay in the library).
  expect((await t.call('DELETE', '/api/project/4', { token })).json<MutationResult>().Result).toBe(true);
  expect(await t.db.selectFrom('project_media').selectAll().where('project_id', '=', 4).execute()).toEqual([]);
});

test('one before/after pair per project: marking another photo « Avant » takes the mark from the first', async () => {
  for (const name of ['buffet-chene.jpg', 'casiers-condo.jpg', 'salon-tons-chauds.jpg']) expect((await add(item(name))).json.Result).toBe(true);
  const [a, b, c] = await adminGallery();
  expect((await send('PUT', `/api/project/${PROJECT}/gallery/${a?.Id ?? 0}`, item('buffet-chene.jpg', { Pair: 'before' }))).json.Result).toBe(true);
  expect((await send('PUT', `/api/project/${PROJECT}/gallery/${b?.Id ?? 0}`, item('casiers-condo.jpg', { Pair: 'after' }))).json.Result).toBe(true);
  expect((await publicGallery())?.map((i) => i.Pair)).toEqual(['before', 'after', '']);
  expect((await send('PUT', `/api/project/${PROJECT}/gallery/${c?.Id ?? 0}`, item('salon-tons-chauds.jpg', { Pair: 'before' }))).json.Result).toBe(true);
  expect((await publicGallery())?.map((i) => i.Pair)).toEqual(['', 'after', 'before']);
  // Another project's marks are its own.
  expect((await add(item('buffet-chene.jpg', { Pair: 'before' }), 4)).json.Result).toBe(true);
  expect((await publicGallery())?.map((i) => i.Pair)).toEqual(['', 'after', 'before']);
});

test('the owner’s order: one request per move, a stale list refused; the project’s last change follows', async () => {
  for (const name of ['buffet-chene.jpg', 'casiers-condo.jpg', 'salon-tons-chauds.jpg']) expect((await add(item(name))).json.Result).toBe(true);
  const ids = (await adminGallery()).map((i) => i.Id);
  await t.db.updateTable('project').set({ updated_at: 0 }).where('id', '=', PROJECT).execute();
  const next = [ids[2] as number, ids[0] as number, ids[1] as number];
  expect((await send('PUT', `/api/project/${PROJECT}/gallery/order`, { Seen: ids, Order: next })).json.Result).toBe(true);
  expect((await publicGallery())?.map((i) => i.Id)).toEqual(next);
  expect((await t.db.selectFrom('project').select('updated_at').where('id', '=', PROJECT).executeTakeFirstOrThrow()).updated_at).toBeGreaterThan(0);
  await expectRefused('PUT', `/api/project/${PROJECT}/gallery/order`, { Seen: ids, Order: [...ids].reverse() }, /La liste a changé entre-temps/);
});

test('the demo holds at least five projects with three photos or more and two before/after pairs', async () => {
  // A fresh install's seed, read through the API.
  const fresh = await buildSignedIn();
  try {
    const all = (await fresh.t.call('GET', '/api/project/all/')).json<ProjectView[]>();
    const galleries = await Promise.all(all.map(async (p) => (await fresh.t.call('GET', `/api/project/${p.Id}`)).json<ProjectView>().Gallery ?? []));
    expect(galleries.filter((g) => g.length + 1 >= 3).length).toBeGreaterThanOrEqual(5);
    expect(galleries.filter((g) => g.some((i) => i.Pair === 'before') && g.some((i) => i.Pair === 'after'))).toHaveLength(2);
    for (const item of galleries.flat()) expect(item.Media).toBeDefined();
  } finally {
    await fresh.t.close();
  }
});
