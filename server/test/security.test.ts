// The security matrix, sessions (rotation, reuse, logout, password change), sign-in limiting,
// XSRF and headers.
import { createHmac } from 'node:crypto';
import { site0007 as demoSite } from '../db/migration0007.ts';
import { build, formData, snapshot, XSRF, ADMIN_EMAIL, ADMIN_PWD, type TestApp } from './helper.ts';
import { operations } from '../../contract/api.ts';
import { loadContract } from '../http/contract.ts';
import { md5hex } from '../auth/passwords.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security.ts';
import { join } from 'node:path';
import { repoRoot } from './helper.ts';

let t: TestApp;
beforeEach(async () => {
  t = await build();
});
afterEach(async () => t.close());

const contract = loadContract(join(repoRoot, 'openapi.yaml'));
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const upload = formData(PNG, 'pixel.png');

/** A valid request for each mutation, so a refusal can only come from the token or XSRF. */
const validCalls: Record<string, { url: string; body?: unknown; headers?: Record<string, string> }> = {
  addCategory: { url: '/api/category/', body: { Id: 0, Name: 'Nouvelle catégorie' } },
  updateCategory: { url: '/api/category/1', body: { Id: 1, Name: 'Autre nom' } },
  deleteCategory: { url: '/api/category/5' }, // has types: would refuse, but must not even get there
  addProjectType: { url: '/api/projecttype/', body: { Id: 0, CategoryId: 1, Name: 'Nouveau type', Description: '', Image: '' } },
  updateProjectType: { url: '/api/projecttype/2', body: { Id: 2, CategoryId: 1, Name: 'Nouveau nom', Description: '', Image: '' } },
  deleteProjectType: { url: '/api/projecttype/9' },
  addProject: { url: '/api/project/', body: { Id: 0, ProjectTypeId: 1, Name: 'Nouveau projet', Description: 'Une description', Image: 'x.jpg' } },
  updateProject: { url: '/api/project/1', body: { Id: 1, ProjectTypeId: 1, Name: 'Nouveau projet', Description: 'Une description', Image: 'x.jpg' } },
  deleteProject: { url: '/api/project/1' },
  addSubType: { url: '/api/subtype/add/', body: { SrcId: 1, DestId: 2 } },
  deleteSubType: { url: '/api/subtype/del/', body: { SrcId: 22, DestId: 6 } },
  addUser: { url: '/api/user/', body: { Id: 0, Email: 'pirate@exemple.ca', Pwd: md5hex('pirate') } },
  updateUser: { url: '/api/user/1', body: { Id: 1, Email: 'pirate@exemple.ca', Pwd: md5hex('pirate') } },
  deleteUser: { url: '/api/user/1' },
  uploadImage: { url: '/api/image/', body: upload.payload, headers: upload.headers },
  deleteImage: { url: '/api/image/buffet-chene.jpg' }, // in use: would refuse, but must not even get there
  updateQuote: { url: '/api/quote/1', body: { Read: true, Handled: true } }, // no such request: 404, but must not even get there
  deleteQuote: { url: '/api/quote/1' },
  updateSite: { url: '/api/site', body: { ...demoSite, BusinessName: 'Autre nom' } },
  updateMenu: { url: '/api/menu', body: { Dropdowns: [], Links: [] } },
  orderCategories: { url: '/api/category/order/', body: { Seen: [1, 2], Order: [2, 1] } },
  orderProjectTypes: { url: '/api/projecttype/order/3', body: { Seen: [19, 20], Order: [20, 19] } },
  orderProjects: { url: '/api/projects/19/order', body: { Seen: [1, 2], Order: [2, 1] } },
  addGalleryItem: { url: '/api/project/3/gallery', body: { Image: 'buffet-chene.jpg', Caption: '', Alt: 'Un buffet', Pair: '' } },
  updateGalleryItem: { url: '/api/project/3/gallery/1', body: { Image: 'buffet-chene.jpg', Caption: '', Alt: 'Un buffet', Pair: '' } },
  deleteGalleryItem: { url: '/api/project/3/gallery/1' },
  orderGallery: { url: '/api/project/3/gallery/order', body: { Seen: [1, 2], Order: [2, 1] } },
  // Issue 28: the trash and the versions (no such entry: 404, but must not even get there).
  restoreTrash: { url: '/api/trash/1/restore' },
  deleteTrash: { url: '/api/trash/1' },
  restoreVersion: { url: '/api/history/category/1/1/restore' },
  // Issue 29: the account's second factor.
  setupTotp: { url: '/api/account/totp/' },
  confirmTotp: { url: '/api/account/totp/confirm', body: { Code: '123456' } },
  deleteTotp: { url: '/api/account/totp/', body: { Code: '123456' } },
  regenerateRecoveryCodes: { url: '/api/account/recovery/', body: { Code: '123456' } },
  // Issue 29: passkeys (a registration's options and answer, a proof's options, a removal).
  passkeyRegistrationOptions: { url: '/api/account/passkey/options' },
  passkeyProofOptions: { url: '/api/account/passkey/proof-options' },
  addPasskey: { url: '/api/account/passkey/', body: { Name: 'iPhone de Marc', Credential: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', attestationObject: 'oA' } } } },
  deletePasskey: { url: '/api/account/passkey/1', body: { Code: '123456' } },
  // Issue 31: clients' testimonials.
  addTestimonial: { url: '/api/testimonial/', body: { Id: 0, Text: 'Un travail soigné, merci !', ClientName: 'Julie B.', Place: 'Aylmer', Month: '2025-06', ProjectId: null, Published: false, Consent: false } },
  updateTestimonial: { url: '/api/testimonial/1', body: { Id: 1, Text: 'Un travail soigné, merci !', ClientName: 'Julie B.', Place: 'Aylmer', Month: '2025-06', ProjectId: null, Published: false, Consent: false } },
  deleteTestimonial: { url: '/api/testimonial/1' },
  orderTestimonials: { url: '/api/testimonial/order/', body: { Seen: [1, 2], Order: [2, 1] } },
};
const mutations = contract.filter((op) => op.security.includes('bearer') && op.method !== 'GET');

test('the matrix covers every protected mutation of the contract', () => {
  expect(mutations.map((op) => op.operationId).sort()).toEqual(Object.keys(validCalls).sort());
  expect(Object.keys(operations).sort()).toEqual(contract.map((op) => op.operationId).sort());
});

describe('every mutation is refused and writes nothing', () => {
  const cases: Array<[string, (tokens: { Token: string; RefreshToken: string }) => { token?: string | null; xsrf?: boolean; headers?: Record<string, string> }, number]> = [
    ['without a token', () => ({ token: null }), 401],
    ['with a tampered token', ({ Token }) => {
      const [h, p, s] = Token.split('.');
      const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, unknown>;
      return { token: `${h}.${b64({ ...payload, sub: '2' })}.${s}` };
    }, 401],
    ['with alg none', ({ Token }) => {
      const payload = JSON.parse(Buffer.from(Token.split('.')[1] ?? '', 'base64url').toString()) as unknown;
      return { token: `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(payload)}.` };
    }, 401],
    ['with a token signed by another key', ({ Token }) => {
      const [h, p] = Token.split('.');
      const sig = createHmac('sha256', 'another-secret-another-secret-another').update(`${h}.${p}`).digest('base64url');
      return { token: `${h}.${p}.${sig}` };
    }, 401],
    ['with the refresh token as bearer', ({ RefreshToken }) => ({ token: RefreshToken }), 401],
    ['without the XSRF header', ({ Token }) => ({ token: Token, xsrf: false, headers: { cookie: `XSRF-TOKEN=${XSRF}` } }), 403],
    ['with an XSRF header different from the cookie', ({ Token }) => ({ token: Token, xsrf: false, headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': 'autre' } }), 403],
    ['without the XSRF cookie', ({ Token }) => ({ token: Token, xsrf: false, headers: { 'x-xsrf-token': XSRF } }), 403],
  ];
  test.each(cases)('%s', async (_name, make, status) => {
    const tokens = await t.login();
    const before = await snapshot(t.db);
    for (const op of mutations) {
      const call = validCalls[op.operationId];
      if (!call) throw new Error(op.operationId);
      const options = make(tokens);
      const res = await t.call(op.method, call.url, { body: call.body, ...options, headers: { ...call.headers, ...options.headers } });
      expect([op.operationId, res.statusCode]).toEqual([op.operationId, status]);
      expect(res.json()).toEqual({ Result: false, Message: expect.stringMatching(/\S/) });
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect(await snapshot(t.db)).toHaveProperty('image');
  });

  test('an expired access token is refused', async () => {
    let now = Date.now();
    const clocked = await build({ config: { now: () => now } });
    try {
      const { Token } = await clocked.login();
      expect((await clocked.call('GET', '/api/user/all/', { token: Token })).statusCode).toBe(200);
      now += 15 * 60 * 1000 + 1000;
      expect((await clocked.call('GET', '/api/user/all/', { token: Token })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  test('the user list needs a valid access token', async () => {
    expect((await t.call('GET', '/api/user/all/')).statusCode).toBe(401);
    const { RefreshToken } = await t.login();
    expect((await t.call('GET', '/api/user/all/', { token: RefreshToken })).statusCode).toBe(401);
  });

  test('a deleted administrator’s access token stops working', async () => {
    const { Token } = await t.login();
    await t.call('POST', '/api/user/', { token: Token, body: { Id: 0, Email: 'second@exemple.ca', Pwd: md5hex('second-pass') } });
    const second = await t.login('second@exemple.ca', md5hex('second-pass'));
    const id = (await t.db.selectFrom('app_user').select('id').where('email_key', '=', 'second@exemple.ca').executeTakeFirstOrThrow()).id;
    expect((await t.call('DELETE', `/api/user/${id}`, { token: Token })).json()).toMatchObject({ Result: true });
    expect((await t.call('GET', '/api/user/all/', { token: second.Token })).statusCode).toBe(401);
  });
});

describe('sign-in', () => {
  test('wrong password and unknown e-mail get the same answer', async () => {
    const wrong = await t.call('POST', '/api/login/', { body: { Email: ADMIN_EMAIL, Pwd: md5hex('faux') } });
    const unknown = await t.call('POST', '/api/login/', { body: { Email: 'inconnu@exemple.ca', Pwd: md5hex('faux') } });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ Result: false, Token: '', RefreshToken: '' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(wrong.body);
  });

  test('access token: HS256, 15 minutes, iss/aud/sub/typ', async () => {
    const { Token, RefreshToken } = await t.login(ADMIN_EMAIL.toUpperCase());
    const [h, p] = Token.split('.');
    expect(JSON.parse(Buffer.from(h ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<string, number | string>;
    expect(payload).toMatchObject({ iss: 'atelier-portfolio', aud: 'atelier-portfolio-admin', sub: '1' });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(900);
    expect(RefreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('refresh_token').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(RefreshToken);
    expect(Number(stored[0]?.expires_at) - Number(stored[0]?.created_at)).toBe(30 * 24 * 3600);
  });

  test('at most 5 failures a minute per address and e-mail, then 429 with Retry-After', async () => {
    let now = Date.now();
    const limited = await build({ config: { now: () => now } });
    try {
      const attempt = (email: string, pwd: string, ip = '10.0.0.1') =>
        limited.app.inject({ method: 'POST', url: '/api/login/', remoteAddress: ip, headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json' }, payload: JSON.stringify({ Email: email, Pwd: pwd }) });
      for (let i = 0; i < 5; i++) expect((await attempt(ADMIN_EMAIL, md5hex('faux'))).statusCode).toBe(200);
      const blocked = await attempt(ADMIN_EMAIL, ADMIN_PWD); // even the right password
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json()).toEqual({ Result: false, Message: expect.stringMatching(/Trop de tentatives.*Réessayez dans \d+ secondes/) });
      // Another address, or another e-mail, is not blocked.
      expect((await attempt(ADMIN_EMAIL, ADMIN_PWD, '10.0.0.2')).json()).toMatchObject({ Result: true });
      expect((await attempt('autre@exemple.ca', md5hex('faux'))).statusCode).toBe(200);
      now += 61_000;
      expect((await attempt(ADMIN_EMAIL, ADMIN_PWD)).json()).toMatchObject({ Result: true });
    } finally {
      await limited.close();
    }
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string) => t.call('POST', '/api/refreshtoken/', { token });

  test('rotation: a new pair, the old refresh token is spent', async () => {
    const first = await t.login();
    const res = await refresh(first.RefreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json<{ Result: boolean; Token: string; RefreshToken: string }>();
    expect(next.Result).toBe(true);
    expect(next.RefreshToken).not.toBe(first.RefreshToken);
    expect((await t.call('GET', '/api/user/all/', { token: next.Token })).statusCode).toBe(200);
    expect((await refresh(next.RefreshToken)).statusCode).toBe(200);
  });

  test('reuse of a rotated token revokes the whole family', async () => {
    const first = await t.login();
    const second = (await refresh(first.RefreshToken)).json<{ RefreshToken: string }>();
    // The legitimate holder renews again: its successor spent, no grace is left for a replay.
    const third = (await refresh(second.RefreshToken)).json<{ RefreshToken: string }>();
    const reuse = await refresh(first.RefreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ Result: false, Message: expect.stringMatching(/reconnectez-vous/) });
    // The legitimate holder's newer token is dead too.
    expect((await refresh(third.RefreshToken)).statusCode).toBe(401);
    // Another session of the same user is untouched.
    const other = await t.login();
    expect((await refresh(other.RefreshToken)).statusCode).toBe(200);
  });

  test('an access token is not a refresh token; garbage and no token are refused', async () => {
    const { Token } = await t.login();
    expect((await refresh(Token)).statusCode).toBe(401);
    expect((await refresh('n-importe-quoi')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/refreshtoken/')).statusCode).toBe(401);
  });

  test('expires after 30 days', async () => {
    let now = Date.now();
    const clocked = await build({ config: { now: () => now } });
    try {
      const { RefreshToken } = await clocked.login();
      now += 30 * 24 * 3600 * 1000 + 1000;
      expect((await clocked.call('POST', '/api/refreshtoken/', { token: RefreshToken })).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  test('logout revokes the session and always succeeds', async () => {
    const { RefreshToken } = await t.login();
    const out = await t.call('POST', '/api/logout/', { token: RefreshToken });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ Result: true });
    expect((await refresh(RefreshToken)).statusCode).toBe(401);
    expect((await t.call('POST', '/api/logout/')).json()).toMatchObject({ Result: true });
    expect((await t.call('POST', '/api/logout/', { token: 'inconnu' })).json()).toMatchObject({ Result: true });
    expect((await t.call('POST', '/api/logout/', { token: RefreshToken, xsrf: false })).statusCode).toBe(403);
  });

  test('a password change revokes the user’s refresh tokens', async () => {
    const a = await t.login();
    const b = await t.login();
    const res = await t.call('PUT', '/api/user/1', { token: a.Token, body: { Id: 1, Email: ADMIN_EMAIL, Pwd: md5hex('nouveau-mot') } });
    expect(res.json()).toMatchObject({ Result: true });
    expect((await refresh(a.RefreshToken)).statusCode).toBe(401);
    expect((await refresh(b.RefreshToken)).statusCode).toBe(401);
  });
});

describe('XSRF and headers', () => {
  test('an XSRF-TOKEN cookie is set when the request has none, not otherwise', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/category/all/' });
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict$/);
    expect(cookie).not.toMatch(/HttpOnly/);
    const again = await t.call('GET', '/api/category/all/');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  test('an answer carrying a new XSRF cookie is never stored by a shared cache', async () => {
    for (const url of ['/api/category/all/', '/welcome', '/assets/images/introuvable.jpg']) {
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.headers['set-cookie']).toBeDefined();
      expect(first.headers['cache-control']).toBe('private, no-store');
    }
    const again = await t.call('GET', '/api/category/all/');
    expect(again.headers['cache-control']).toMatch(/^public/);
  });

  test('images, their variants and hashed files hand out no XSRF cookie and keep their public cache', async () => {
    const image = (await t.app.services.images.list()).find((i) => i.Name === 'accueil.jpg');
    expect(image).toBeDefined();
    const largest = Math.max(...image!.Widths);
    for (const url of [`/assets/images/${image!.Name}`, `/assets/images/${image!.Name}.${largest}.avif`, `/assets/images/${image!.Name}.${largest}.webp`]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect([url, answer.statusCode]).toEqual([url, 200]);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const withDist = await build({ withDist: true });
    try {
      const hashed = await withDist.app.inject({ method: 'GET', url: '/static/runtime.0123456789.js' });
      expect(hashed.statusCode).toBe(200);
      expect(hashed.headers['set-cookie']).toBeUndefined();
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The page itself still hands out the cookie, privately.
      const page = await withDist.app.inject({ method: 'GET', url: '/welcome' });
      expect(page.headers['set-cookie']).toBeDefined();
      expect(page.headers['cache-control']).toBe('private, no-store');
    } finally {
      await withDist.close();
    }
  });

  test('sign-in needs the XSRF header too', async () => {
    const res = await t.call('POST', '/api/login/', { body: { Email: ADMIN_EMAIL, Pwd: ADMIN_PWD }, xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('refresh_token').selectAll().execute()).toEqual([]);
  });

  test('security headers on API answers, errors and the fallback', async () => {
    for (const url of ['/api/category/all/', '/api/nope', '/api/project/abc', '/assets/images/nope.jpg', '/admin']) {
      const res = await t.call('GET', url);
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe/);
  });

  test('HSTS and a Secure cookie behind an HTTPS reverse proxy (TRUST_PROXY)', async () => {
    const proxied = await build({ seed: false, config: { trustProxy: '127.0.0.1' } });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/api/menu', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure$/);
      const direct = await t.app.inject({ method: 'GET', url: '/api/menu', headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
