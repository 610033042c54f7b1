// The systemd units of deploy/ (issue 32): `systemd-analyze verify` passes on each; the server's
// unit runs what `npm start` runs; its ExecStart, run as systemd would (systemd is not PID 1 here:
// see systemd.ts), serves the site on SQLite; the nightly backup's ExecStart, run once, writes an
// archive and keeps the 14 newest; then the restore drill: `npm run restore` of that folder (the
// newest archive, last night's) into a fresh DATA_DIR gives the same site — every public page,
// every API read and every image answer the same before and after.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import md5 from 'blueimp-md5';
import { parse } from 'yaml';
import { freePort, npmStartCommand, root } from '../../e2e/support/server.ts';
import { makeSite, type Site } from './release.ts';
import { frenchPath } from '../../contract/paths.ts';
import { missing } from './support.ts';
import { execStart, readUnit, Supervised, verify } from './systemd.ts';

const ADMIN = { Email: 'proprietaire@exemple.ca', Password: 'Bois-franc-2026' };
const XSRF = 'essai-unites';

describe('systemd-analyze verify', { skip: missing('systemd-analyze') }, () => {
  test('passes on each unit, without a warning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portfolio-units-'));
    try {
      const result = verify([{ file: 'portfolio@.service', as: 'portfolio@8080.service' }, { file: 'portfolio-backup.service' }, { file: 'portfolio-backup.timer' }], dir);
      assert.equal(result.output, '');
      assert.ok(result.ok);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('the server unit runs what npm start runs (its node options and environment), as the site user, restarted on failure, hardened', () => {
  const service = readUnit('portfolio@.service').Service ?? {};
  const start = npmStartCommand();
  assert.deepEqual(service.ExecStart, [['/usr/bin/node', ...start.options, 'server/main.ts'].join(' ')]);
  for (const [name, value] of Object.entries(start.env)) assert.ok(service.Environment?.includes(`${name}=${value}`), `${name}=${value}`);
  assert.deepEqual(service.User, ['portfolio']);
  assert.deepEqual(service.Restart, ['on-failure']);
  assert.deepEqual(service.EnvironmentFile, ['/etc/portfolio.env']);
  for (const setting of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'PrivateTmp=yes', 'StateDirectory=portfolio']) {
    const [key = '', value] = setting.split('=');
    assert.deepEqual(service[key], [value], setting);
  }
  const timer = readUnit('portfolio-backup.timer').Timer ?? {};
  assert.deepEqual(timer.Persistent, ['true']);
  assert.match(readUnit('portfolio-backup.service').Service?.ExecStart?.[0] ?? '', / backup --keep 14 \/var\/backups\/portfolio$/);
});

describe('the units run, then the restore drill', () => {
  let site: Site;
  let unit: Supervised;
  let restored: Supervised;
  let port = 0;
  let restoredPort = 0;

  before(async () => {
    site = makeSite({ TRUST_PROXY: '127.0.0.1', ADMIN_EMAIL: ADMIN.Email, ADMIN_PASSWORD: ADMIN.Password, SCRYPT_N: '1024', LOG_LEVEL: 'silent', JWT_SECRET: 'une-cle-de-signature-de-trente-deux-caracteres-au-moins' });
    port = await freePort();
    unit = new Supervised('portfolio@.service', String(port), site.map, site.runDir);
    await unit.ready(port);
  });
  after(async () => {
    await unit?.stop();
    await restored?.stop();
    site?.remove();
  });

  const api = async (base: string, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, text: await res.text() };
  };

  /** Everything a visitor and the owner can read: every page of the sitemap, every API read (ids 1-45), every image file. */
  async function everything(base: string): Promise<Map<string, string>> {
    const token = JSON.parse((await api(base, 'POST', '/api/login/', undefined, { Email: ADMIN.Email, Pwd: md5(ADMIN.Password) })).text).Token as string;
    const seen = new Map<string, string>();
    const sitemap = (await api(base, 'GET', '/sitemap.xml')).text;
    seen.set('/sitemap.xml', sitemap.replaceAll(base, 'ORIGIN'));
    for (const [, loc = ''] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const path = new URL(loc).pathname;
      const page = await api(base, 'GET', path);
      // The welcome page draws its carousel's projects at random: its frame is compared, not the draw.
      // Each render stamps its cached answers (requestId, times) and the quote form its token (the
      // moment it was shown): those are not the site's content.
      const rendered = page.text
        .replace(/"(requestId|startedTimeStamp|fulfilledTimeStamp|Token|IssuedAt)":("[^"]*"|\d+)/g, '"$1":…')
        .replace(/(name="?Token"? value=)"?[^" >]+"?/g, '$1…')
        .replace(/(value=)"?[^" >]+"?( name="?Token"?)/g, '$1…$2');
      const text = frenchPath(path) === '/welcome' ? rendered.replace(/<script type="application\/json" id="cache-api">[^<]*<\/script>/, '').replace(/<section[^]*?<\/section>/g, '') : rendered;
      seen.set(path, `${page.status} ${text.replaceAll(base, 'ORIGIN')}`);
    }
    const contract = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as { paths: Record<string, { get?: unknown }> };
    for (const path of Object.keys(contract.paths)) {
      if (!contract.paths[path]?.get || path.startsWith('/api/randomprojects') || path === '/api/quote/form') continue;
      const params = path.match(/\{[^}]+\}/g) ?? [];
      if (params.length > 1) continue;
      for (const id of params.length ? Array.from({ length: 45 }, (_, i) => String(i + 1)) : ['']) {
        const concrete = params[0] ? path.replace(params[0], id) : path;
        const answer = await api(base, 'GET', concrete, token);
        // The journal (issue 28) records this very read's sign-in on each site: the site's content
        // is every other entry.
        const text =
          concrete === '/api/journal/' && answer.status === 200
            ? JSON.stringify((JSON.parse(answer.text) as { Entries: Array<{ Action: string }> }).Entries.filter((entry) => entry.Action !== 'sign-in'))
            : answer.text;
        seen.set(concrete, `${answer.status} ${text}`);
      }
    }
    for (const image of JSON.parse(seen.get('/api/image/all/')?.slice(4) ?? '[]') as Array<{ Name: string }>) {
      const file = await fetch(`${base}/assets/images/${encodeURIComponent(image.Name)}`);
      seen.set(image.Name, `${file.status} ${md5(Buffer.from(await file.arrayBuffer()).toString('latin1'))}`);
    }
    return seen;
  }

  test('the server unit serves the site; the backup unit, run once, writes tonight’s archive and keeps the 14 newest', async () => {
    const base = `http://127.0.0.1:${port}`;
    // The owner's day: a category and a photo.
    const token = JSON.parse((await api(base, 'POST', '/api/login/', undefined, { Email: ADMIN.Email, Pwd: md5(ADMIN.Password) })).text).Token as string;
    assert.match((await api(base, 'POST', '/api/category/', token, { Id: 0, Name: 'Escaliers' })).text, /"Result":true/);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(root, 'server', 'demo', 'images', 'tiroirs-sous-escalier-en-action-affiche.jpg'))], { type: 'image/jpeg' }), 'Escalier du sous-sol.jpg');
    const upload = await fetch(`${base}/api/image/`, { method: 'POST', headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, authorization: `Bearer ${token}` }, body: form });
    assert.match(await upload.text(), /"Result":true/);

    // Fifteen older nights.
    for (let day = 1; day <= 15; day++) writeFileSync(join(site.backupDir, `portfolio-2026-10-${String(day).padStart(2, '0')}T03-00-00.tar.gz`), 'ancienne');
    const { command, args, cwd, env } = execStart('portfolio-backup.service', '', site.map);
    const run = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const kept = readdirSync(site.backupDir).sort();
    assert.equal(kept.length, 14);
    assert.equal(kept[0], 'portfolio-2026-10-03T03-00-00.tar.gz');
    assert.match(kept.at(-1) ?? '', /^portfolio-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.tar\.gz$/);
    assert.ok(execFileSync('tar', ['tzf', join(site.backupDir, kept.at(-1) ?? '')], { encoding: 'utf8' }).includes('images/escalier-du-sous-sol.jpg'));
  });

  test('the restore drill: npm run restore of last night’s backup onto a fresh DATA_DIR gives the same site', async () => {
    const before = await everything(`http://127.0.0.1:${port}`);
    const fresh = join(site.dir, 'restored-data');
    const release = join(site.appDir, 'current');
    const restore = spawnSync('npm', ['run', '-s', 'restore', '--', site.backupDir], {
      cwd: release,
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, DATA_DIR: fresh },
      encoding: 'utf8',
    });
    assert.equal(restore.status, 0, restore.stderr);
    assert.match(restore.stdout, /^Restauré dans /);
    // The same unit on the restored folder (its /etc/portfolio.env naming the new DATA_DIR).
    const envFile = join(site.dir, 'portfolio-restored.env');
    copyFileSync(site.envFile, envFile);
    writeFileSync(envFile, readFileSync(envFile, 'utf8').replace(/^DATA_DIR=.*$/m, `DATA_DIR=${fresh}`));
    restoredPort = await freePort();
    restored = new Supervised('portfolio@.service', String(restoredPort), { ...site.map, '/etc/portfolio.env': envFile }, site.runDir);
    await restored.ready(restoredPort);
    const after = await everything(`http://127.0.0.1:${restoredPort}`);
    assert.ok(before.size > 300, `${before.size} reads compared`);
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    for (const [key, value] of before) assert.equal(after.get(key), value, key);
    assert.ok([...before.keys()].includes('escalier-du-sous-sol.jpg'));
  });
});
