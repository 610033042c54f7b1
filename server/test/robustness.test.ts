// Malformed input never gives a 500; images cannot escape their folders; the SPA, caching and
// compression; a second start keeps the data; the demo content makes the menu work.
import { existsSync, writeFileSync, mkdirSync, readFileSync, rmSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build, buildSignedIn, escapesFrom, repoRoot, snapshot, type TestApp } from './helper.ts';
import { demoProjects, demoTypes, pageImages } from '../demo/content.ts';
import { demoMenu } from '../../contract/menu.ts';

let t: TestApp;
let token: string;
beforeEach(async () => ({ t, token } = await buildSignedIn({ withDist: true })));
afterEach(async () => t.close());

describe('malformed bodies answer 400 with a French message, never 500, and write nothing', () => {
  const huge = 'é'.repeat(200_000);
  const bodies: Array<[string, string, unknown]> = [
    ['broken JSON', '/api/category/', '{"Id": 0, "Name": '],
    ['JSON array', '/api/category/', '[]'],
    ['JSON string', '/api/category/', '"Cuisines"'],
    ['null', '/api/category/', 'null'],
    ['empty body', '/api/category/', undefined],
    ['wrong type (number for Name)', '/api/category/', { Id: 0, Name: 12345 }],
    ['wrong type (string Id)', '/api/category/', { Id: '0', Name: 'Cuisines' }],
    ['negative Id', '/api/category/', { Id: -1, Name: 'Cuisines' }],
    ['float Id', '/api/category/', { Id: 1.5, Name: 'Cuisines' }],
    ['huge Id', '/api/category/', { Id: 1e300, Name: 'Cuisines' }],
    ['missing field', '/api/project/', { Id: 0, ProjectTypeId: 1, Name: 'Un projet' }],
    ['extra field', '/api/category/', { Id: 0, Name: 'Cuisines', Admin: true }],
    ['__proto__ key', '/api/category/', '{"Id":0,"Name":"Cuisines","__proto__":{"x":1}}'],
    ['too short', '/api/category/', { Id: 0, Name: 'abc' }],
    ['blank name', '/api/category/', { Id: 0, Name: '       ' }],
    ['huge string', '/api/category/', { Id: 0, Name: huge }],
    ['path in image name', '/api/project/', { Id: 0, ProjectTypeId: 1, Name: 'Un projet', Description: 'Une description', Image: '../secret.jpg' }],
    ['bad e-mail', '/api/user/', { Id: 0, Email: 'pas-un-courriel', Pwd: 'a'.repeat(32) }],
    ['plain password instead of MD5', '/api/user/', { Id: 0, Email: 'marie@exemple.ca', Pwd: 'motdepasse' }],
    ['nested object', '/api/subtype/add/', { SrcId: { $gt: 0 }, DestId: 1 }],
  ];
  test.each(bodies)('%s', async (_name, url, body) => {
    const before = await snapshot(t.db);
    const res = await t.call('POST', url, { body, token, headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {} });
    expect(res.statusCode).toBe(400);
    const json = res.json<{ Result: boolean; Message: string }>();
    expect(json.Result).toBe(false);
    expect(json.Message).toMatch(/[a-zé]/);
    expect(json.Message).not.toMatch(/SELECT|sqlite|at .*\.ts|Error/);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('messages name the field and the rule in French', async () => {
    const res = await t.call('POST', '/api/category/', { body: { Id: 0, Name: 'abc' }, token });
    expect(res.json()).toEqual({ Result: false, Message: 'Le nom (Name) doit contenir au moins 4 caractères.' });
    const pwd = await t.call('POST', '/api/login/', { body: { Email: 'a@b.ca', Pwd: 'x' } });
    expect(pwd.json()).toEqual({ Result: false, Message: expect.stringMatching(/MD5/) });
  });

  test('a body over 1 MB is refused with 413', async () => {
    const res = await t.call('POST', '/api/category/', { body: { Id: 0, Name: 'x'.repeat(1_100_000) }, token });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ Result: false });
  });

  test('another content type is refused with 415', async () => {
    const res = await t.call('POST', '/api/category/', { body: 'Id=0&Name=Cuisines', token, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ Result: false });
  });

  test('bad path parameters answer 400', async () => {
    for (const url of ['/api/project/abc', '/api/project/-1', '/api/project/1.5', '/api/project/99999999999']) {
      const res = await t.call('GET', url);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toMatchObject({ Result: false });
    }
  });

  test('unknown /api paths answer 404 JSON; trailing slashes are as written in the contract', async () => {
    for (const url of ['/api/nope', '/api/category/all', '/api/menu/', '/api']) {
      const res = await t.call('GET', url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    expect((await t.call('POST', '/api/nope', { body: {} })).statusCode).toBe(404);
  });
});

test('an empty list put in order is accepted and changes nothing (a 500 on PostgreSQL before)', async () => {
  const order = (url: string) => t.call('PUT', url, { token, body: { Seen: [], Order: [] } });
  const ok = { Result: true, Message: expect.any(String) };
  // A project without a gallery, and the testimonials once every one is deleted.
  const bare = (await t.db.selectFrom('project').select('id').where('id', 'not in', t.db.selectFrom('project_media').select('project_id')).executeTakeFirstOrThrow()).id;
  expect((await order(`/api/project/${bare}/gallery/order`)).json()).toEqual(ok);
  for (const { id } of await t.db.selectFrom('testimonial').select('id').execute()) expect((await t.call('DELETE', `/api/testimonial/${id}`, { token })).json()).toEqual(ok);
  expect((await order('/api/testimonial/order/')).json()).toEqual(ok);
  expect(await t.db.selectFrom('testimonial').select('id').execute()).toEqual([]);
});

describe('images', () => {
  test('serves uploads first, then the demo images, with type and cache headers', async () => {
    const demo = await t.call('GET', `/assets/images/${demoProjects[0]?.image}`);
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['content-type']).toBe('image/jpeg');
    expect(demo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const etag = String(demo.headers.etag);
    expect((await t.call('GET', `/assets/images/${demoProjects[0]?.image}`, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    // A name that is not the library's (a library file never changes under its name): a copy by
    // hand in DATA_DIR/images comes first, the bundled demo file when there is none.
    const name = demoProjects[0]?.image ?? '';
    await t.db.deleteFrom('image').where('name', '=', name).execute();
    t.app.services.images.forget();
    mkdirSync(join(t.dataDir, 'images'), { recursive: true });
    writeFileSync(join(t.dataDir, 'images', name), 'uploaded');
    expect((await t.call('GET', `/assets/images/${name}`)).body).toBe('uploaded');
    rmSync(join(t.dataDir, 'images', name));
    const bundled = await t.call('GET', `/assets/images/${name}`);
    expect([bundled.statusCode, bundled.rawPayload.equals(readFileSync(join(repoRoot, 'server', 'demo', 'images', name)))]).toEqual([200, true]);
  });

  test('no way out of the folders', async () => {
    writeFileSync(join(t.dataDir, 'secret.jpg'), 'secret');
    mkdirSync(join(t.dataDir, 'images'), { recursive: true });
    symlinkSync(join(t.dataDir, 'secret.jpg'), join(t.dataDir, 'images', 'lien.jpg'));
    const attempts = [...escapesFrom(t.dataDir), '/assets/images/lien.jpg', '/assets/images/.hidden.jpg'];
    for (const url of attempts) {
      const res = await t.call('GET', url);
      expect([url, res.statusCode]).toEqual([url, expect.any(Number)]);
      expect([url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([url, true]);
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('root:');
      expect(res.body).not.toContain('"name"');
    }
  });

  test('every seeded project and type has an existing image; the page images exist', async () => {
    const names = [...demoProjects.map((p) => p.image), ...demoTypes.map((x) => x.image), ...Object.values(pageImages)];
    for (const name of names) expect([name, existsSync(join(repoRoot, 'server', 'demo', 'images', name))]).toEqual([name, true]);
    for (const name of Object.values(pageImages)) expect((await t.call('GET', `/assets/images/${name}`)).statusCode).toBe(200);
  });
});

describe('demo content', () => {
  test('makes every entry of the demo menu show something', async () => {
    for (const href of demoMenu.Dropdowns.flatMap((d) => d.Entries.map((e) => e.Href))) {
      const [, kind, id] = href.split('/');
      const url = kind === 'typeslist' ? `/api/projecttype/${id}` : `/api/projects/${id}`;
      const list = (await t.call('GET', url)).json<unknown[]>();
      expect([href, list.length >= 2]).toEqual([href, true]);
    }
    const all = (await t.call('GET', '/api/project/all/')).json<Array<{ Name: string; Description: string }>>();
    expect(all.length).toBeGreaterThanOrEqual(30);
    for (const p of all) {
      expect(p.Name.length).toBeGreaterThanOrEqual(7);
      expect(p.Name.length).toBeLessThanOrEqual(50);
      expect(p.Description.length).toBeGreaterThanOrEqual(8);
      expect(p.Description.length).toBeLessThanOrEqual(250);
    }
  });
});

describe('SPA, caching, compression', () => {
  test('history fallback with no-cache; / leads to the welcome page; hashed assets immutable; file-like paths 404', async () => {
    const root = await t.call('GET', '/');
    expect([root.statusCode, root.headers.location]).toEqual([301, '/welcome']);
    for (const url of ['/admin/category', '/project/12', '/welcome?x=1']) {
      const res = await t.call('GET', url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await t.call('GET', '/main.0123456789abcdef.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.call('GET', '/missing.0123456789.js')).statusCode).toBe(404);
  });

  test('gzip and brotli', async () => {
    const br = await t.call('GET', '/api/project/all/', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toHaveLength(demoProjects.length);
    const gz = await t.call('GET', '/main.0123456789abcdef.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('bonjour');
  });

  test('public GETs carry an ETag and a short shared cache; 304 on If-None-Match', async () => {
    const res = await t.call('GET', '/api/category/all/');
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect(res.headers['cache-control']).toMatch(/max-age=0/);
    const etag = String(res.headers.etag);
    const again = await t.call('GET', '/api/category/all/', { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.call('POST', '/api/category/', { token, body: { Id: 0, Name: 'Nouvelle' } });
    expect((await t.call('GET', '/api/category/all/', { headers: { 'if-none-match': etag } })).statusCode).toBe(200);
  });

  test('without a built SPA, deep paths say so instead of failing', async () => {
    const bare = await build({ seed: false });
    try {
      const res = await bare.call('GET', '/admin');
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/npm run build/);
    } finally {
      await bare.close();
    }
  });
});

test('a second start on the same DATA_DIR keeps everything (and does not reseed)', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-restart-'));
  try {
    const first = await build({ dataDir });
    const { Token } = await first.login();
    await first.call('POST', '/api/category/', { token: Token, body: { Id: 0, Name: 'Ajoutée avant' } });
    await first.call('DELETE', '/api/project/1', { token: Token });
    const before = await snapshot(first.db);
    await first.close();
    const second = await build({ dataDir }); // runs the seeders again: they must do nothing
    try {
      expect(await snapshot(second.db)).toEqual(before);
      await second.login();
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
