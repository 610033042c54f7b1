// Attack checks beyond the API issue's matrix: revoked refresh-token families stay revoked
// across a restart, the user list never carries a hash, encoded path traversal on images,
// oversized bodies refused early, the security headers on every route (errors and SPA
// fallback included), and the regressions the contract fuzzer found.
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContract } from '../http/contract.ts';
import { md5hex } from '../auth/passwords.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security.ts';
import { build, buildSignedIn, escapesFrom, repoRoot, snapshot, XSRF, type TestApp } from './helper.ts';

const contract = loadContract(join(repoRoot, 'openapi.yaml'));

describe('a refresh-token family revoked on reuse', () => {
  test('stays revoked after a restart, while another session survives it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-attack-'));
    try {
      let now = Date.now();
      const first = await build({ dataDir, config: { now: () => now } });
      const refresh = (app: TestApp, token: string) => app.call('POST', '/api/refreshtoken/', { token });
      const stolen = await first.login();
      const other = await first.login();
      const rotated = (await refresh(first, stolen.RefreshToken)).json<{ RefreshToken: string }>();
      now += 11_000; // the thief replays later than a second tab renewing at the same moment would
      expect((await refresh(first, stolen.RefreshToken)).statusCode).toBe(401); // reuse: family revoked
      expect((await refresh(first, rotated.RefreshToken)).statusCode).toBe(401);
      await first.close();

      const second = await build({ dataDir });
      try {
        expect((await refresh(second, rotated.RefreshToken)).statusCode).toBe(401);
        expect((await refresh(second, stolen.RefreshToken)).statusCode).toBe(401);
        // The untouched session still rotates: the restart did not just forget every token.
        const next = await refresh(second, other.RefreshToken);
        expect(next.statusCode).toBe(200);
        expect(next.json()).toMatchObject({ Result: true });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('with a running app', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => ({ t, token } = await buildSignedIn({ withDist: true })));
  afterEach(async () => t.close());

  test('GET /api/user/all/ never carries a hash, a salt or the MD5', async () => {
    const pwd = md5hex('un-mot-de-passe');
    await t.call('POST', '/api/user/', { token, body: { Id: 0, Email: 'second@exemple.ca', Pwd: pwd } });
    const res = await t.call('GET', '/api/user/all/', { token });
    expect(res.statusCode).toBe(200);
    const users = res.json<Array<Record<string, unknown>>>();
    expect(users.length).toBe(2);
    for (const user of users) expect(Object.keys(user).sort()).toEqual(['Email', 'Id', 'Pwd']);
    expect(users.every((u) => u.Pwd === '')).toBe(true);
    const stored = await t.db.selectFrom('app_user').select('password_hash').execute();
    for (const { password_hash } of stored) {
      for (const part of password_hash.split('$').filter((p) => p.length >= 8)) expect(res.body).not.toContain(part);
    }
    expect(res.body).not.toContain(pwd);
    expect(res.body).not.toMatch(/scrypt|argon|\$/i);
  });

  test('path traversal on /assets/images/ in its encoded forms', async () => {
    writeFileSync(join(t.dataDir, 'secret.jpg'), 'SECRET-DATA');
    mkdirSync(join(t.dataDir, 'images'), { recursive: true }); // the uploads folder, next to the secret
    const targets = ['secret.jpg', 'portfolio.sqlite', 'no-dist/../secret.jpg'];
    const dots = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '%c0%ae%c0%ae', '%uff0e%uff0e', '．．', '%EF%BC%8E%EF%BC%8E', '....'];
    const slashes = ['/', '%2f', '%2F', '%5c', '%5C', '\\', '%252f', '%c0%af', '%e0%80%af', '//', '%2f%2f', ';/'];
    const urls: string[] = [];
    for (const dot of dots) for (const slash of slashes) for (const target of targets) urls.push(`/assets/images/${dot}${slash}${target}`);
    urls.push(...escapesFrom(t.dataDir));
    for (const url of urls) {
      const res = await t.call('GET', url);
      const leaked = res.body.includes('SECRET-DATA') || res.body.includes('SQLite format') || res.body.includes('root:') || res.body.includes('"dependencies"');
      expect([url, res.statusCode < 400 ? 'served' : 'refused', leaked]).toEqual([url, expect.any(String), false]);
      if (res.statusCode < 400) expect([url, res.headers['content-type']]).toEqual([url, expect.stringMatching(/^text\/html/)]); // at most the SPA fallback
    }
  });

  test('oversized JSON bodies are refused with 413 and nothing written', async () => {
    const before = await snapshot(t.db);
    for (const op of contract.filter((o) => o.schema.body)) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const body = JSON.stringify({ Id: 1, Name: 'x'.repeat(1024 * 1024) });
      const res = await t.call(op.method, url, { token, body, headers: { 'content-type': 'application/json' } });
      expect([op.operationId, res.statusCode]).toEqual([op.operationId, 413]);
      expect(res.json()).toEqual({ Result: false, Message: 'Requête trop volumineuse.' });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test('regressions found by the fuzzer: non-decimal ids and half surrogate pairs are refused', async () => {
    const before = await snapshot(t.db);
    for (const id of ['0x10', '1e1', '+1', '%201', '0b1', '1.0']) {
      const res = await t.call('DELETE', `/api/project/${id}`, { token });
      expect([id, res.statusCode]).toEqual([id, 400]);
    }
    for (const name of ['\ud83e xx', 'Cuisine \ude9a', 'a\udfff\ud800b']) {
      const res = await t.call('POST', '/api/category/', { token, body: { Id: 0, Name: name } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ Message: string }>().Message).toMatch(/Unicode invalide/);
    }
    // A whole pair is fine and comes back as sent.
    expect((await t.call('POST', '/api/category/', { token, body: { Id: 0, Name: 'Scie 🪚 ronde' } })).json()).toMatchObject({ Result: true });
    const after = await snapshot(t.db);
    expect(after.project).toEqual(before.project);
    expect((await t.call('GET', '/api/category/all/')).json<Array<{ Name: string }>>().at(-1)?.Name).toBe('Scie 🪚 ronde');
  });

  describe('security headers on every route, errors and SPA fallback included', () => {
    const expectHeaders = (what: string, headers: Record<string, unknown>, https = false) => {
      expect([what, headers['content-security-policy']]).toEqual([what, CONTENT_SECURITY_POLICY]);
      expect([what, headers['x-content-type-options']]).toEqual([what, 'nosniff']);
      expect([what, headers['referrer-policy']]).toEqual([what, 'strict-origin-when-cross-origin']);
      expect([what, headers['x-frame-options']]).toEqual([what, 'DENY']);
      expect([what, headers['strict-transport-security'] !== undefined]).toEqual([what, https]);
    };

    test('the policy itself is strict', () => {
      const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((d) => { const [k, ...v] = d.trim().split(/\s+/); return [k, v.join(' ')]; }));
      expect(directives.get('script-src') ?? directives.get('default-src')).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
      expect(directives.get('object-src')).toBe("'none'");
      expect(directives.get('base-uri')).toBe("'none'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
    });

    test('every contract operation: success, 400, 401, 403, 404', async () => {
      for (const op of contract) {
        const url = op.path.replace(/\{[^}]+\}/g, '1');
        const variants: Array<[string, Parameters<TestApp['call']>[2], string?]> = [
          ['with session', { token, body: op.schema.body ? {} : undefined }],
          ['without session', { token: null }],
          ['without XSRF', { token, xsrf: false }],
        ];
        for (const [name, options] of variants) {
          const res = await t.call(op.method, url, options);
          expectHeaders(`${op.operationId} ${name} → ${res.statusCode}`, res.headers);
        }
        const bad = await t.call(op.method, op.path.replace(/\{[^}]+\}/g, 'abc'), { token });
        expectHeaders(`${op.operationId} bad id → ${bad.statusCode}`, bad.headers);
      }
    });

    test('errors, the SPA fallback, static files, images, 304, 413, 415, 429, and HSTS over HTTPS', async () => {
      const calls: Array<[string, Parameters<TestApp['call']>[0], string, Parameters<TestApp['call']>[2]?]> = [
        ['SPA fallback', 'GET', '/admin/categories'],
        ['SPA root', 'GET', '/'],
        ['hashed asset', 'GET', '/main.0123456789abcdef.js'],
        ['missing file', 'GET', '/missing.js'],
        ['image', 'GET', '/assets/images/accueil.jpg'],
        ['missing image', 'GET', '/assets/images/nope.jpg'],
        ['traversal', 'GET', '/assets/images/..%2fsecret.jpg'],
        ['unknown api', 'GET', '/api/nothing/here'],
        ['unknown method', 'PATCH', '/api/category/1', { token }],
        ['broken JSON', 'POST', '/api/category/', { token, body: '{"Id":', headers: { 'content-type': 'application/json' } }],
        ['415', 'POST', '/api/category/', { token, body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
        ['413', 'POST', '/api/category/', { token, body: { Id: 0, Name: 'x'.repeat(1_100_000) } }],
      ];
      for (const [name, method, url, options] of calls) {
        const res = await t.call(method, url, options);
        expectHeaders(`${name} → ${res.statusCode}`, res.headers);
      }
      const first = await t.call('GET', '/api/category/all/');
      const notModified = await t.call('GET', '/api/category/all/', { headers: { 'if-none-match': String(first.headers.etag) } });
      expect(notModified.statusCode).toBe(304);
      expectHeaders('304', notModified.headers);
      for (let i = 0; i < 6; i++) await t.call('POST', '/api/login/', { body: { Email: 'x@exemple.ca', Pwd: md5hex('faux') } });
      const limited = await t.call('POST', '/api/login/', { body: { Email: 'x@exemple.ca', Pwd: md5hex('faux') } });
      expect(limited.statusCode).toBe(429);
      expectHeaders('429', limited.headers);
    });

    test('HSTS on every kind of answer behind an HTTPS proxy', async () => {
      const proxied = await build({ withDist: true, config: { trustProxy: '127.0.0.1' } });
      try {
        for (const [method, url] of [['GET', '/'], ['GET', '/admin'], ['GET', '/api/category/all/'], ['GET', '/api/nothing'], ['POST', '/api/category/'], ['GET', '/assets/images/nope.jpg']] as const) {
          const res = await proxied.call(method, url, { headers: { 'x-forwarded-proto': 'https' } });
          expectHeaders(`https ${method} ${url} → ${res.statusCode}`, res.headers, true);
          expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d{7,}/);
        }
      } finally {
        await proxied.close();
      }
    });
  });
});

describe('an oversized body on a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await build();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  /** Announces `declared` bytes, sends only `sent`, and waits for the answer. */
  const post = (path: string, headers: Record<string, string>, sent: number, chunked = false) =>
    new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
      });
      req.on('error', reject);
      // A server that waits for the whole body fails the test instead of hanging it.
      req.setTimeout(3000, () => req.destroy(new Error('no answer within 3 s: the body was not refused early')));
      req.write(`{"Email":"${'a'.repeat(Math.max(0, sent - 20))}`);
      if (chunked) {
        // keep streaming until the server answers
        const more = setInterval(() => req.write('a'.repeat(64 * 1024)), 5);
        req.on('response', () => clearInterval(more));
        req.on('close', () => clearInterval(more));
      }
      // never end(): an early refusal must not wait for the rest
    });

  test('a Content-Length over 1 MB is refused at once, before the body is read', async () => {
    const res = await post('/api/login/', { 'content-length': String(50 * 1024 * 1024) }, 1024);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ Result: false, Message: 'Requête trop volumineuse.' });
    expect(res.ms).toBeLessThan(2000);
  });

  test('a chunked body is cut off as soon as it passes 1 MB', async () => {
    const res = await post('/api/login/', { 'transfer-encoding': 'chunked' }, 1024, true);
    expect(res.status).toBe(413);
    expect(res.ms).toBeLessThan(5000);
  });
});
