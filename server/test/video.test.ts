// Videos of the library (issue 9), with real files, the real worker and a real database: an MP4
// uploads with its poster (in either order) and comes back byte for byte; what is not an MP4, too
// heavy, or sent without a poster is refused and leaves nothing behind; /assets/images answers
// byte ranges (206, 416, If-Range, HEAD); a video goes with its poster and only when unused; the
// demo video project reads with its Media.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ImageUploadResult, ProjectView } from '../../contract/api.ts';
import { demoProjects, demoVideos } from '../demo/content.ts';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../contract/images.ts';
import { demoPosterName, sniffFtyp } from '../media/video.ts';
import { IMMUTABLE, parseRange } from '../media/files.routes.ts';
import { buildSignedIn, multipart, repoRoot, XSRF, type FilePart as Part, type TestApp, backupOf, imagesDir, imageFiles, imageRows, libraryOf } from './helper.ts';

jest.setTimeout(120_000);

const demoDir = join(repoRoot, 'server', 'demo', 'images');
const DEMO_VIDEO = demoVideos[0]?.video as string;
const DEMO_POSTER = demoPosterName(DEMO_VIDEO);
const mp4 = readFileSync(join(demoDir, DEMO_VIDEO));
const poster = readFileSync(join(demoDir, DEMO_POSTER));

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await buildSignedIn()));
afterAll(async () => t.close());


const headers = (boundary: string) => ({
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  authorization: `Bearer ${token}`,
  'content-type': `multipart/form-data; boundary=${boundary}`,
});

function upload(parts: Part[]) {
  const { payload, boundary } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/image/', headers: headers(boundary), payload });
}

const video = (data: Buffer<ArrayBufferLike> = mp4, fileName = 'Mon banc.mp4'): Part => ({ field: 'file', fileName, data, type: 'video/mp4' });
const still = (data: Buffer<ArrayBufferLike> = poster): Part => ({ field: 'poster', fileName: 'blob', data, type: 'image/jpeg' });

/** An ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[]): Buffer<ArrayBufferLike> {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
}

describe('recognised by content', () => {
  test('the ftyp box of an MP4, not of a HEIF image nor of a QuickTime movie', () => {
    expect(sniffFtyp(mp4.subarray(0, 512))).toBe('mp4');
    expect(sniffFtyp(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']))).toBe('mp4');
    expect(sniffFtyp(ftyp('mp42', ['mp42', 'isom']))).toBe('mp4');
    expect(sniffFtyp(ftyp('M4V ', ['M4V ', 'M4A ', 'mp42', 'isom']))).toBe('mp4');
    expect(sniffFtyp(ftyp('XAVC', ['XAVC', 'mp42', 'iso2']))).toBe('mp4');
    expect(sniffFtyp(ftyp('qt  ', ['qt  ']))).toBe('quicktime');
    expect(sniffFtyp(ftyp('avif', ['avif', 'mif1', 'miaf', 'MA1B']))).toBe('other');
    expect(sniffFtyp(ftyp('heic', ['mif1', 'heic']))).toBe('other');
    expect(sniffFtyp(ftyp('mif1', ['mif1', 'avif', 'iso8']))).toBe('other');
    expect(sniffFtyp(Buffer.from('Ceci est un fichier texte.\n'.repeat(10)))).toBe('other');
    // An insane size is not an ftyp box.
    const huge = ftyp('isom', ['isom']);
    huge.writeUInt32BE(0x7fffffff, 0);
    expect(sniffFtyp(huge)).toBe('other');
  });
});

describe('the demo video project', () => {
  test('is the last project; its reads carry the Media of a video', async () => {
    const last = demoProjects[demoProjects.length - 1];
    expect(last?.image).toBe(DEMO_VIDEO);
    const projects = (await t.call('GET', '/api/project/all/')).json<ProjectView[]>();
    expect(projects).toHaveLength(demoProjects.length);
    const project = projects.find((p) => p.Image === DEMO_VIDEO) as ProjectView;
    expect(project.Id).toBe(demoProjects.length);
    const media = { Type: 'video/mp4', Width: 960, Height: 720, Widths: [320, 640, 800, 960], Poster: DEMO_POSTER };
    expect(project.Media).toEqual(media);
    expect((await t.call('GET', `/api/project/${project.Id}`)).json<ProjectView>().Media).toEqual(media);
    expect((await t.call('GET', `/api/projects/${project.ProjectTypeId}`)).json<ProjectView[]>().find((p) => p.Id === project.Id)?.Media).toEqual(media);
    // Stored as is; the poster and its variants beside it.
    expect(readFileSync(join(imagesDir(t), DEMO_VIDEO)).equals(mp4)).toBe(true);
    for (const file of [DEMO_POSTER, ...[320, 640, 800, 960].flatMap((w) => [`${DEMO_POSTER}.${w}.avif`, `${DEMO_POSTER}.${w}.webp`])]) {
      expect([file, imageFiles(t).includes(file)]).toEqual([file, true]);
    }
  });

  test('the library lists the video with its poster, and not the poster alone', async () => {
    const list = await libraryOf(t, token);
    expect(list.find((image) => image.Name === DEMO_VIDEO)).toEqual({
      Name: DEMO_VIDEO,
      Type: 'video/mp4',
      Width: 960,
      Height: 720,
      Bytes: mp4.length,
      Widths: [320, 640, 800, 960],
      Poster: DEMO_POSTER,
      Projects: 1,
      ProjectTypes: 0,
      Pages: 0,
    });
    expect(list.some((image) => image.Name === DEMO_POSTER)).toBe(false);
    expect(list.filter((image) => image.Poster !== undefined)).toHaveLength(1);
  });
});

describe('upload: an MP4 with its poster', () => {
  let first: ImageUploadResult;
  beforeAll(async () => {
    const res = await upload([video(mp4, 'Mon banc (1).MP4'), still()]);
    expect(res.statusCode).toBe(200);
    first = res.json<ImageUploadResult>();
  });

  test('is stored as is under a safe name, its poster as `<stem>-affiche.jpg` with variants', async () => {
    expect(first).toEqual({ Result: true, Message: "Vidéo enregistrée, avec son image d'aperçu et ses variantes AVIF et WebP.", Name: 'mon-banc-1.mp4' });
    expect(readFileSync(join(imagesDir(t), 'mon-banc-1.mp4')).equals(mp4)).toBe(true);
    expect((await libraryOf(t, token))[0]).toEqual({
      Name: 'mon-banc-1.mp4',
      Type: 'video/mp4',
      Width: 960,
      Height: 720,
      Bytes: mp4.length,
      Widths: [320, 640, 800, 960],
      Poster: 'mon-banc-1-affiche.jpg',
      Projects: 0,
      ProjectTypes: 0,
      Pages: 0,
    });
    const files = ['mon-banc-1-affiche.jpg', ...[320, 640, 800, 960].flatMap((w) => [`mon-banc-1-affiche.jpg.${w}.avif`, `mon-banc-1-affiche.jpg.${w}.webp`])];
    for (const file of files) expect([file, imageFiles(t).includes(file)]).toEqual([file, true]);
    // No temporary folder left.
    expect(imageFiles(t).filter((file) => file.startsWith('.'))).toEqual([]);
  });

  test('GET /assets/images/<name> answers the identical bytes, as video/mp4, cached for a year', async () => {
    const res = await t.call('GET', '/assets/images/mon-banc-1.mp4');
    expect([res.statusCode, res.headers['content-type'], res.headers['accept-ranges'], Number(res.headers['content-length'])]).toEqual([200, 'video/mp4', 'bytes', mp4.length]);
    expect(res.rawPayload.equals(mp4)).toBe(true);
    // A browser carries its XSRF cookie (a first visit without one is never cached: see security.ts).
    const cached = await t.call('GET', '/assets/images/mon-banc-1.mp4', { headers: { cookie: `XSRF-TOKEN=${XSRF}` } });
    expect(cached.headers['cache-control']).toBe(IMMUTABLE);
    const posterRes = await t.call('GET', '/assets/images/mon-banc-1-affiche.jpg.640.avif', { headers: { cookie: `XSRF-TOKEN=${XSRF}` } });
    expect([posterRes.statusCode, posterRes.headers['content-type'], posterRes.headers['cache-control']]).toEqual([200, 'image/avif', IMMUTABLE]);
  });

  test('a project set to it reads with the Media of the video', async () => {
    const project = (await t.call('GET', '/api/project/1')).json<ProjectView>();
    const body = { Id: project.Id, ProjectTypeId: project.ProjectTypeId, Name: project.Name, Description: project.Description, Image: first.Name };
    expect((await t.call('PUT', '/api/project/1', { token, body })).json()).toMatchObject({ Result: true });
    const read = (await t.call('GET', '/api/project/1')).json<ProjectView>();
    expect(read.Media).toEqual({ Type: 'video/mp4', Width: 960, Height: 720, Widths: [320, 640, 800, 960], Poster: 'mon-banc-1-affiche.jpg' });
    // In use: it cannot be deleted, nor can its poster (never alone).
    const before = imageFiles(t);
    const inUse = (await t.call('DELETE', `/api/image/${first.Name}`, { token })).json<{ Result: boolean; Message: string }>();
    expect(inUse).toEqual({ Result: false, Message: "Image utilisée par 1 projet : choisissez-leur une autre image avant de l'effacer." });
    expect(imageFiles(t)).toEqual(before);
    // Back to its photo, for the other tests.
    await t.call('PUT', '/api/project/1', { token, body: { ...body, Image: demoProjects[0]?.image } });
  });

  test('the poster part may come first; a second upload of the same name gets -2', async () => {
    const res = await upload([still(), video(mp4, 'Mon banc (1).mp4')]);
    expect(res.json<ImageUploadResult>()).toMatchObject({ Result: true, Name: 'mon-banc-1-2.mp4' });
    const row = await t.db.selectFrom('image').selectAll().where('name', '=', 'mon-banc-1-2.mp4').executeTakeFirstOrThrow();
    expect([row.type, row.poster, row.bytes]).toEqual(['video/mp4', 'mon-banc-1-2-affiche.jpg', mp4.length]);
  });
});

describe('refusals leave nothing on disk', () => {
  const refused = async (parts: Part[] | (() => ReturnType<typeof upload>), status: number, message: string | RegExp) => {
    const folder = imageFiles(t);
    const before = await imageRows(t.db);
    const res = await (typeof parts === 'function' ? parts() : upload(parts));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Result: false, Message: typeof message === 'string' ? message : expect.stringMatching(message) });
    expect(imageFiles(t)).toEqual(folder);
    expect(await imageRows(t.db)).toEqual(before);
    return res;
  };

  test('a text file named .mp4: « Format d’image non pris en charge »', async () => {
    const text = Buffer.from('Ceci est un fichier texte, pas une vidéo.\n'.repeat(50));
    await refused([video(text, 'film.mp4'), still()], 200, "Format d'image non pris en charge");
    await refused([video(text, 'film.mp4')], 200, "Format d'image non pris en charge");
  });

  test('a QuickTime movie, a truncated MP4', async () => {
    const quicktime = Buffer.concat([ftyp('qt  ', ['qt  ']), mp4.subarray(32)]);
    await refused([video(quicktime, 'iphone.mov'), still()], 200, 'Vidéo QuickTime (.mov) non prise en charge : exportez-la en MP4 (H.264) et réessayez.');
    await refused([video(mp4.subarray(0, Math.floor(mp4.length / 2)), 'coupee.mp4'), still()], 200, /^Vidéo endommagée ou incomplète/);
    // An ftyp box and nothing else: no moov, nothing a player can play.
    await refused([video(ftyp('isom', ['isom', 'mp41']), 'vide.mp4'), still()], 200, /^Vidéo endommagée ou incomplète/);
  });

  test('an MP4 without a poster, or with a poster that is not an image', async () => {
    await refused([video()], 200, "Une image d'aperçu est requise pour une vidéo");
    await refused([video(), still(Buffer.from('pas une image'))], 200, "Image d'aperçu refusée : Format d'image non pris en charge");
  });

  test('an MP4 over 100 Mo, streamed (no length given): « Vidéo trop volumineuse (100 Mo maximum) », 413', async () => {
    const { payload: head, boundary } = multipart([still()]);
    // The body is generated as it is sent: a poster, then an MP4 one byte over the limit.
    const opening = head.subarray(0, head.length - `--${boundary}--\r\n`.length);
    const start = Buffer.concat([
      opening,
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
      mp4.subarray(0, 64 * 1024),
    ]);
    const zeros = Buffer.alloc(1024 * 1024);
    let sent = 0;
    async function* body() {
      yield start;
      sent = 64 * 1024;
      while (sent < MAX_VIDEO_BYTES + 1) {
        const n = Math.min(zeros.length, MAX_VIDEO_BYTES + 1 - sent);
        yield zeros.subarray(0, n);
        sent += n;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await refused(
      () => t.app.inject({ method: 'POST', url: '/api/image/', headers: headers(boundary), payload: Readable.from(body()) }),
      413,
      'Vidéo trop volumineuse (100 Mo maximum)',
    );
    expect(res.headers.connection).toBe('close');
    // Refused only once past the limit: the whole 100 Mo went through, as a stream.
    expect(sent).toBeGreaterThan(MAX_VIDEO_BYTES);
  });

  test('a length over what a video and its poster may weigh: refused before a byte is read', async () => {
    const { payload, boundary } = multipart([video(Buffer.alloc(16))]);
    await refused(
      () => t.app.inject({ method: 'POST', url: '/api/image/', headers: { ...headers(boundary), 'content-length': String(200 * 1024 * 1024) }, payload }),
      413,
      'Vidéo trop volumineuse (100 Mo maximum)',
    );
  });

  test('an image still has its 20 Mo limit, and so has a poster', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length)]);
    await refused([{ field: 'file', fileName: 'grande.png', data: big }], 413, 'Image trop volumineuse (20 Mo maximum)');
    await refused([video(), still(big)], 413, 'Image trop volumineuse (20 Mo maximum)');
  });

  test('two videos, or two posters, in one request', async () => {
    await refused([video(), video(), still()], 400, 'Envoyez une seule image à la fois, dans le champ « file ».');
    await refused([video(), still(), still()], 400, /une seule image d'aperçu/);
  });
});

describe('byte ranges on /assets/images', () => {
  const url = `/assets/images/${DEMO_VIDEO}`;
  const get = (range?: string, extra: Record<string, string> = {}) => t.call('GET', url, { headers: { ...(range ? { range } : {}), ...extra } });

  test('bytes=0-99: 206 with exactly those bytes', async () => {
    const res = await get('bytes=0-99');
    expect([res.statusCode, res.headers['content-range'], res.headers['content-length'], res.headers['content-type'], res.headers['accept-ranges']]).toEqual([
      206,
      `bytes 0-99/${mp4.length}`,
      '100',
      'video/mp4',
      'bytes',
    ]);
    expect(res.rawPayload.equals(mp4.subarray(0, 100))).toBe(true);
  });

  test('open, suffix, clamped and one-byte ranges', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=1000-', 1000, mp4.length - 1],
      ['bytes=-500', mp4.length - 500, mp4.length - 1],
      [`bytes=-${mp4.length * 2}`, 0, mp4.length - 1],
      [`bytes=${mp4.length - 10}-${mp4.length + 1000}`, mp4.length - 10, mp4.length - 1],
      ['bytes=0-0', 0, 0],
      [`bytes=${mp4.length - 1}-`, mp4.length - 1, mp4.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(range);
      expect([range, res.statusCode, res.headers['content-range'], Number(res.headers['content-length'])]).toEqual([range, 206, `bytes ${start}-${end}/${mp4.length}`, end - start + 1]);
      expect([range, res.rawPayload.equals(mp4.subarray(start, end + 1))]).toEqual([range, true]);
    }
  });

  test('past the end: 416 with Content-Range: bytes */size', async () => {
    for (const range of [`bytes=${mp4.length}-`, `bytes=${mp4.length + 5}-${mp4.length + 10}`, 'bytes=-0', 'bytes=99999999999999999999-']) {
      const res = await get(range);
      expect([range, res.statusCode, res.headers['content-range']]).toEqual([range, 416, `bytes */${mp4.length}`]);
    }
  });

  test('several ranges, or a Range that does not parse: the whole file (200)', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=5-2', 'items=0-5', 'bytes=abc', 'bytes=-']) {
      const res = await get(range);
      expect([range, res.statusCode, res.headers['content-range'], res.rawPayload.length]).toEqual([range, 200, undefined, mp4.length]);
    }
  });

  test('If-Range: the current ETag keeps the range, another validator gets the whole file', async () => {
    const etag = String((await get()).headers.etag);
    expect((await get('bytes=0-9', { 'if-range': etag })).statusCode).toBe(206);
    expect((await get('bytes=0-9', { 'if-range': '"autre"' })).statusCode).toBe(200);
    expect((await get('bytes=0-9', { 'if-range': 'Wed, 21 Oct 2015 07:28:00 GMT' })).statusCode).toBe(200);
    // If-None-Match first: a fresh copy needs no range.
    expect((await get('bytes=0-9', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  test('HEAD answers the headers without the body, range or not', async () => {
    const whole = await t.call('HEAD', url);
    expect([whole.statusCode, whole.headers['content-length'], whole.headers['accept-ranges'], whole.headers['content-type'], whole.rawPayload.length]).toEqual([
      200,
      String(mp4.length),
      'bytes',
      'video/mp4',
      0,
    ]);
    const part = await t.call('HEAD', url, { headers: { range: 'bytes=0-99' } });
    expect([part.statusCode, part.headers['content-range'], part.headers['content-length'], part.rawPayload.length]).toEqual([206, `bytes 0-99/${mp4.length}`, '100', 0]);
  });

  test('served whole once (a small file is then answered from memory): the same bytes, ranges, 416, If-Range and HEAD', async () => {
    for (let time = 1; time <= 2; time++) {
      const whole = await get();
      expect([time, whole.statusCode, whole.headers['content-length'], whole.rawPayload.equals(mp4)]).toEqual([time, 200, String(mp4.length), true]);
      for (const [range, start, end] of [['bytes=0-99', 0, 99], ['bytes=-500', mp4.length - 500, mp4.length - 1], [`bytes=${mp4.length - 1}-`, mp4.length - 1, mp4.length - 1]] as const) {
        const res = await get(range, { 'if-range': String(whole.headers.etag) });
        expect([time, range, res.statusCode, res.headers['content-range'], res.rawPayload.equals(mp4.subarray(start, end + 1))]).toEqual([time, range, 206, `bytes ${start}-${end}/${mp4.length}`, true]);
      }
      expect([time, (await get(`bytes=${mp4.length}-`)).statusCode, (await get(undefined, { 'if-none-match': String(whole.headers.etag) })).statusCode]).toEqual([time, 416, 304]);
      const head = await t.call('HEAD', url);
      expect([time, head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([time, 200, String(mp4.length), 0]);
    }
  });

  test('images answer ranges too; traversal is still refused', async () => {
    const photo = readFileSync(join(imagesDir(t), DEMO_POSTER));
    const res = await t.call('GET', `/assets/images/${DEMO_POSTER}`, { headers: { range: 'bytes=2-5' } });
    expect([res.statusCode, res.headers['content-type'], res.rawPayload.equals(photo.subarray(2, 6))]).toEqual([206, 'image/jpeg', true]);
    for (const bad of ['/assets/images/..%2Fportfolio.sqlite', '/assets/images/%2e%2e%2fjwt-secret']) {
      const out = await t.call('GET', bad, { headers: { range: 'bytes=0-10' } });
      expect([bad, out.statusCode]).toEqual([bad, 404]);
    }
  });

  test('parseRange on its own', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('BYTES=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=2-4, 6-7', 10)).toBeNull();
  });
});

describe('deleting a video', () => {
  test('goes with its poster and the poster variants; the poster never goes alone', async () => {
    const name = (await upload([video(mp4, 'a effacer.mp4'), still()])).json<ImageUploadResult>().Name;
    expect(name).toBe('a-effacer.mp4');
    const posterName = 'a-effacer-affiche.jpg';
    const files = [name, posterName, ...[320, 640, 800, 960].flatMap((w) => [`${posterName}.${w}.avif`, `${posterName}.${w}.webp`])];
    for (const file of files) expect([file, imageFiles(t).includes(file)]).toEqual([file, true]);

    const alone = await t.call('DELETE', `/api/image/${posterName}`, { token });
    expect(alone.json()).toEqual({ Result: false, Message: "Cette image est l'aperçu d'une vidéo : elle est effacée avec la vidéo, pas seule." });
    expect(imageFiles(t).includes(posterName)).toBe(true);

    const gone = await t.call('DELETE', `/api/image/${name}`, { token });
    expect(gone.json()).toEqual({ Result: true, Message: "Vidéo effacée, avec son image d'aperçu." });
    // In the trash (issue 28): no longer served; its files go when the entry is erased for good.
    for (const file of [name, posterName, `${posterName}.320.avif`]) expect((await t.call('GET', `/assets/images/${file}`)).statusCode).toBe(404);
    const [entry] = (await t.call('GET', '/api/trash/', { token })).json<Array<{ Id: number; RecordId: string }>>().filter((e) => e.RecordId === name);
    expect((await t.call('DELETE', `/api/trash/${entry?.Id}`, { token })).json<{ Result: boolean }>().Result).toBe(true);
    for (const file of files) expect([file, imageFiles(t).includes(file)]).toEqual([file, false]);
    // Tombstones: the names are never given again.
    const tomb = await t.db.selectFrom('image').select(['name', 'deleted_at']).where('name', 'in', [name, posterName]).execute();
    expect(tomb.map((row) => [row.name, row.deleted_at !== null])).toEqual(expect.arrayContaining([[name, true], [posterName, true]]));
    expect((await upload([video(mp4, 'a effacer.mp4'), still()])).json<ImageUploadResult>().Name).toBe('a-effacer-2.mp4');
    expect((await t.call('DELETE', `/api/image/${posterName}`, { token })).statusCode).toBe(404);
  });

  test('the demo video is in use: refused, nothing removed', async () => {
    const before = imageFiles(t);
    const res = await t.call('DELETE', `/api/image/${DEMO_VIDEO}`, { token });
    expect(res.json()).toMatchObject({ Result: false, Message: expect.stringMatching(/^Image utilisée par 1 projet/) });
    expect(imageFiles(t)).toEqual(before);
    expect(statSync(join(imagesDir(t), DEMO_VIDEO)).size).toBe(mp4.length);
  });

  test('a video whose poster a project names is in use too', async () => {
    const name = (await upload([video(mp4, 'affiche utilisee.mp4'), still()])).json<ImageUploadResult>().Name;
    const project = (await t.call('GET', '/api/project/2')).json<ProjectView>();
    const body = { Id: project.Id, ProjectTypeId: project.ProjectTypeId, Name: project.Name, Description: project.Description, Image: 'affiche-utilisee-affiche.jpg' };
    await t.call('PUT', '/api/project/2', { token, body });
    expect((await t.call('DELETE', `/api/image/${name}`, { token })).json()).toMatchObject({ Result: false, Message: expect.stringMatching(/^Image utilisée par 1 projet/) });
    await t.call('PUT', '/api/project/2', { token, body: { ...body, Image: project.Image } });
    expect((await t.call('DELETE', `/api/image/${name}`, { token })).json()).toMatchObject({ Result: true });
  });
});

describe('backups', () => {
  test('carry the video and its poster', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'portfolio-video-backup-'));
    try {
      const manifest = await backupOf(t.dataDir, join(folder, 'sauvegarde.tar.gz'));
      const sha256 = createHash('sha256').update(mp4).digest('hex');
      expect(manifest.files[`images/${DEMO_VIDEO}`]).toEqual({ size: mp4.length, sha256 });
      expect(manifest.files[`images/${DEMO_POSTER}.960.avif`]).toBeDefined();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
