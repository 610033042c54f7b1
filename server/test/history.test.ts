// The versions of a record (issue 28): each successful update keeps the state it replaced (when,
// by whom, the fields that changed), a project's gallery included; restoring a version is an
// ordinary update, recorded and refused like one.
import sharp from 'sharp';
import type { GalleryItem, HistoryVersion, ImageUploadResult, MutationResult, SiteSettings, TrashEntry } from '../../contract/api.ts';
import { messages } from '../domain/messages.ts';
import { ADMIN_EMAIL, build, uploadImage, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = (await t.login()).Token;
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  return { status: res.statusCode, json: res.json<MutationResult>() };
};
const history = async (kind: string, id: string | number) => (await t.call('GET', `/api/history/${kind}/${id}`, { token })).json<HistoryVersion[]>();

test('a description changed twice, then its first version restored from the history', async () => {
  const row = await t.db.selectFrom('project').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const body = (Description: string) => ({ Id: row.id, ProjectTypeId: row.project_type_id, Name: row.name, Description, Image: row.image });
  expect((await call('PUT', `/api/project/${row.id}`, body('Première nouvelle description.'))).json.Result).toBe(true);
  expect((await call('PUT', `/api/project/${row.id}`, body('Deuxième nouvelle description.'))).json.Result).toBe(true);
  // An update that changes nothing keeps no version.
  expect((await call('PUT', `/api/project/${row.id}`, body('Deuxième nouvelle description.'))).json.Result).toBe(true);

  const versions = await history('project', row.id);
  expect(versions.map((v) => [v.Version, v.By, v.Changes])).toEqual([
    [2, ADMIN_EMAIL, [{ Field: 'Description', Old: 'Première nouvelle description.', New: 'Deuxième nouvelle description.' }]],
    [1, ADMIN_EMAIL, [{ Field: 'Description', Old: row.description, New: 'Première nouvelle description.' }]],
  ]);
  expect(Date.parse(versions[0]?.At ?? '')).toBeGreaterThan(Date.now() - 60_000);

  expect(await call('POST', `/api/history/project/${row.id}/1/restore`)).toEqual({ status: 200, json: { Result: true, Message: messages.ok } });
  const back = await t.db.selectFrom('project').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  expect({ ...back, updated_at: 0 }).toEqual({ ...row, updated_at: 0 });
  // The restore is an update of its own: recorded.
  expect((await history('project', row.id)).map((v) => [v.Version, v.Changes[0]?.New])).toEqual([
    [3, row.description],
    [2, 'Deuxième nouvelle description.'],
    [1, 'Première nouvelle description.'],
  ]);
  const journal = (await t.call('GET', '/api/journal/?kind=project', { token })).json<{ Entries: Array<{ Action: string; RecordId: string }> }>();
  expect(journal.Entries[0]).toMatchObject({ Action: 'restore-version', RecordId: String(row.id) });
});

test('a version that no longer holds is refused like any update; one that does not exist is a 404', async () => {
  expect((await call('POST', '/api/category/', { Id: 0, Name: 'Ancien nom' })).json.Result).toBe(true);
  const id = (await t.db.selectFrom('category').select('id').where('name', '=', 'Ancien nom').executeTakeFirstOrThrow()).id;
  expect((await call('PUT', `/api/category/${id}`, { Id: id, Name: 'Nouveau nom' })).json.Result).toBe(true);
  expect((await call('POST', '/api/category/', { Id: 0, Name: 'Ancien nom' })).json.Result).toBe(true);
  expect((await call('POST', `/api/history/category/${id}/1/restore`)).json).toEqual({ Result: false, Message: messages.category.duplicate('Ancien nom') });
  expect((await history('category', id))).toHaveLength(1);
  expect(await call('POST', `/api/history/category/${id}/9/restore`)).toEqual({ status: 404, json: { Result: false, Message: messages.history.noVersion(9) } });
  expect((await t.call('POST', `/api/history/user/${id}/1/restore`, { token })).statusCode).toBe(400);
  expect((await t.call('GET', `/api/history/category/abc`, { token })).statusCode).toBe(400);
});

test('the site settings keep their versions too', async () => {
  const site = (await t.call('GET', '/api/site')).json<SiteSettings>();
  expect((await call('PUT', '/api/site', { ...site, BusinessName: 'Atelier renommé' })).json.Result).toBe(true);
  const [version] = await history('site', 'site');
  expect(version?.Changes).toEqual([{ Field: 'BusinessName', Old: site.BusinessName, New: 'Atelier renommé' }]);
  expect((await call('POST', '/api/history/site/site/1/restore')).json.Result).toBe(true);
  expect((await t.call('GET', '/api/site')).json<SiteSettings>().BusinessName).toBe(site.BusinessName);
});

describe("a project's gallery", () => {
  let project: number;
  const galleryOf = async () => (await t.call('GET', `/api/project/${project}/gallery`, { token })).json<GalleryItem[]>();
  const input = (item: GalleryItem, changes: Partial<GalleryItem> = {}) => {
    const { Image, Caption, Alt, Pair, En } = { ...item, ...changes };
    return { Image, Caption, Alt, Pair, ...(En ? { En } : {}) };
  };
  const upload = async (name: string, background: string) =>
    (await uploadImage(t, await sharp({ create: { width: 64, height: 48, channels: 3, background } }).jpeg().toBuffer(), name, { token })).json<ImageUploadResult>().Name;
  /** What the owner sees of a gallery: each item's file and texts, in order. */
  const seen = (items: GalleryItem[]) => items.map((item) => [item.Id, item.Image, item.Caption, item.Alt, item.Pair]);

  beforeAll(async () => {
    // A project with three items at least, not the one the first test restored.
    const rows = await t.db.selectFrom('project_media').select('project_id').execute();
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.project_id, (counts.get(row.project_id) ?? 0) + 1);
    const first = (await t.db.selectFrom('project').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    project = [...counts].filter(([id, count]) => id !== first && count >= 3).sort((a, b) => b[1] - a[1])[0]?.[0] as number;
    expect(project).toBeDefined();
  });

  test('adding, changing, moving or deleting an item is a version of its project; restoring one brings the gallery back for the items still there', async () => {
    const original = await galleryOf();
    const [one, two, three] = original as [GalleryItem, GalleryItem, GalleryItem];
    expect((await call('PUT', `/api/project/${project}/gallery/${one.Id}`, input(one, { Caption: 'Une toute nouvelle légende' }))).json.Result).toBe(true);
    expect((await history('project', project))[0]?.Changes).toEqual([{ Field: 'Gallery.1.Caption', Old: one.Caption, New: 'Une toute nouvelle légende' }]);

    const ids = original.map((item) => item.Id);
    expect((await call('PUT', `/api/project/${project}/gallery/order`, { Seen: ids, Order: [two.Id, one.Id, ...ids.slice(2)] })).json.Result).toBe(true);
    expect((await history('project', project))[0]?.Changes).toEqual(
      expect.arrayContaining([
        { Field: 'Gallery.1.Image', Old: one.Image, New: two.Image },
        { Field: 'Gallery.2.Image', Old: two.Image, New: one.Image },
      ]),
    );

    // Added with the « Après » mark, which the second item had: it loses it, as an update does.
    expect(two.Pair).toBe('after');
    const added = await upload('ajoutee-depuis.jpg', '#336699');
    expect((await call('POST', `/api/project/${project}/gallery`, { Image: added, Caption: 'Ajoutée depuis', Alt: 'Une photo ajoutée', Pair: 'after' })).json.Result).toBe(true);
    const place = original.length + 1;
    expect((await history('project', project))[0]?.Changes).toEqual([
      { Field: 'Gallery.1.Pair', Old: 'after', New: '' },
      { Field: `Gallery.${place}.Image`, Old: '', New: added },
      { Field: `Gallery.${place}.Caption`, Old: '', New: 'Ajoutée depuis' },
      { Field: `Gallery.${place}.Alt`, Old: '', New: 'Une photo ajoutée' },
      { Field: `Gallery.${place}.Pair`, Old: '', New: 'after' },
    ]);
    const addedId = (await galleryOf()).at(-1)?.Id as number;

    expect((await call('DELETE', `/api/project/${project}/gallery/${three.Id}`)).json.Result).toBe(true);
    const versions = await history('project', project);
    expect(versions[0]?.Changes.some((change) => change.Old === three.Image)).toBe(true);

    // The state before the caption changed: every item as it was (the second one's mark too), but
    // the third is in the trash (it stays there) and the one added since stays, at the end.
    const version = versions.find((v) => v.Changes.length === 1 && v.Changes[0]?.New === 'Une toute nouvelle légende')?.Version as number;
    const restored = await call('POST', `/api/history/project/${project}/${version}/restore`);
    expect(restored).toEqual({ status: 200, json: { Result: true, Message: messages.history.galleryNotAsItWas([three.Caption || three.Image], 1) } });
    const back = await galleryOf();
    expect(seen(back)).toEqual([...seen(original.filter((item) => item.Id !== three.Id)), [addedId, added, 'Ajoutée depuis', 'Une photo ajoutée', '']]);
    expect(back.map((item) => item.En)).toEqual([...original.filter((item) => item.Id !== three.Id).map((item) => item.En), { Caption: '', Alt: '' }]);
    // The restore is a version of its own.
    expect((await history('project', project))[0]?.Changes).toEqual(expect.arrayContaining([{ Field: 'Gallery.1.Caption', Old: two.Caption, New: one.Caption }]));

    // The third item back from the trash, in its place: a change of its project too.
    const entry = (await t.call('GET', '/api/trash/', { token })).json<TrashEntry[]>().find((e) => e.Kind === 'gallery' && e.RecordId === String(three.Id));
    expect((await call('POST', `/api/trash/${entry?.Id}/restore`)).json.Result).toBe(true);
    expect(seen(await galleryOf())).toEqual([...seen(original), [addedId, added, 'Ajoutée depuis', 'Une photo ajoutée', '']]);
    expect((await history('project', project))[0]?.Changes).toEqual(expect.arrayContaining([{ Field: 'Gallery.3.Caption', Old: original[3]?.Caption, New: three.Caption }]));
  });

  test('a version kept before the gallery was part of the history restores the project alone', async () => {
    const row = await t.db.selectFrom('project').selectAll().where('id', '=', project).executeTakeFirstOrThrow();
    const gallery = await galleryOf();
    const [latest] = await history('project', project);
    const old = { Id: project, ProjectTypeId: row.project_type_id, Name: 'Son nom d’avant', Description: row.description, Image: row.image, Published: true, En: { Name: row.name_en, Description: row.description_en } };
    const version = (latest?.Version ?? 0) + 1;
    await t.db
      .insertInto('record_version')
      .values({ kind: 'project', record_id: String(project), version, body: JSON.stringify(old), changes: JSON.stringify([{ Field: 'Name', Old: old.Name, New: row.name }]), at: Date.now(), by: ADMIN_EMAIL })
      .execute();
    expect((await call('POST', `/api/history/project/${project}/${version}/restore`)).json).toEqual({ Result: true, Message: messages.ok });
    expect((await t.db.selectFrom('project').select('name').where('id', '=', project).executeTakeFirstOrThrow()).name).toBe('Son nom d’avant');
    expect(await galleryOf()).toEqual(gallery);
  });

  test("a version whose item shows a file no longer in the library is refused, and changes nothing", async () => {
    const [one] = (await galleryOf()) as [GalleryItem];
    const before = await upload('remplacee.jpg', '#996633');
    const after = await upload('remplacante.jpg', '#669933');
    expect((await call('PUT', `/api/project/${project}/gallery/${one.Id}`, input(one, { Image: before }))).json.Result).toBe(true);
    expect((await call('PUT', `/api/project/${project}/gallery/${one.Id}`, input(one, { Image: after, Caption: 'Autre légende' }))).json.Result).toBe(true);
    const [latest] = await history('project', project);
    // The file the version shows goes to the trash: the version no longer holds.
    expect((await call('DELETE', `/api/image/${before}`)).json.Result).toBe(true);
    const row = async () => t.db.selectFrom('project').selectAll().where('id', '=', project).executeTakeFirstOrThrow();
    const [projectBefore, galleryBefore] = [await row(), await galleryOf()];
    expect(await call('POST', `/api/history/project/${project}/${latest?.Version}/restore`)).toEqual({ status: 200, json: { Result: false, Message: messages.gallery.notInLibrary(before) } });
    expect([await row(), await galleryOf()]).toEqual([projectBefore, galleryBefore]);
    expect((await history('project', project))[0]?.Version).toBe(latest?.Version);
  });
});
