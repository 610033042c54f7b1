// Link previews (/assets/og/<name>.jpg) under abuse (issue 34): only for the library's photos, built
// from their 1600-px variant by the image worker and kept on disk beside the variants; variants,
// videos, deleted and unknown names answer 404 without any work; a loop of requests leaves the
// server's memory where it was. One app for the file, the demo's photos (their variants encoded).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildSignedIn, uploadImage, type TestApp } from './helper.ts';
import type { PipelineJob } from '../media/rules.ts';

jest.setTimeout(60_000);

let t: TestApp;
let token: string;
/** The worker runs asked for, in order. */
let runs = 0;

beforeAll(async () => {
  ({ t, token } = await buildSignedIn());
  const images = t.app.services.images;
  const preview = images.preview.bind(images);
  // Counted at the library's door: a preview built is one worker run; one read from disk is none.
  images.preview = async (name) => {
    const path = join(images.dir, `${name}.og.jpg`);
    const built = existsSync(path);
    const answer = await preview(name);
    if (answer && !built) runs++;
    return answer;
  };
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: 'XSRF-TOKEN=abc' } });

test('a library photo: a 1200×630 JPEG built from its 1600-px variant, kept on disk beside it, built once', async () => {
  const res = await get('/assets/og/accueil.jpg.jpg');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const info = await sharp(res.rawPayload).metadata();
  expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
  const file = join(t.app.services.images.dir, 'accueil.jpg.og.jpg');
  expect(statSync(file).size).toBe(res.rawPayload.length);
  const before = runs;
  const again = await get('/assets/og/accueil.jpg.jpg');
  expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  expect(runs).toBe(before);
});

test('anything but a library photo answers 404: variants, videos, unknown and deleted names, other spellings', async () => {
  for (const name of [
    'accueil.jpg.1600.webp',
    'accueil.jpg.320.avif',
    'accueil.jpg.og.jpg',
    'tiroirs-sous-escalier-en-action.mp4',
    'absente.jpg',
    '..%2Fjwt-secret',
    'accueil.jpg.png',
  ]) {
    const res = await get(`/assets/og/${name}.jpg`);
    expect([name, res.statusCode]).toEqual([name, 404]);
  }
  expect((await get('/assets/og/accueil.jpg')).statusCode).toBe(404); // no .jpg of its own

  // A photo uploaded then deleted: its preview goes with it.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6b4f3a' } }).jpeg().toBuffer();
  const uploaded = await uploadImage(t, photo, 'apercu-efface.jpg', { token });
  const name = uploaded.json<{ Name: string }>().Name;
  expect((await get(`/assets/og/${name}.jpg`)).statusCode).toBe(200); // from its 800-px variant, the largest
  expect(existsSync(join(t.app.services.images.dir, `${name}.og.jpg`))).toBe(true);
  expect((await t.call('DELETE', `/api/image/${encodeURIComponent(name)}`, { token })).json<{ Result: boolean }>().Result).toBe(true);
  expect((await get(`/assets/og/${name}.jpg`)).statusCode).toBe(404);
  // In the trash (issue 28) its files wait; erased for good, the preview goes with them.
  const [entry] = (await t.call('GET', '/api/trash/', { token })).json<Array<{ Id: number; RecordId: string }>>().filter((e) => e.RecordId === name);
  expect((await t.call('DELETE', `/api/trash/${entry?.Id}`, { token })).json<{ Result: boolean }>().Result).toBe(true);
  expect(existsSync(join(t.app.services.images.dir, `${name}.og.jpg`))).toBe(false);
});

test('100 preview requests in a loop (photos, variants, unknown names) leave the server within 20 MB of where it started', async () => {
  const photos = ['accueil.jpg', 'atelier.jpg', 'type-bancs.jpg', 'banc-cedre-rouge.jpg'];
  const names = [...photos, ...photos.map((p) => `${p}.1600.webp`), ...photos.map((p) => `${p}.640.avif`), 'inconnue.jpg'];
  const start = globalThis.process.memoryUsage().rss;
  for (const photo of photos) await get(`/assets/og/${photo}.jpg`); // built once (by the worker), then read from disk
  const jobs: PipelineJob[] = [];
  const process = t.app.services.images.process;
  t.app.services.images.process = (j, priority) => (jobs.push(...j), process(j, priority));
  for (let i = 0; i < 100; i++) {
    const name = names[i % names.length] as string;
    const res = await get(`/assets/og/${name}.jpg`);
    expect([name, res.statusCode]).toEqual([name, photos.includes(name) ? 200 : 404]);
  }
  const grown = (globalThis.process.memoryUsage().rss - start) / 1024 / 1024;
  expect(grown).toBeLessThan(20);
  expect(jobs).toEqual([]);
});
