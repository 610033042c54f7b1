// The image library (issue 6), with real sharp, real files, a real database: a phone-sized photo
// uploads, is turned upright, loses its EXIF and GPS, gets its AVIF and WebP variants; what is not
// an image, too heavy or too large is refused and leaves nothing behind; names are made safe; an
// image in use cannot be deleted; Media appears in the read answers; long immutable caching.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { ImageUploadResult, ProjectTypeView, ProjectView } from '../../contract/api.ts';
import { demoProjects, demoTypes, pageImages } from '../demo/content.ts';
import { MAX_IMAGE_BYTES } from '../../contract/images.ts';
import { candidateNames, slugOf, variantWidths } from '../media/rules.ts';
import { IMMUTABLE } from '../media/files.routes.ts';
import { build, buildSignedIn, uploadImage, type TestApp, imagesDir, imageFiles, imageRows, libraryOf } from './helper.ts';

jest.setTimeout(120_000);

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await buildSignedIn()));
afterAll(async () => t.close());

/** A still image's name (the demo content may also hold videos, issue 9). */
const isStill = (name: string) => /\.(jpe?g|png|webp|avif|gif)$/i.test(name);
const variantsOf = (name: string, widths: number[]) => widths.flatMap((w) => [`${name}.${w}.avif`, `${name}.${w}.webp`]);

/** A 4000×3000 photo as a phone stores it: pixels sideways, EXIF orientation 6, GPS position. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  // Noise, so the file weighs what a photo weighs; a red square in the stored top-left corner.
  const noise = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp(noise)
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'AtelierPhone', Model: 'Essai 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 28/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '75/1 42/1 5/1' },
    })
    .toBuffer();
}

const tinyPng = (colour = '#8c6238') => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();

/** A valid PNG declaring 20000×20000 pixels (1-bit grey, all black): 400 megapixels in ~50 Ko. */
function pngBomb(size = 20_000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(size / 8);
  const idat = deflateSync(Buffer.alloc(rowBytes * size), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** No EXIF (hence no GPS), XMP or IPTC left, nor the camera's name anywhere in the bytes. */
async function expectNoMetadata(file: string): Promise<void> {
  const data = readFileSync(file);
  const meta = await sharp(data).metadata();
  expect([file, meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual([file, undefined, undefined, undefined, undefined]);
  expect([file, data.includes('AtelierPhone'), data.includes('Exif\0')]).toEqual([file, false, false]);
}

describe('acceptance 1: a photo from a phone', () => {
  let photo: Buffer;
  let result: ImageUploadResult;
  beforeAll(async () => {
    photo = await phonePhoto();
    const input = await sharp(photo).metadata();
    // The test photo really is what a phone sends.
    expect([input.width, input.height, input.orientation, input.exif?.includes('AtelierPhone')]).toEqual([4000, 3000, 6, true]);
    expect(photo.length).toBeGreaterThan(1_000_000);
    const res = await uploadImage(t, photo, 'Cuisine Érable (1).JPG', { token });
    expect(res.statusCode).toBe(200);
    result = res.json<ImageUploadResult>();
  });

  test('is stored under a safe name, upright, with variants 320 to 1600 px wide', async () => {
    expect(result).toEqual({ Result: true, Message: 'Image enregistrée, avec ses variantes AVIF et WebP.', Name: 'cuisine-erable-1.jpg' });
    const original = join(imagesDir(t), result.Name);
    const meta = await sharp(original).metadata();
    // Turned upright: 3000 wide, 4000 high, and the red corner is now top-right.
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 3000, 4000]);
    const { data, info } = await sharp(original).extract({ left: 3000 - 100, top: 0, width: 100, height: 100 }).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([data[0], data[1], data[2]].map((v) => Math.round((v as number) / 32))).toEqual([8, 0, 0]);

    expect(variantWidths(3000)).toEqual([320, 640, 800, 1024, 1600]);
    for (const width of [320, 640, 800, 1024, 1600]) {
      for (const format of ['avif', 'webp'] as const) {
        const variant = await sharp(join(imagesDir(t), `${result.Name}.${width}.${format}`)).metadata();
        expect([width, format, variant.format, variant.width, variant.height]).toEqual([
          width,
          format,
          format === 'avif' ? 'heif' : 'webp',
          width,
          Math.round((width * 4000) / 3000),
        ]);
        if (format === 'avif') expect(variant.compression).toBe('av1');
      }
    }
  });

  test('no EXIF, GPS, XMP or IPTC is left in the original nor in any variant', async () => {
    await expectNoMetadata(join(imagesDir(t), result.Name));
    for (const file of variantsOf(result.Name, [320, 640, 800, 1024, 1600])) await expectNoMetadata(join(imagesDir(t), file));
  });

  test('is listed first, with its size, widths and usage', async () => {
    const list = await libraryOf(t, token);
    expect(list[0]).toEqual({
      Name: 'cuisine-erable-1.jpg',
      Type: 'image/jpeg',
      Width: 3000,
      Height: 4000,
      Bytes: statSync(join(imagesDir(t), result.Name)).size,
      Widths: [320, 640, 800, 1024, 1600],
      Projects: 0,
      ProjectTypes: 0,
      Pages: 0,
    });
    // The demo images are in the library too.
    expect(list.map((image) => image.Name)).toEqual(expect.arrayContaining(Object.values(pageImages)));
    expect((await t.call('GET', '/api/image/all/', { token: null })).statusCode).toBe(401);
  });

  test('original and variants are served with a one-year immutable cache', async () => {
    for (const [file, type] of [
      [result.Name, 'image/jpeg'],
      [`${result.Name}.640.avif`, 'image/avif'],
      [`${result.Name}.1600.webp`, 'image/webp'],
    ] as const) {
      const res = await t.call('GET', `/assets/images/${file}`);
      expect([file, res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([file, 200, type, IMMUTABLE]);
      expect(res.rawPayload.equals(readFileSync(join(imagesDir(t), file)))).toBe(true);
    }
    // A width that was not made is not there.
    expect((await t.call('GET', `/assets/images/${result.Name}.1200.avif`)).statusCode).toBe(404);
    // A file copied by hand (not in the library) may be replaced by hand: a short cache.
    writeFileSync(join(imagesDir(t), 'copie-a-la-main.jpg'), await sharp(await tinyPng()).jpeg().toBuffer());
    expect((await t.call('GET', '/assets/images/copie-a-la-main.jpg')).headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('acceptance 1: refusals leave nothing on disk', () => {
  const refused = async (file: Buffer, name: string, status: number, message: RegExp) => {
    const folder = imageFiles(t);
    const before = await imageRows(t.db);
    const res = await uploadImage(t, file, name, { token });
    expect([name, res.statusCode]).toEqual([name, status]);
    expect(res.json()).toMatchObject({ Result: false, Message: expect.stringMatching(message) });
    expect(imageFiles(t)).toEqual(folder);
    expect(await imageRows(t.db)).toEqual(before);
    return res;
  };

  test('a text file named .jpg, an empty file, an HEIC-like or SVG file: « Format d’image non pris en charge »', async () => {
    const res = await refused(Buffer.from('Ceci est un fichier texte, pas une photo.\n'.repeat(50)), 'photo.jpg', 200, /^Format d'image non pris en charge$/);
    expect(res.json<ImageUploadResult>().Name).toBe('');
    await refused(Buffer.alloc(0), 'vide.jpg', 200, /^Format d'image non pris en charge$/);
    await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'dessin.png', 200, /^Format d'image non pris en charge$/);
    await refused(await sharp(await tinyPng()).tiff().toBuffer(), 'scan.tif', 200, /^Format d'image non pris en charge$/);
  });

  test('a 25 Mo file: « Image trop volumineuse (20 Mo maximum) », 413, refused from its length', async () => {
    await refused(Buffer.alloc(25 * 1024 * 1024, 0xff), 'enorme.jpg', 413, /^Image trop volumineuse \(20 Mo maximum\)$/);
  });

  test('one byte over 20 Mo, within the length allowance: refused while streaming', async () => {
    const photo = await tinyPng();
    const file = Buffer.concat([photo, Buffer.alloc(MAX_IMAGE_BYTES + 1 - photo.length)]);
    await refused(file, 'juste-trop.png', 413, /^Image trop volumineuse \(20 Mo maximum\)$/);
  });

  test('a 20000×20000 image: « Image trop grande (50 mégapixels maximum) », before decoding', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 20_000, 20_000]);
    const started = Date.now();
    await refused(bomb, 'bombe.png', 200, /^Image trop grande \(50 mégapixels maximum\)$/);
    // Decoding 400 megapixels would take far longer than reading a header.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('a damaged JPEG (the header of a photo, then nothing)', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#abc' } }).jpeg().toBuffer();
    await refused(photo.subarray(0, 400), 'coupee.jpg', 200, /^Image endommagée ou illisible/);
  });

  test('without a token: 401; without the XSRF header: 403; nothing kept', async () => {
    const photo = await tinyPng();
    const folder = imageFiles(t);
    const anonymous = await uploadImage(t, photo, 'anonyme.png', { token: null });
    expect(anonymous.statusCode).toBe(401);
    const forged = await uploadImage(t, photo, 'forgee.png', { token, xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(imageFiles(t)).toEqual(folder);
  });

  test('not multipart: 415; no « file » field: 400', async () => {
    const json = await t.call('POST', '/api/image/', { token, body: { file: 'abc' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ Result: false, Message: expect.stringMatching(/multipart\/form-data/) });
    const wrongField = await uploadImage(t, await tinyPng(), 'photo.png', { token, field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ Result: false, Message: expect.stringMatching(/champ « file »/) });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/image/',
      headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\npas fini',
    });
    expect(broken.statusCode).toBe(400);
    // Two files in one request.
    const boundary = 'deuxfichiers';
    const part = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    const png = await tinyPng();
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/image/',
      headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(part('un.png')), png, Buffer.from(`\r\n${part('deux.png')}`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect([two.statusCode, two.json<{ Message: string }>().Message]).toEqual([400, 'Envoyez une seule image à la fois, dans le champ « file ».']);
  });
});

describe('acceptance 1: names are made safe', () => {
  test('slugs: accents folded, lower case, [a-z0-9-], at most 50 characters with the extension', () => {
    expect(slugOf('Cuisine Érable (1).JPG')).toBe('cuisine-erable-1');
    expect(slugOf('../../etc/passwd')).toBe('passwd');
    expect(slugOf('C:\\Users\\moi\\Œuvre été.png')).toBe('oeuvre-ete');
    expect(slugOf('..')).toBe('');
    expect(slugOf('.hidden')).toBe('hidden');
    expect(slugOf('🪚🪵.jpg')).toBe('');
    const long = 'x'.repeat(60);
    const names = candidateNames(`${long}.jpg`, 'jpg');
    const first = names.next().value as string;
    const second = names.next().value as string;
    expect(first).toBe(`${'x'.repeat(46)}.jpg`);
    expect(second).toBe(`${'x'.repeat(44)}-2.jpg`);
    expect(candidateNames('..', 'png').next().value).toBe('image.png');
  });

  test('uploads named with .., slashes, 60 characters, or the wrong extension', async () => {
    const cases: Array<[string, RegExp]> = [
      ['../../secret.png', /^secret(-\d+)?\.png$/],
      ['..', /^image(-\d+)?\.png$/],
      ['dossier/sous-dossier/photo.png', /^photo(-\d+)?\.png$/],
      ['C:\\Photos\\Terrasse été.png', /^terrasse-ete(-\d+)?\.png$/],
      [`${'Très long nom de fichier '.repeat(3)}.png`, /^tres-long-nom-de-fichier-tres-long-nom-de-fich\.png$/],
      ['vraiment-un-png.jpg', /^vraiment-un-png\.png$/],
    ];
    for (const [fileName, expected] of cases) {
      const res = await uploadImage(t, await tinyPng(), fileName, { token });
      const { Result, Name } = res.json<ImageUploadResult>();
      expect([fileName, Result, Name]).toEqual([fileName, true, expect.stringMatching(expected)]);
      expect(Name.length).toBeLessThanOrEqual(50);
      expect(Name).toMatch(/^[a-z0-9][a-z0-9-]*\.(jpg|png|webp|avif|gif)$/);
      expect(existsSync(join(imagesDir(t), Name))).toBe(true);
    }
    expect(imageFiles(t).filter((name) => name.includes('..') || name.startsWith('.tmp-'))).toEqual([]);
  });

  test('the same file name twice, even at the same moment: two names, two images', async () => {
    const [a, b] = await Promise.all([
      uploadImage(t, await tinyPng('#123456'), 'Terrasse.png', { token }),
      uploadImage(t, await tinyPng('#654321'), 'Terrasse.png', { token }),
    ]);
    const names = [a, b].map((res) => res.json<ImageUploadResult>().Name).sort();
    expect(names).toEqual(['terrasse-2.png', 'terrasse.png']);
  });

  test('PNG, WebP, AVIF and GIF keep their format; variants never wider than the original', async () => {
    const base = sharp({ create: { width: 800, height: 500, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 0.5 } } });
    const inputs: Array<[string, Buffer, string, string]> = [
      ['plan.png', await base.clone().png().toBuffer(), 'plan.png', 'image/png'],
      ['plan.webp', await base.clone().webp().toBuffer(), 'plan.webp', 'image/webp'],
      ['plan.avif', await base.clone().avif({ effort: 0 }).toBuffer(), 'plan.avif', 'image/avif'],
      ['plan.gif', await base.clone().gif().toBuffer(), 'plan.gif', 'image/gif'],
    ];
    for (const [fileName, data, name, type] of inputs) {
      const res = await uploadImage(t, data, fileName, { token });
      expect([fileName, res.json<ImageUploadResult>().Name]).toEqual([fileName, name]);
      const info = (await libraryOf(t, token)).find((image) => image.Name === name);
      expect(info).toMatchObject({ Type: type, Width: 800, Height: 500, Widths: [320, 640, 800] });
      for (const file of variantsOf(name, [320, 640, 800])) expect([file, existsSync(join(imagesDir(t), file))]).toEqual([file, true]);
      expect(existsSync(join(imagesDir(t), `${name}.1024.avif`))).toBe(false);
    }
  });
});

describe('acceptance 2: deleting', () => {
  test('an image in use cannot be deleted; once unused it can, with its variants, and its name is not reused', async () => {
    const upload = (await uploadImage(t, await tinyPng('#335577'), 'Escalier chêne.png', { token })).json<ImageUploadResult>();
    expect(upload.Name).toBe('escalier-chene.png');
    const widths = [40];
    const files = [upload.Name, ...variantsOf(upload.Name, widths)];
    for (const file of files) expect(existsSync(join(imagesDir(t), file))).toBe(true);

    // Used by a project and a project type.
    const project = (await t.call('GET', '/api/project/1')).json<ProjectView>();
    const type = demoTypes[0] as (typeof demoTypes)[number];
    const put = (url: string, body: object) => t.call('PUT', url, { token, body });
    expect((await put('/api/project/1', { ...project, Media: undefined, Gallery: undefined, Image: upload.Name })).json()).toMatchObject({ Result: true });
    const typeBody = { Id: type.id, CategoryId: type.categoryId, Name: type.name, Description: type.description, Image: upload.Name };
    expect((await put(`/api/projecttype/${type.id}`, typeBody)).json()).toMatchObject({ Result: true });

    const refusedDelete = await t.call('DELETE', `/api/image/${upload.Name}`, { token });
    expect(refusedDelete.json()).toEqual({ Result: false, Message: expect.stringMatching(/^Image utilisée par 1 projet et 1 type de projet/) });
    for (const file of files) expect(existsSync(join(imagesDir(t), file))).toBe(true);

    // Unused again: deleted, with its variants.
    expect((await put('/api/project/1', { ...project, Media: undefined, Gallery: undefined })).json()).toMatchObject({ Result: true });
    expect((await put(`/api/projecttype/${type.id}`, { ...typeBody, Image: type.image })).json()).toMatchObject({ Result: true });
    // Served before (the server then knows where its files are), refused after.
    for (const file of files) expect([file, (await t.call('GET', `/assets/images/${file}`)).statusCode]).toEqual([file, 200]);
    const deleted = await t.call('DELETE', `/api/image/${upload.Name}`, { token });
    expect(deleted.json()).toMatchObject({ Result: true });
    for (const file of files) expect([file, (await t.call('GET', `/assets/images/${file}`)).statusCode]).toEqual([file, 404]);
    // Issue 28: the files wait in the trash (a restore serves them again); erased for good, they go.
    for (const file of files) expect([file, existsSync(join(imagesDir(t), file))]).toEqual([file, true]);
    const entry = (await t.call('GET', '/api/trash/', { token })).json<Array<{ Id: number; RecordId: string }>>().find((e) => e.RecordId === upload.Name);
    expect((await t.call('DELETE', `/api/trash/${entry?.Id}`, { token })).json()).toMatchObject({ Result: true });
    for (const file of files) expect([file, existsSync(join(imagesDir(t), file))]).toEqual([file, false]);
    expect((await t.call('GET', `/assets/images/${upload.Name}`)).statusCode).toBe(404);
    expect((await t.call('GET', `/assets/images/${upload.Name}.40.webp`)).statusCode).toBe(404);
    const list = await libraryOf(t, token);
    expect(list.find((image) => image.Name === upload.Name)).toBeUndefined();

    // Gone: 404. Uploading the same file name again gives a new name (cached URLs stay true).
    expect((await t.call('DELETE', `/api/image/${upload.Name}`, { token })).statusCode).toBe(404);
    const again = (await uploadImage(t, await tinyPng('#775533'), 'Escalier chêne.png', { token })).json<ImageUploadResult>();
    expect(again.Name).toBe('escalier-chene-2.png');
  });

  test('a demo photo of several projects, and the photos of the site pages, are refused', async () => {
    const used = demoProjects.find((p) => isStill(p.image))?.image as string;
    const count = demoProjects.filter((p) => p.image === used).length;
    const types = demoTypes.filter((ty) => ty.image === used).length;
    const res = await t.call('DELETE', `/api/image/${used}`, { token });
    expect(res.json()).toMatchObject({ Result: false, Message: expect.stringMatching(new RegExp(`^Image utilisée par ${count} projet`)) });
    expect(types + count).toBeGreaterThan(0);
    const page = await t.call('DELETE', `/api/image/${pageImages.welcome}`, { token });
    expect(page.json()).toMatchObject({ Result: false, Message: expect.stringMatching(/page du site/) });
    expect(existsSync(join(imagesDir(t), pageImages.welcome))).toBe(true);
  });

  test('without a token or the XSRF header, or with a bad name: refused', async () => {
    expect((await t.call('DELETE', '/api/image/terrasse.png', { token: null })).statusCode).toBe(401);
    expect((await t.call('DELETE', '/api/image/terrasse.png', { token, xsrf: false })).statusCode).toBe(403);
    expect((await t.call('DELETE', '/api/image/..%2Fportfolio.sqlite', { token })).statusCode).toBe(400);
    expect(existsSync(join(imagesDir(t), 'terrasse.png'))).toBe(true);
  });
});

describe('Media in the read answers', () => {
  test('every demo project and type has its Media; a hand-typed name has none', async () => {
    const projects = (await t.call('GET', '/api/project/all/')).json<ProjectView[]>();
    for (const project of projects.filter((p) => isStill(p.Image) && demoProjects.some((d) => d.image === p.Image))) {
      expect([project.Image, project.Media]).toEqual([project.Image, { Type: 'image/jpeg', Width: 1200, Height: 900, Widths: [320, 640, 800, 1024, 1200] }]);
    }
    const types = (await t.call('GET', '/api/projecttype/all/')).json<ProjectTypeView[]>();
    expect(types.every((type) => type.Image === '' || type.Media !== undefined)).toBe(true);
    const byCategory = (await t.call('GET', `/api/projecttype/${demoTypes[0]?.categoryId}`)).json<ProjectTypeView[]>();
    expect(byCategory[0]?.Media).toBeDefined();

    const project = projects[1] as ProjectView;
    const plain = { Id: project.Id, ProjectTypeId: project.ProjectTypeId, Name: project.Name, Description: project.Description, Image: project.Image };
    await t.call('PUT', `/api/project/${project.Id}`, { token, body: { ...plain, Image: 'copie-a-la-main.jpg' } });
    const read = (await t.call('GET', `/api/project/${project.Id}`)).json<ProjectView>();
    expect(read.Image).toBe('copie-a-la-main.jpg');
    expect(read.Media).toBeUndefined();
    // Once the project names a library image, its reads carry the Media.
    const upload = (await uploadImage(t, await tinyPng(), 'copie-a-la-main.png', { token })).json<ImageUploadResult>();
    expect(upload.Name).toBe('copie-a-la-main.png');
    await t.call('PUT', `/api/project/${project.Id}`, { token, body: { ...plain, Image: upload.Name } });
    const withMedia = (await t.call('GET', `/api/project/${project.Id}`)).json<ProjectView>();
    expect(withMedia.Media).toEqual({ Type: 'image/png', Width: 40, Height: 30, Widths: [40] });
    const inList = (await t.call('GET', `/api/projects/${project.ProjectTypeId}`)).json<ProjectView[]>().find((p) => p.Id === project.Id);
    expect(inList?.Media).toEqual(withMedia.Media);
  });
});

describe('seeding and start-up', () => {
  test('the demo images went through the pipeline under their own names', async () => {
    const folder = new Set(imageFiles(t));
    for (const name of [...Object.values(pageImages), ...demoProjects.map((p) => p.image)].filter(isStill)) {
      const info = await sharp(join(imagesDir(t), name)).metadata();
      const widths = variantWidths(info.width as number);
      for (const file of [name, ...variantsOf(name, widths)]) expect([file, folder.has(file)]).toEqual([file, true]);
    }
    const owner = await sharp(join(imagesDir(t), `${pageImages.owner}.900.avif`)).metadata();
    expect([owner.width, owner.height]).toEqual([900, 1200]);
  });

  test('a temporary folder left by a crash is removed at the next start; one another process is writing is kept', async () => {
    const other = await build({ seed: false });
    try {
      const crash = join(other.dataDir, 'images', '.tmp-crash');
      mkdirSync(crash, { recursive: true });
      writeFileSync(join(crash, 'upload'), 'moitié de photo');
      const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(crash, hoursAgo, hoursAgo);
      // Another process's upload or demo import under way (written just now).
      mkdirSync(join(other.dataDir, 'images', '.tmp-busy'));
      await other.app.close();
      const again = await build({ dataDir: other.dataDir, seed: false });
      expect(readdirSync(join(other.dataDir, 'images'))).toEqual(['.tmp-busy']);
      await again.close();
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
