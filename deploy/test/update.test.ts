// The update command (deploy/update.sh) on two server processes on PostgreSQL behind nginx
// (deploy/nginx.conf), each run from deploy/portfolio@.service's ExecStart (issue 32): visitors
// keep browsing (autocannon) while it fetches the new version, installs it, migrates and restarts
// the processes one after the other — not one request fails; then a version whose build fails:
// the running site is left as it was. Needs nginx and a PostgreSQL server (TEST_POSTGRES_URL,
// `. .ci/postgres.sh`); skipped, and says so, without them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import autocannon from 'autocannon';
import { freePort } from '../../e2e/support/server.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../e2e/support/throwawayDatabase.ts';
import { appendLine, makeSite, type Site } from './release.ts';
import { call, missing, startNginx, type Proxy } from './support.ts';
import { Supervised, systemctlStandIn } from './systemd.ts';

const postgres = process.env.TEST_POSTGRES_URL;
const noPostgres = postgres ? false : 'no PostgreSQL server (TEST_POSTGRES_URL: `. .ci/postgres.sh`): SKIPPED';
if (noPostgres) console.log(`# ${noPostgres}`);
const skip = missing('nginx', 'envsubst', 'openssl', 'git') || noPostgres;

describe('deploy/update.sh, two processes on PostgreSQL behind nginx', { skip }, () => {
  let database: ThrowawayDatabase;
  let site: Site;
  let ports: number[] = [];
  const processes: Supervised[] = [];
  let proxy: Proxy;

  before(async () => {
    database = await createThrowawayDatabase(postgres as string, 'portfolio_update_');
    site = makeSite({
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
      ADMIN_EMAIL: 'proprietaire@exemple.ca',
      ADMIN_PASSWORD: 'Bois-franc-2026',
      SCRYPT_N: '1024',
      LOG_LEVEL: 'silent',
    });
    systemctlStandIn(site.binDir, site.runDir);
    ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const unit = new Supervised('portfolio@.service', String(port), site.map, site.runDir);
      processes.push(unit);
      await unit.ready(port);
    }
    proxy = await startNginx([ports[0] as number, ports[1] as number]);
  });

  after(async () => {
    await proxy?.stop();
    await Promise.all(processes.map((p) => p.stop()));
    site?.remove();
    await database?.drop();
  });

  const releaseOf = (pid: number) => realpathSync(`/proc/${pid}/cwd`);

  test('visitors browsing through the update see no failed request; the processes run the new version', async () => {
    const next = site.commit('une correction', appendLine('README.md', 'Corrigé.'));
    const before = processes.map((p) => p.pid);
    let answered = 0;
    let finished: (result: autocannon.Result) => void = () => {};
    const done = new Promise<autocannon.Result>((resolve) => (finished = resolve));
    const load = autocannon({
      url: proxy.origin,
      connections: 8,
      duration: 300,
      requests: [{ path: '/welcome' }, { path: '/api/menu' }, { path: '/api/project/1' }, { path: '/project/2' }],
    }, (error, result) => {
      if (error) throw error;
      finished(result);
    });
    load.on('response', () => answered++);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => answered > 50 && (clearInterval(check), resolve()), 50);
    });

    const update = await site.update(ports);
    const duringUpdate = answered;
    load.stop();
    const result = await done;

    assert.equal(update.code, 0, update.output);
    assert.match(update.output, new RegExp(`en ligne : ${next}`));
    assert.match(update.output, /dépendances inchangées/);
    assert.equal(readlinkSync(join(site.appDir, 'current')), join('releases', next));
    const after = processes.map((p) => p.pid);
    for (const [i, pid] of after.entries()) {
      assert.notEqual(pid, before[i], 'restarted');
      assert.equal(releaseOf(pid), realpathSync(join(site.appDir, 'releases', next)));
    }
    assert.ok(duringUpdate > 200, `${duringUpdate} answers during the update`);
    assert.equal(result.errors, 0, JSON.stringify(result));
    assert.equal(result.timeouts, 0);
    assert.equal(result.non2xx, 0, JSON.stringify(result.statusCodeStats));
  });

  test('a version whose build fails leaves the running site as it was', async () => {
    const running = readlinkSync(join(site.appDir, 'current'));
    const pids = processes.map((p) => p.pid);
    const broken = site.commit('une erreur', appendLine('webpack.config.ts', "throw new Error('construction cassée');"));
    const update = await site.update(ports);
    assert.notEqual(update.code, 0, update.output);
    assert.match(update.output, /npm run build/);
    assert.match(update.output, /le site en ligne n’a pas changé/);
    assert.equal(readlinkSync(join(site.appDir, 'current')), running);
    assert.deepEqual(processes.map((p) => p.pid), pids);
    assert.equal(existsSync(join(site.appDir, 'releases', broken)), false);
    assert.equal(existsSync(join(site.appDir, 'releases', `.${broken}.partial`)), false);
    const page = await call(`${proxy.origin}/welcome`, { ca: proxy.ca });
    assert.equal(page.status, 200);
  });
});
