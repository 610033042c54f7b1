// The production server behind Caddy (deploy/Caddyfile, its local authority's certificate) and
// behind nginx (deploy/nginx.conf, a self-signed certificate), as a visitor and the owner meet it
// (issue 32): every public page over HTTPS with HSTS and Secure cookies, HTTP → HTTPS, www. → the
// bare domain, compression where it belongs, 304s, byte ranges of a video, a 100 MB video and a
// 20 MB photo uploaded through the proxy, and sign-in limits that follow each visitor's own address
// whatever X-Forwarded-For the visitor sends. Without caddy or nginx here, their part is skipped
// and says so.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import md5 from 'blueimp-md5';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../contract/images.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, npmStartCommand, root, startServer, type RunningServer } from '../../e2e/support/server.ts';
import { call, missing, startCaddy, startNginx, type Answer, type Proxy, type RequestOptions } from './support.ts';

const demoImages = join(root, 'server', 'demo', 'images');
const VIDEO = 'tiroirs-sous-escalier-en-action.mp4';
const XSRF = 'essai-xsrf-mise-en-ligne';

let server: RunningServer;
before(async () => {
  const start = npmStartCommand();
  // TRUST_PROXY as the README's /etc/portfolio.env: the proxy on this machine.
  server = await startServer({ ...start.env, TRUST_PROXY: '127.0.0.1', SCRYPT_N: '1024', LOG_LEVEL: 'silent' }, { entry: 'server/main.ts', nodeOptions: start.options });
});
after(() => server?.stop());

/** Built once, sent through each proxy. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/** A 100 MB MP4: the demo video (moov first) and a `free` box filling it up to the limit. */
const bigVideo = once((): Buffer => {
  const video = readFileSync(join(demoImages, VIDEO));
  const free = Buffer.alloc(MAX_VIDEO_BYTES - video.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([video, free]);
});

/** A 20 MB JPEG: a demo photo with comment segments (COM) after its start, as a camera's metadata. */
const bigPhoto = once((): Buffer => {
  const photo = readFileSync(join(demoImages, 'tiroirs-sous-escalier-en-action-affiche.jpg'));
  const segments: Buffer[] = [];
  let room = MAX_IMAGE_BYTES - photo.length - 4096;
  while (room > 4) {
    const size = Math.min(65_533, room - 4);
    const segment = Buffer.alloc(size + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(size + 2, 2);
    segments.push(segment);
    room -= segment.length;
  }
  return Buffer.concat([photo.subarray(0, 2), ...segments, photo.subarray(2)]);
});

function multipart(parts: Array<{ field: string; fileName: string; type: string; data: Buffer }>): { body: Buffer; type: string } {
  const boundary = `----mise-en-ligne${Date.now()}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.fileName}"\r\nContent-Type: ${p.type}\r\n\r\n`),
    p.data,
    Buffer.from('\r\n'),
  ]);
  return { body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

const json = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>;
const withXsrf = (headers: Record<string, string> = {}) => ({ cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...headers });

function behind(name: string, start: (port: number) => Promise<Proxy>, skip: string | false, visitors: [string, string]) {
  describe(`behind ${name}`, { skip }, () => {
    let proxy: Proxy;
    const get = (path: string, options: RequestOptions = {}) => call(`${proxy.origin}${path}`, { ca: proxy.ca, ...options });
    const signIn = (email: string, password: string, localAddress: string, headers: Record<string, string> = {}) =>
      get('/api/login/', {
        method: 'POST',
        localAddress,
        headers: withXsrf({ 'content-type': 'application/json', ...headers }),
        body: Buffer.from(JSON.stringify({ Email: email, Pwd: md5(password) })),
      });

    before(async () => {
      proxy = await start(Number(new URL(server.origin).port));
    });
    after(() => proxy?.stop());

    test('every public page answers over HTTPS, with HSTS, a Secure cookie and the HTTPS address in its links', async () => {
      const sitemap = await get('/sitemap.xml');
      assert.equal(sitemap.status, 200);
      const pages = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
      assert.ok(pages.length > 50, `${pages.length} pages in the sitemap`);
      for (const page of pages) {
        // The server built the address from X-Forwarded-Proto and -Host: the visitor's own.
        assert.equal(new URL(page).origin, proxy.origin);
        const answer = await get(new URL(page).pathname);
        assert.equal(answer.status, 200, page);
        assert.match(answer.text, /^<!DOCTYPE html>/i);
        assert.equal(answer.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
        assert.match(String(answer.headers['set-cookie']), /^XSRF-TOKEN=[^;]+; Path=\/; SameSite=Strict; Secure$/);
        assert.match(answer.text, new RegExp(`<link rel="canonical" href="${proxy.origin}${new URL(page).pathname}"`));
      }
    });

    test('plain HTTP is redirected to HTTPS, and www. to the bare domain', async () => {
      const plain = await call(`${proxy.httpOrigin}/project/1?vue=2`);
      assert.ok([301, 308].includes(plain.status), String(plain.status));
      assert.equal(plain.headers.location, `${proxy.origin}/project/1?vue=2`);
      const www = await call(`${proxy.origin.replace('//localhost', '//www.localhost')}/about`, { ca: proxy.ca });
      assert.ok([301, 308].includes(www.status), String(www.status));
      assert.equal(www.headers.location, `${proxy.origin}/about`);
    });

    test('pages, scripts and JSON arrive compressed; photos and videos as they are; hashed files keep their year-long cache', async () => {
      const page = await get('/welcome', { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(page.headers['content-encoding'], 'gzip');
      assert.match(gunzipSync(page.body).toString(), /^<!DOCTYPE html>/i);
      const script = /<script[^>]+src="?(\/static\/[^" >]+\.js)/.exec(gunzipSync(page.body).toString())?.[1];
      assert.ok(script, 'a hashed script in the page');
      const js = await get(script, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(js.headers['content-encoding'], 'gzip');
      assert.match(String(js.headers['cache-control']), /max-age=31536000.*immutable|immutable.*max-age=31536000/);
      const api = await get('/api/project/all/', { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(api.headers['content-encoding'], 'gzip');
      assert.ok((JSON.parse(gunzipSync(api.body).toString()) as unknown[]).length > 0);
      const photo = await get('/assets/images/tiroirs-sous-escalier-en-action-affiche.jpg', { headers: { 'accept-encoding': 'gzip, zstd' } });
      assert.equal(photo.status, 200);
      assert.equal(photo.headers['content-encoding'], undefined);
      const video = await get(`/assets/images/${VIDEO}`, { headers: { 'accept-encoding': 'gzip, zstd' } });
      assert.equal(video.headers['content-encoding'], undefined);
      assert.deepEqual(video.body, readFileSync(join(demoImages, VIDEO)));
      if (name === 'Caddy') {
        // zstd, which the server does not make: Caddy's own.
        const zstd = await get('/welcome', { headers: { 'accept-encoding': 'zstd' } });
        assert.equal(zstd.headers['content-encoding'], 'zstd');
        assert.match(zstdDecompressSync(zstd.body).toString(), /^<!DOCTYPE html>/i);
      }
    });

    test('a page and an API read answer 304 to the ETag they gave', async () => {
      for (const path of ['/welcome', '/project/1', '/api/category/all/', '/api/project/1']) {
        const headers = { cookie: `XSRF-TOKEN=${XSRF}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
        const first = await get(path, { headers });
        assert.equal(first.status, 200, path);
        const etag = first.headers.etag;
        assert.ok(etag, `${path}: an ETag`);
        const again = await get(path, { headers: { ...headers, 'if-none-match': etag } });
        assert.equal(again.status, 304, `${path}: ${etag}`);
        assert.equal(again.body.length, 0);
      }
    });

    test('byte ranges of a video: 206 with Content-Range, 416 past the end', async () => {
      const file = readFileSync(join(demoImages, VIDEO));
      const part = await get(`/assets/images/${VIDEO}`, { headers: { range: 'bytes=1000-1999' } });
      assert.equal(part.status, 206);
      assert.equal(part.headers['content-range'], `bytes 1000-1999/${file.length}`);
      assert.deepEqual(part.body, file.subarray(1000, 2000));
      const tail = await get(`/assets/images/${VIDEO}`, { headers: { range: 'bytes=-500' } });
      assert.equal(tail.status, 206);
      assert.deepEqual(tail.body, file.subarray(file.length - 500));
      const past = await get(`/assets/images/${VIDEO}`, { headers: { range: `bytes=${file.length}-` } });
      assert.equal(past.status, 416);
      assert.equal(past.headers['content-range'], `bytes */${file.length}`);
    });

    test('the owner uploads a 100 MB video with its poster and a 20 MB photo through the proxy', async () => {
      const login = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '127.0.0.1');
      assert.equal(json(login).Result, true, login.text);
      const auth = { authorization: `Bearer ${String(json(login).Token)}` };

      const video = bigVideo();
      const form = multipart([
        { field: 'file', fileName: `Chantier ${name}.mp4`, type: 'video/mp4', data: video },
        { field: 'poster', fileName: 'affiche.jpg', type: 'image/jpeg', data: readFileSync(join(demoImages, 'tiroirs-sous-escalier-en-action-affiche.jpg')) },
      ]);
      assert.ok(form.body.length > 100 * 1024 * 1024);
      const stored = await get('/api/image/', { method: 'POST', headers: withXsrf({ ...auth, 'content-type': form.type }), body: form.body });
      assert.equal(stored.status, 200, stored.text);
      assert.equal(json(stored).Result, true, stored.text);
      const videoName = String(json(stored).Name);
      // Served back through the proxy, by ranges as a phone seeks.
      const end = await get(`/assets/images/${videoName}`, { headers: { range: 'bytes=-64' } });
      assert.equal(end.status, 206);
      assert.equal(end.headers['content-range'], `bytes ${video.length - 64}-${video.length - 1}/${video.length}`);
      assert.deepEqual(end.body, video.subarray(video.length - 64));

      const photo = bigPhoto();
      assert.ok(photo.length > MAX_IMAGE_BYTES - 8192 && photo.length <= MAX_IMAGE_BYTES, String(photo.length));
      const photoForm = multipart([{ field: 'file', fileName: `Cuisine ${name}.jpg`, type: 'image/jpeg', data: photo }]);
      const photoStored = await get('/api/image/', { method: 'POST', headers: withXsrf({ ...auth, 'content-type': photoForm.type }), body: photoForm.body });
      assert.equal(json(photoStored).Result, true, photoStored.text);
      const photoName = String(json(photoStored).Name);
      const served = await get(`/assets/images/${photoName}`);
      assert.equal(served.status, 200);
      assert.equal(served.headers['content-type'], 'image/jpeg');

      // The library lists both.
      const library = await get('/api/image/all/', { headers: auth });
      const names = (JSON.parse(library.text) as Array<{ Name: string }>).map((image) => image.Name);
      assert.ok(names.includes(videoName) && names.includes(photoName), names.join(', '));
    });

    test('sign-in limits follow each visitor’s own address; an X-Forwarded-For the visitor writes changes nothing', async () => {
      const [blocked, other] = visitors;
      const email = `voisin-${name.toLowerCase()}@exemple.ca`;
      for (let i = 0; i < 5; i++) {
        const refused = await signIn(email, 'mauvais', blocked);
        assert.equal(refused.status, 200);
        assert.equal(json(refused).Result, false);
      }
      const limited = await signIn(email, 'mauvais', blocked);
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers['retry-after']) > 0);
      // Another visitor, same e-mail: not limited.
      assert.equal((await signIn(email, 'mauvais', other)).status, 200);
      // The blocked visitor claiming another address: still blocked.
      assert.equal((await signIn(email, 'mauvais', blocked, { 'x-forwarded-for': '203.0.113.7' })).status, 429);
      assert.equal((await signIn(email, 'mauvais', blocked, { 'x-forwarded-for': other })).status, 429);
      // The other visitor claiming the blocked one's address: not blocked on their account.
      assert.equal((await signIn(email, 'mauvais', other, { 'x-forwarded-for': blocked })).status, 200);
    });
  });
}

behind('Caddy', startCaddy, missing('caddy'), ['127.0.0.2', '127.0.0.3']);
behind('nginx', (port) => startNginx([port, port]), missing('nginx', 'envsubst', 'openssl'), ['127.0.0.4', '127.0.0.5']);
