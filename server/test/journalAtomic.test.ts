// The journal's entry in the transaction of the change (issue 28), for the writes whose slow work
// runs before their transaction (sign-in's password check, an upload's processing and files, an
// administrator's password hash) and those that write through their own handle of the database
// (the library's deletions, the quote inbox): when the entry cannot be written, nothing changed
// (refresh tokens, administrators, library rows and files, trash, quote requests); once it can,
// each change is there with its entry.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ImageUploadResult, JournalPage, MutationResult } from '../../contract/api.ts';
import { demoVideos } from '../demo/content.ts';
import { md5hex } from '../auth/passwords.ts';
import { messages } from '../domain/messages.ts';
import { demoPosterName } from '../media/video.ts';
import { insertQuote } from '../quotes/quote.repository.ts';
import { withJournalFailing } from './database.ts';
import { ADMIN_EMAIL, build, imageFiles, multipart, repoRoot, uploadImage, XSRF, type TestApp } from './helper.ts';

let t: TestApp;
let session: { Token: string; RefreshToken: string };
/** A photo of the library that nothing uses, and a second administrator. */
let unused: string;
let otherId: number;
let quoteId: number;
let quoteFolder: string;

const photo = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a2b' } }).jpeg().toBuffer();
const demoDir = join(repoRoot, 'server', 'demo', 'images');
const DEMO_VIDEO = demoVideos[0]?.video as string;

/** POST /api/image/ with a video and its poster. */
function uploadVideo(token: string) {
  const { payload, boundary } = multipart([
    { field: 'file', fileName: 'Ma vidéo.mp4', data: readFileSync(join(demoDir, DEMO_VIDEO)), type: 'video/mp4' },
    { field: 'poster', fileName: 'blob', data: readFileSync(join(demoDir, demoPosterName(DEMO_VIDEO))), type: 'image/jpeg' },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/image/',
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token: string = session.Token) => t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
const otherUser = (Pwd: string) => ({ Id: otherId, Email: 'second@exemple.ca', Pwd });

/** What these writes change: refresh tokens, administrators, the library (rows and files), the trash, the quote requests and their files. */
async function state() {
  return {
    tokens: await t.db.selectFrom('refresh_token').selectAll().orderBy('id').execute(),
    users: await t.db.selectFrom('app_user').selectAll().orderBy('id').execute(),
    images: await t.db.selectFrom('image').selectAll().orderBy('name').execute(),
    files: imageFiles(t),
    trash: await t.db.selectFrom('trash').selectAll().orderBy('id').execute(),
    quotes: await t.db.selectFrom('quote').selectAll().orderBy('id').execute(),
    quoteFiles: readdirSync(t.app.services.quotes.dir).sort(),
  };
}

beforeAll(async () => {
  t = await build();
  session = await t.login();
  unused = (await uploadImage(t, await photo(), 'inutile.jpg', { token: session.Token })).json<ImageUploadResult>().Name;
  expect((await call('POST', '/api/user/', { Id: 0, Email: 'second@exemple.ca', Pwd: md5hex('premier-mot-de-passe') })).json<MutationResult>().Result).toBe(true);
  otherId = (await t.db.selectFrom('app_user').select('id').where('email', '=', 'second@exemple.ca').executeTakeFirstOrThrow()).id;
  quoteFolder = 'a1b2c3d4e5f6a1b2c3d4e5f6';
  mkdirSync(join(t.app.services.quotes.dir, quoteFolder), { recursive: true });
  writeFileSync(join(t.app.services.quotes.dir, quoteFolder, 'photo-1.jpg'), await photo());
  const quote = { created_at: Date.now(), name: 'Julie Gagnon', email: 'julie@exemple.ca', phone: '', city: 'Gatineau', work: 'Terrasses', message: 'Une terrasse.', lang: 'fr' as const, folder: quoteFolder };
  quoteId = await insertQuote(t.db, quote, [], '<demande@exemple.ca>');
});
afterAll(() => t.close());

test('when its journal entry cannot be written, no such write happens', async () => {
  const before = await state();
  const statuses = await withJournalFailing(t.db, async () => ({
    signIn: (await t.call('POST', '/api/login/', { body: { Email: ADMIN_EMAIL, Pwd: md5hex('motdepasse-test') } })).statusCode,
    photo: (await uploadImage(t, await photo(), 'nouvelle.jpg', { token: session.Token })).statusCode,
    video: (await uploadVideo(session.Token)).statusCode,
    deleteImage: (await call('DELETE', `/api/image/${unused}`)).statusCode,
    addUser: (await call('POST', '/api/user/', { Id: 0, Email: 'troisieme@exemple.ca', Pwd: md5hex('un-mot-de-passe') })).statusCode,
    password: (await call('PUT', `/api/user/${otherId}`, otherUser(md5hex('nouveau-mot-de-passe')))).statusCode,
    deleteQuote: (await call('DELETE', `/api/quote/${quoteId}`)).statusCode,
    signOut: (await t.call('POST', '/api/logout/', { token: session.RefreshToken })).statusCode,
  }));
  expect(statuses).toEqual({ signIn: 500, photo: 500, video: 500, deleteImage: 500, addUser: 500, password: 500, deleteQuote: 500, signOut: 500 });
  // No session opened or ended, no administrator added or changed, no file left under a new
  // name, the photo still in the library, the request and its photo still there.
  expect(await state()).toEqual(before);
  expect(before.quoteFiles).toContain(quoteFolder);
});

test('once it can, each write happens with its entry', async () => {
  const journal = async () => (await t.call('GET', '/api/journal/', { token: session.Token })).json<JournalPage>().Entries;
  const last = async () => {
    const [entry] = await journal();
    return [entry?.By, entry?.Action, entry?.Kind, entry?.RecordId, entry?.Name, entry?.Outcome, entry?.Message];
  };
  const tokens = async () => (await t.db.selectFrom('refresh_token').select('id').execute()).length;

  const count = await tokens();
  const signedIn = await t.login();
  expect(await tokens()).toBe(count + 1);
  expect(await last()).toEqual([ADMIN_EMAIL, 'sign-in', 'session', '', ADMIN_EMAIL, 'done', '']);

  const uploaded = (await uploadImage(t, await photo(), 'nouvelle.jpg', { token: signedIn.Token })).json<ImageUploadResult>();
  expect(uploaded).toEqual({ Result: true, Message: messages.image.uploaded, Name: 'nouvelle.jpg' });
  expect(imageFiles(t)).toContain('nouvelle.jpg');
  expect(await last()).toEqual([ADMIN_EMAIL, 'upload', 'image', 'nouvelle.jpg', 'nouvelle.jpg', 'done', messages.image.uploaded]);

  const video = (await uploadVideo(signedIn.Token)).json<ImageUploadResult>();
  expect(video.Result).toBe(true);
  expect(await last()).toEqual([ADMIN_EMAIL, 'upload', 'image', video.Name, video.Name, 'done', messages.video.uploaded]);

  expect((await call('DELETE', `/api/image/${unused}`)).json<MutationResult>()).toEqual({ Result: true, Message: messages.image.deleted });
  expect((await t.db.selectFrom('trash').select('record_id').where('kind', '=', 'image').execute()).map((r) => r.record_id)).toEqual([unused]);
  expect(await last()).toEqual([ADMIN_EMAIL, 'delete', 'image', unused, unused, 'done', messages.image.deleted]);

  expect((await call('POST', '/api/user/', { Id: 0, Email: 'troisieme@exemple.ca', Pwd: md5hex('un-mot-de-passe') })).json<MutationResult>().Result).toBe(true);
  const third = (await t.db.selectFrom('app_user').select('id').where('email', '=', 'troisieme@exemple.ca').executeTakeFirstOrThrow()).id;
  expect(await last()).toEqual([ADMIN_EMAIL, 'add', 'user', String(third), 'troisieme@exemple.ca', 'done', messages.ok]);

  const hash = async () => (await t.db.selectFrom('app_user').select('password_hash').where('id', '=', otherId).executeTakeFirstOrThrow()).password_hash;
  const oldHash = await hash();
  expect((await call('PUT', `/api/user/${otherId}`, otherUser(md5hex('nouveau-mot-de-passe')))).json<MutationResult>().Result).toBe(true);
  expect(await hash()).not.toBe(oldHash);
  expect(await last()).toEqual([ADMIN_EMAIL, 'password', 'user', String(otherId), 'second@exemple.ca', 'done', messages.ok]);

  expect((await call('DELETE', `/api/quote/${quoteId}`)).json<MutationResult>()).toEqual({ Result: true, Message: messages.quote.deleted });
  expect(readdirSync(t.app.services.quotes.dir)).not.toContain(quoteFolder);
  expect(await last()).toEqual([ADMIN_EMAIL, 'delete', 'quote', String(quoteId), '', 'done', messages.quote.deleted]);

  expect((await t.call('POST', '/api/logout/', { token: signedIn.RefreshToken })).statusCode).toBe(200);
  expect((await t.call('GET', '/api/journal/', { token: signedIn.Token })).statusCode).toBe(401);
  expect(await last()).toEqual([ADMIN_EMAIL, 'sign-out', 'session', '', '', 'done', messages.signIn.loggedOut]);
});
