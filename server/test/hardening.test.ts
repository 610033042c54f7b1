// Issue 19, the outside review's findings, each attacked again: against a listening server with
// real concurrent HTTP requests where the finding was a race or a flood.
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { restore } from '../backup/backup.ts';
import { DUMP_FILE } from '../db/dump.ts';
import { onPostgres } from './database.ts';
import { configFromEnv } from '../config.ts';
import { DEFAULT_CONNECTION_LIMITS } from '../http/connectionLimits.ts';
import { hashPassword, md5hex, verifyPassword } from '../auth/passwords.ts';
import { ADMIN_EMAIL, ADMIN_PWD, XSRF, backupOf, build, restoreInto, type BuildOptions, type TestApp } from './helper.ts';

jest.setTimeout(60_000);

const open: TestApp[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

/** A fresh app, closed after the test. */
async function fresh(options: BuildOptions = {}): Promise<TestApp> {
  const t = await build(options);
  open.push(t);
  return t;
}

/** A fresh app listening on 127.0.0.1, and its base URL. */
async function serve(options: BuildOptions = {}): Promise<{ t: TestApp; base: string }> {
  const t = await fresh(options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return { t, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

const headers = (extra: Record<string, string> = {}) => ({
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  'content-type': 'application/json',
  ...extra,
});

async function signIn(base: string, Email: string, Pwd: string) {
  const res = await fetch(`${base}/api/login/`, { method: 'POST', headers: headers(), body: JSON.stringify({ Email, Pwd }) });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as { Result: boolean; Message?: string; Token?: string } };
}

describe('1. sign-in floods', () => {
  test('concurrent hashes are capped: beyond the queue, a French 503 with Retry-After', async () => {
    const { t, base } = await serve({ config: { hashGate: { concurrency: 1, queue: 2 } } });
    // The one slot held by a hash that ends when the test says so (a long scrypt), so the flood
    // meets a full gate however the machine schedules it: a real hash could end before the
    // last attempts arrived, and let a fourth one through (seen once under load).
    let release = () => {};
    const held = t.app.services.hashGate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const answered: Array<Awaited<ReturnType<typeof signIn>>> = [];
    const attempts = Array.from({ length: 12 }, () => signIn(base, `${randomUUID()}@exemple.ca`, md5hex('faux')).then((a) => (answered.push(a), a)));
    // Two wait their turn; the ten others are refused at once, without hashing.
    while (answered.length < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 503));
    for (const a of answered) {
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(a.json).toEqual({ Result: false, Message: expect.stringMatching(/^Trop de connexions en cours : réessayez dans \d+ secondes?\.$/) });
    }
    // The slot freed, the two waiting are checked (an unknown e-mail: refused as a wrong password).
    release();
    await held;
    const answers = await Promise.all(attempts);
    expect(answers.filter((a) => a.status === 200).map((a) => a.json.Result)).toEqual([false, false]);
    // Once the flood is over, the right password works.
    expect((await signIn(base, ADMIN_EMAIL, ADMIN_PWD)).json.Result).toBe(true);
    // The journal has the three sign-ins whose password was checked, not the ten refused at once:
    // a flood writes nothing.
    const logged = await t.db.selectFrom('journal').select(['action', 'outcome']).where('action', '=', 'sign-in').orderBy('id').execute();
    expect(logged).toEqual([
      { action: 'sign-in', outcome: 'refused' },
      { action: 'sign-in', outcome: 'refused' },
      { action: 'sign-in', outcome: 'done' },
    ]);
  });

  test('hashes run on a thread of their own at the lowest priority: file reads never wait behind them', async () => {
    // Four at once (creating users does not pass the sign-in gate): in libuv's pool they took its
    // four threads, and a file read waited for one of them to finish.
    const hashes = Array.from({ length: 4 }, () => hashPassword(md5hex('faux'), { N: 2 ** 14, r: 8, p: 1 }));
    const order: string[] = [];
    for (const hash of hashes) void hash.then(() => order.push('hash'));
    const niceWhileHashing = readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]));
    await readFile('package.json').then(() => order.push('read'));
    await Promise.all(hashes);
    expect(order[0]).toBe('read');
    expect(niceWhileHashing).toContain(19); // Linux: the hashing thread yields the cores to pages
    for (const hash of await Promise.all(hashes)) expect(await verifyPassword(md5hex('faux'), hash)).toBe(true);
  });

  test('a new e-mail per attempt is limited per address (20 a minute)', async () => {
    const t = await fresh();
    const attempt = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/login/', remoteAddress: ip, headers: headers(), payload: JSON.stringify({ Email: `${randomUUID()}@exemple.ca`, Pwd: md5hex('faux') }) });
    for (let i = 0; i < 20; i++) expect((await attempt('10.0.0.9')).statusCode).toBe(200);
    const limited = await attempt('10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('10.0.0.10')).statusCode).toBe(200);
  });
});

describe('2. the sign-in limit holds under concurrency', () => {
  test('30 wrong passwords and the right one at once: at most 5 are checked', async () => {
    const { base } = await serve();
    const attempts = [...Array.from({ length: 30 }, () => md5hex(randomUUID())), ADMIN_PWD];
    const answers = await Promise.all(attempts.map((pwd) => signIn(base, ADMIN_EMAIL, pwd)));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(26);
  });

  test('a success resets its own pair only, not the address', async () => {
    const t = await fresh({ config: { loginLimit: { max: 5, maxPerAddress: 6, windowMs: 60_000 } } });
    const attempt = (Email: string, Pwd: string) =>
      t.app.inject({ method: 'POST', url: '/api/login/', remoteAddress: '10.0.0.3', headers: headers(), payload: JSON.stringify({ Email, Pwd }) });
    for (let i = 0; i < 4; i++) expect((await attempt(ADMIN_EMAIL, md5hex('faux'))).json()).toMatchObject({ Result: false });
    expect((await attempt(ADMIN_EMAIL, ADMIN_PWD)).json()).toMatchObject({ Result: true });
    expect((await attempt('autre@exemple.ca', md5hex('faux'))).statusCode).toBe(200);
    // Six attempts from this address in the minute: the seventh waits, whatever its e-mail.
    expect((await attempt(ADMIN_EMAIL, ADMIN_PWD)).statusCode).toBe(429);
  });
});

describe('3. TRUST_PROXY', () => {
  const trust = (value: string) => configFromEnv({ TRUST_PROXY: value }, '/repo').app.trustProxy;

  test('the addresses of the proxies; true and hop counts are refused at start-up', () => {
    expect(trust('127.0.0.1')).toBe('127.0.0.1');
    expect(trust('127.0.0.1, 10.0.0.0/8,::1')).toBe('127.0.0.1,10.0.0.0/8,::1');
    expect(trust('loopback')).toBe('loopback');
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(configFromEnv({}, '/repo').app.trustProxy).toBe(false);
    expect(() => trust('true')).toThrow(/^TRUST_PROXY=true ferait confiance .*TRUST_PROXY=127\.0\.0\.1/);
    expect(() => trust('1')).toThrow(/^TRUST_PROXY=1 : .*TRUST_PROXY=127\.0\.0\.1/);
    expect(() => trust('*')).toThrow(/^TRUST_PROXY invalide/);
  });

  test('behind one proxy, the address is the one the proxy saw: a forged X-Forwarded-For neither escapes nor locks out', async () => {
    const t = await fresh({ config: { trustProxy: '127.0.0.1' } });
    // The proxy (127.0.0.1) appends the address it saw to whatever the client sent.
    const attempt = (forged: string, client: string, pwd = md5hex('faux')) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/',
        remoteAddress: '127.0.0.1',
        headers: headers({ 'x-forwarded-for': `${forged}, ${client}` }),
        payload: JSON.stringify({ Email: ADMIN_EMAIL, Pwd: pwd }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(`203.0.113.${i}, 127.0.0.1`, '198.51.100.7')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // Five failed sign-ins in the journal; the seven refused by the limit, unchecked, are not.
    expect(await t.db.selectFrom('journal').select('outcome').where('action', '=', 'sign-in').execute()).toEqual(Array(5).fill({ outcome: 'refused' }));
    // The victim (198.51.100.8), named by the attacker above, still signs in.
    for (let i = 0; i < 5; i++) await attempt('198.51.100.8', '198.51.100.9');
    const victim = await attempt('x', '198.51.100.8', ADMIN_PWD);
    expect([victim.statusCode, victim.json()]).toMatchObject([200, { Result: true }]);
  });
});

describe('6. an access token dies with its session; two tabs renewing together keep it', () => {
  const refresh = (t: TestApp, token: string) => t.call('POST', '/api/refreshtoken/', { token });
  const allowed = async (t: TestApp, token: string) => (await t.call('GET', '/api/user/all/', { token })).statusCode;

  test('logout refuses the access tokens of that session at once, not those of another', async () => {
    const t = await fresh();
    const mine = await t.login();
    const other = await t.login();
    expect(await allowed(t, mine.Token)).toBe(200);
    expect((await t.call('POST', '/api/logout/', { token: mine.RefreshToken })).statusCode).toBe(200);
    expect(await allowed(t, mine.Token)).toBe(401);
    expect(await allowed(t, other.Token)).toBe(200);
  });

  test('a password change refuses every access token of that user; a deletion too', async () => {
    const t = await fresh();
    const first = await t.login();
    const second = await t.login();
    expect((await t.call('POST', '/api/user/', { token: first.Token, body: { Id: 0, Email: 'marie@exemple.ca', Pwd: md5hex('marie-secret') } })).json()).toMatchObject({ Result: true });
    const marie = await t.login('marie@exemple.ca', md5hex('marie-secret'));
    expect((await t.call('PUT', '/api/user/1', { token: first.Token, body: { Id: 1, Email: ADMIN_EMAIL, Pwd: md5hex('nouveau-secret') } })).json()).toMatchObject({ Result: true });
    expect(await allowed(t, first.Token)).toBe(401);
    expect(await allowed(t, second.Token)).toBe(401);
    expect(await allowed(t, marie.Token)).toBe(200);
    const admin = await t.login(ADMIN_EMAIL, md5hex('nouveau-secret'));
    const [row] = await t.db.selectFrom('app_user').select('id').where('email_key', '=', 'marie@exemple.ca').execute();
    expect((await t.call('DELETE', `/api/user/${row?.id}`, { token: admin.Token })).json()).toMatchObject({ Result: true });
    expect(await allowed(t, marie.Token)).toBe(401);
  });

  test('a family revoked for reuse refuses its access tokens at once', async () => {
    const t = await fresh();
    const first = await t.login();
    const second = (await refresh(t, first.RefreshToken)).json<{ Token: string; RefreshToken: string }>();
    await refresh(t, second.RefreshToken); // the successor is spent: the grace no longer applies
    expect((await refresh(t, first.RefreshToken)).statusCode).toBe(401); // stolen copy comes back
    expect(await allowed(t, first.Token)).toBe(401);
    expect(await allowed(t, second.Token)).toBe(401);
  });

  test('two tabs renewing at the same moment both get the same successor, and the session lives on', async () => {
    const { t, base } = await serve();
    const { RefreshToken } = await t.login();
    const renew = (token: string) =>
      fetch(`${base}/api/refreshtoken/`, { method: 'POST', headers: headers({ authorization: `Bearer ${token}` }) }).then(
        async (res) => ({ status: res.status, json: (await res.json()) as { Result: boolean; Token: string; RefreshToken: string } }),
      );
    const [a, b] = await Promise.all([renew(RefreshToken), renew(RefreshToken)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.RefreshToken).toBe(b.json.RefreshToken);
    for (const tab of [a, b]) expect(await allowed(t, tab.json.Token)).toBe(200);
    const next = await renew(a.json.RefreshToken);
    expect(next.status).toBe(200);
    expect(await allowed(t, next.json.Token)).toBe(200);
  });

  test('a replay after the grace still revokes the family (RFC 9700 reuse detection)', async () => {
    let now = Date.now();
    const t = await fresh({ config: { now: () => now } });
    const first = await t.login();
    const second = (await refresh(t, first.RefreshToken)).json<{ Token: string; RefreshToken: string }>();
    now += 11_000;
    expect((await refresh(t, first.RefreshToken)).statusCode).toBe(401);
    expect((await refresh(t, second.RefreshToken)).statusCode).toBe(401);
    expect(await allowed(t, second.Token)).toBe(401);
  });
});

describe('7. backups of any library', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'portfolio-h19-backup-'));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  /** A seeded DATA_DIR (demo library) with `extra` files added to images/. */
  async function library(extra: (images: string) => void): Promise<string> {
    const t = await build({ dataDir: join(work, 'data') });
    await t.close();
    extra(join(work, 'data', 'images'));
    return join(work, 'data');
  }

  test('every name the server accepts (up to 100 characters) is saved, readable by tar, and restored', async () => {
    const long = `a${'b'.repeat(95)}.jpg`; // 100 characters: 107 with images/
    const dataDir = await library((images) => writeFileSync(join(images, long), 'une photo au nom très long'));
    const file = join(work, 'b.tar.gz');
    await backupOf(dataDir, file);
    const listed = spawnSync('tar', ['tzf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout.split('\n')).toContain(`images/${long}`);
    await restoreInto(file, join(work, 'back'));
    expect(readFileSync(join(work, 'back', 'images', long), 'utf8')).toBe('une photo au nom très long');
  });

  test('a link in images/ is never followed: neither listed nor its target archived', async () => {
    const secret = join(work, 'secret.txt');
    writeFileSync(secret, 'contenu-secret-hors-du-dossier');
    const dataDir = await library((images) => symlinkSync(secret, join(images, 'passwd.jpg')));
    const file = join(work, 'b.tar.gz');
    const manifest = await backupOf(dataDir, file);
    expect(Object.keys(manifest.files)).not.toContain('images/passwd.jpg');
    expect(gunzipSync(readFileSync(file)).includes('contenu-secret-hors-du-dossier')).toBe(false);
  });

  /** A .tar.gz of `manifest` followed by one entry of `size` zero bytes named `name`, streamed. */
  async function bomb(file: string, manifest: object, name: string, size: number): Promise<void> {
    const json = Buffer.from(JSON.stringify(manifest));
    const header = (entry: string, length: number) => {
      const h = Buffer.alloc(512);
      h.write(entry, 0);
      h.write(`${length.toString(8).padStart(11, '0')}\0`, 124);
      h.write('0', 156);
      h.write('ustar\0', 257);
      h.write('00', 263);
      h.write('        ', 148);
      let sum = 0;
      for (const byte of h) sum += byte;
      h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
      return h;
    };
    async function* tar() {
      yield header('manifest.json', json.length);
      yield Buffer.concat([json, Buffer.alloc((512 - (json.length % 512)) % 512)]);
      yield header(name, size);
      const zeros = Buffer.alloc(1024 * 1024);
      for (let left = size; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
    }
    await pipeline(Readable.from(tar()), createGzip({ level: 1 }), createWriteStream(file));
  }

  test('a gzip bomb is refused with flat memory, and nothing is written', async () => {
    const file = join(work, 'bombe.tar.gz');
    const manifest = { format: 'atelier-portfolio-backup', version: 1, createdAt: '', files: { 'portfolio.sqlite': { size: 1, sha256: '0' } } };
    await bomb(file, manifest, 'portfolio.sqlite', 300 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    await expect(restore(file, join(work, 'cible'))).rejects.toThrow(/endommagé/);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect(existsSync(join(work, 'cible'))).toBe(false);
    // A manifest announcing more than the disk holds is refused before anything is unpacked.
    const huge = { ...manifest, files: { 'portfolio.sqlite': { size: 2 ** 52, sha256: '0' } } };
    await bomb(file, huge, 'portfolio.sqlite', 1024);
    await expect(restore(file, join(work, 'cible'))).rejects.toThrow(/espace libre/);
    expect(readdirSync(work).sort()).toEqual(['bombe.tar.gz']);
  });

  test('a restore that fails at the end (a database that is not one) leaves DATA_DIR as it was', async () => {
    const dataDir = await library(() => undefined);
    const file = join(work, 'b.tar.gz');
    const manifest = await backupOf(dataDir, file);
    // Same size, hashes that match, but the database is garbage: only the last check sees it
    // (SQLite: the whole file; PostgreSQL: its last rows, after the others were loaded).
    const tar = gunzipSync(readFileSync(file));
    const db = manifest.files[onPostgres ? DUMP_FILE : 'portfolio.sqlite'];
    const at = tar.indexOf(onPostgres ? '{"format":"atelier-portfolio-rows"' : 'SQLite format 3');
    const size = db?.size ?? 0;
    const garbage = onPostgres ? Buffer.concat([tar.subarray(at, at + size - 200), Buffer.alloc(199, 0x5a), Buffer.from('\n')]) : Buffer.alloc(size, 0x5a);
    garbage.copy(tar, at);
    const fakeHash = createHash('sha256').update(garbage).digest('hex');
    tar.write(fakeHash, tar.indexOf(db?.sha256 ?? ''), 'latin1');
    writeFileSync(file, gzipSync(tar));
    const target = join(work, 'vide');
    mkdirSync(target);
    await expect(restoreInto(file, target)).rejects.toThrow(onPostgres ? /illisible ou incomplète/ : /n'est pas intègre/);
    expect(readdirSync(target)).toEqual([]);
    expect(readdirSync(work).sort()).toEqual(['b.tar.gz', 'data', 'vide']);
    if (onPostgres) {
      // The rows loaded before the bad line were rolled back: the database is as empty as before.
      const restored = await build({ dataDir: target, seed: false });
      try {
        expect(await restored.db.selectFrom('project').select('id').execute()).toEqual([]);
        expect(await restored.db.selectFrom('image').select('name').execute()).toEqual([]);
      } finally {
        await restored.close();
      }
    }
  });
});

describe('8. texts where a name is expected; messages that fit their case', () => {
  const invisible = /contient un caractère interdit \(caractère de contrôle, invisible ou de sens d'écriture\)/;
  const cases: Array<[string, string]> = [
    ['NUL', 'Cuisi\u0000nes'],
    ['a newline', 'Cuisi\nnes'],
    ['DEL', 'Cuisines\u007f'],
    ['a C1 control', 'Cuisi\u0085nes'],
    ['a right-to-left override', 'Cuisines \u202Egpj.exe'],
    ['a bidi isolate', 'Cuisi\u2067nes\u2069'],
    ['a zero-width space', 'Cuisi\u200Bnes'],
    ['a zero-width joiner', 'Cuisi\u200Dnes'],
    ['a word joiner', 'Cuisi\u2060nes'],
    ['a byte order mark', '\uFEFFCuisines'],
    ['a soft hyphen', 'Cuisi\u00ADnes'],
  ];

  test('a category name with any of them is refused with a French message, nothing written', async () => {
    const t = await fresh();
    const { Token } = await t.login();
    for (const [label, Name] of cases) {
      const before = await t.db.selectFrom('category').selectAll().execute();
      const res = await t.call('POST', '/api/category/', { token: Token, body: { Id: 0, Name } });
      expect([label, res.statusCode]).toEqual([label, 400]);
      expect(res.json()).toEqual({ Result: false, Message: expect.stringMatching(new RegExp(`^Le nom \\(Name\\) ${invisible.source}`)) });
      expect(await t.db.selectFrom('category').selectAll().execute()).toEqual(before);
    }
  });

  test('project names and descriptions follow the same rule; a description keeps its line breaks', async () => {
    const t = await fresh();
    const { Token } = await t.login();
    const project = { Id: 0, ProjectTypeId: 1, Name: 'Un projet', Description: 'Une description', Image: 'accueil.jpg' };
    const bad = await t.call('POST', '/api/project/', { token: Token, body: { ...project, Name: 'Un pro\u200Bjet' } });
    expect(bad.json<{ Message: string }>().Message).toMatch(invisible);
    const badDescription = await t.call('POST', '/api/project/', { token: Token, body: { ...project, Description: 'Une \u202Edescription' } });
    expect(badDescription.json<{ Message: string }>().Message).toMatch(/^La description \(Description\) contient un caractère interdit/);
    const good = await t.call('POST', '/api/project/', { token: Token, body: { ...project, Name: 'Armoire à pain – érable', Description: 'Deux lignes :\nchêne et érable 🪵👩‍🔧' } });
    expect(good.json()).toMatchObject({ Result: true });
    const blank = await t.call('POST', '/api/category/', { token: Token, body: { Id: 0, Name: '      ' } });
    expect(blank.json<{ Message: string }>().Message).toBe("Le nom (Name) ne peut pas être fait seulement d'espaces.");
  });

  test('an image name with a path says so, a traversal refused by the file server says so', async () => {
    const t = await fresh({ withDist: true });
    const { Token } = await t.login();
    const res = await t.call('DELETE', '/api/image/a%2F..', { token: Token });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Message: string }>().Message).toBe("Le nom d'image (name) doit être un simple nom de fichier (lettres, chiffres, point, tiret, souligné).");
    const traversal = await t.call('GET', '/static/%00');
    expect(traversal.statusCode).toBe(403);
    expect(traversal.json()).toEqual({ Result: false, Message: 'Accès refusé : cette adresse n’est pas servie.' });
  });
});

describe('5. slow and numerous clients', () => {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, headersSeconds: 1, requestSeconds: 2, idleSeconds: 30, maxConnections: 5 };

  /** Opens a raw connection; resolves with when it was closed by the server (ms after opening). */
  function connect(base: string): { socket: Socket; closed: Promise<number>; ready: Promise<void> } {
    const url = new URL(base);
    const started = performance.now();
    const socket = createConnection({ host: url.hostname, port: Number(url.port) });
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now() - started)));
    const ready = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    return { socket, closed, ready };
  }

  // A request trickled in (the rest of its head, or of its body, a little at a time) is cut at its timeout.
  test.each([
    {
      name: 'a body sent one byte at a time is cut at the request timeout',
      head: `POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nCookie: XSRF-TOKEN=${XSRF}\r\nX-XSRF-TOKEN: ${XSRF}\r\n\r\n`,
      drip: ' ',
      everyMs: 300,
      closedWithinMs: 6_000,
    },
    { name: 'headers sent one byte at a time are cut at the headers timeout', head: 'GET /api/menu HTTP/1.1\r\nHost: x\r\n', drip: 'X-A: b\r\n', everyMs: 200, closedWithinMs: 4_000 },
  ])('$name', async ({ head, drip, everyMs, closedWithinMs }) => {
    const { base } = await serve({ config: { connectionLimits: limits } });
    const { socket, closed, ready } = connect(base);
    await ready;
    socket.write(head);
    const dripping = setInterval(() => socket.write(drip), everyMs);
    try {
      expect(await closed).toBeLessThan(closedWithinMs);
    } finally {
      clearInterval(dripping);
    }
  });

  test('connections beyond the cap are closed; the site answers again once they go', async () => {
    const { base } = await serve({ config: { connectionLimits: limits } });
    const sockets = Array.from({ length: 12 }, () => connect(base));
    await Promise.all(sockets.map((s) => s.ready));
    // Half-sent requests on every connection.
    for (const s of sockets) s.socket.write('POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{');
    const refused = await Promise.race([
      Promise.all(sockets.slice(5).map((s) => s.closed)),
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 1500)),
    ]);
    expect(refused).not.toBe('timeout');
    for (const s of sockets) s.socket.destroy();
    await Promise.all(sockets.map((s) => s.closed));
    expect((await fetch(`${base}/api/menu`)).status).toBe(200);
  });

  test('the limits come from the environment, with sensible defaults', () => {
    const limitsOf = (env: NodeJS.ProcessEnv) => configFromEnv(env, '/repo').app.connectionLimits;
    expect(limitsOf({})).toEqual({
      headersSeconds: 10, requestSeconds: 300, idleSeconds: 30, maxConnections: 500,
      bodySeconds: 15, uploadMinBytesPerSecond: 10 * 1024, uploadGraceSeconds: 10, maxConnectionsPerAddress: 100,
    });
    expect(limitsOf({
      HEADERS_TIMEOUT: '5', REQUEST_TIMEOUT: '0', IDLE_TIMEOUT: '20', MAX_CONNECTIONS: '100',
      BODY_TIMEOUT: '0', UPLOAD_MIN_RATE: '50', UPLOAD_GRACE: '5', MAX_CONNECTIONS_PER_ADDRESS: '20',
    })).toEqual({
      headersSeconds: 5, requestSeconds: 0, idleSeconds: 20, maxConnections: 100,
      bodySeconds: 0, uploadMinBytesPerSecond: 50 * 1024, uploadGraceSeconds: 5, maxConnectionsPerAddress: 20,
    });
    expect(limitsOf({ UPLOAD_MIN_RATE: '0' })?.uploadMinBytesPerSecond).toBe(0);
    expect(() => limitsOf({ BODY_TIMEOUT: '60', REQUEST_TIMEOUT: '30' })).toThrow(/BODY_TIMEOUT \(60\) ne peut pas dépasser REQUEST_TIMEOUT \(30\)/);
    expect(() => limitsOf({ MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(/^MAX_CONNECTIONS_PER_ADDRESS invalide/);
    expect(() => limitsOf({ MAX_CONNECTIONS: '0' })).toThrow(/^MAX_CONNECTIONS invalide/);
    expect(() => limitsOf({ HEADERS_TIMEOUT: '60', REQUEST_TIMEOUT: '30' })).toThrow(/HEADERS_TIMEOUT \(60\) ne peut pas dépasser REQUEST_TIMEOUT \(30\)/);
  });
});

describe('4. percent-encoded paths meet the same checks as the path the router uses', () => {
  const encoded = ['/%61pi', '/%61%70%69', '/a%70i'];

  test.each(encoded)('%s/category/ without the XSRF header is refused, and writes nothing', async (api) => {
    const t = await fresh({ withDist: true });
    const { Token } = await t.login();
    const before = await t.db.selectFrom('category').selectAll().execute();
    const res = await t.call('POST', `${api}/category/`, { token: Token, xsrf: false, body: { Id: 0, Name: 'Par la bande' } });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ Message: string }>().Message).toMatch(/XSRF/);
    expect(await t.db.selectFrom('category').selectAll().execute()).toEqual(before);
  });

  test('an administrator read is no-store; a public read keeps its ETag; an unknown API path is a JSON 404, not the SPA', async () => {
    const t = await fresh({ withDist: true });
    const { Token } = await t.login();
    const users = await t.call('GET', '/%61pi/user/all/', { token: Token });
    expect(users.statusCode).toBe(200);
    expect(users.headers['cache-control']).toBe('no-store');
    const menu = await t.call('GET', '/%61pi/menu');
    expect(menu.headers.etag).toBe((await t.call('GET', '/api/menu')).headers.etag);
    const unknown = await t.call('GET', '/%61pi/nulle-part', { headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/json/);
  });

  test('sign-ins, token renewals, logouts, quote requests, unknown paths and refused writes keep the read cache; a write drops it', async () => {
    const t = await fresh();
    const names = async () => (await t.call('GET', '/api/category/all/')).json<Array<{ Id: number; Name: string }>>().map((c) => c.Name);
    const before = await names();
    // Changed behind the server's back: only a dropped cache shows it.
    await t.db.updateTable('category').set({ name: 'Changée en douce' }).where('name', '=', before[0] as string).execute();
    const { Token } = await t.login(); // a sign-in that succeeds keeps it too
    const forged = `${Token.slice(0, -4)}AAAA`;
    const calls: Array<[string, string, Parameters<TestApp['call']>[2], number]> = [
      ['POST', '/api/login/', { body: { Email: `${randomUUID()}@exemple.ca`, Pwd: md5hex('faux') } }, 200],
      ['POST', '/api/refreshtoken/', {}, 401],
      ['POST', '/api/logout/', {}, 200],
      ['POST', '/api/quote', { body: {} }, 400],
      ['POST', '/api/nowhere/', { body: {} }, 404],
      ['DELETE', '/%61pi/nowhere/1', {}, 404],
      // Writes refused before their handler: anyone can send them.
      ['POST', '/api/category/', { body: { Id: 0, Name: 'Sans jeton' } }, 401],
      ['POST', '/api/category/', { token: forged, body: { Id: 0, Name: 'Jeton forgé' } }, 401],
      ['POST', '/api/category/', { token: Token, xsrf: false, body: { Id: 0, Name: 'Sans XSRF' } }, 403],
      ['POST', '/api/category/', { token: Token, body: { Id: 'x', Name: 42 } }, 400],
      ['DELETE', '/api/category/1', {}, 401],
    ];
    for (const [method, url, options, status] of calls) {
      const res = await t.call(method as 'POST', url, options);
      expect([method, url, res.statusCode]).toEqual([method, url, status]);
      expect([method, url, await names()]).toEqual([method, url, before]);
    }
    expect((await t.call('POST', '/api/category/', { token: Token, body: { Id: 0, Name: 'Nouvelle' } })).json()).toMatchObject({ Result: true });
    expect(await names()).toEqual(expect.arrayContaining(['Changée en douce', 'Nouvelle']));
  });

  test('a write through an encoded path drops the read cache', async () => {
    const t = await fresh();
    const { Token } = await t.login();
    const [first] = (await t.call('GET', '/api/category/all/')).json<Array<{ Id: number; Name: string }>>();
    const res = await t.call('PUT', `/%61pi/category/${first?.Id}`, { token: Token, body: { Id: first?.Id, Name: 'Renommée par détour' } });
    expect(res.json()).toMatchObject({ Result: true });
    const after = (await t.call('GET', '/api/category/all/')).json<Array<{ Id: number; Name: string }>>();
    expect(after.find((c) => c.Id === first?.Id)?.Name).toBe('Renommée par détour');
  });
});
