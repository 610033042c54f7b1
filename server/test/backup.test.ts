// Backups: a round trip while writes are happening gives a consistent copy (a prefix of the
// writes, nothing torn), the images byte for byte, and a database that passes integrity_check;
// restore refuses a non-empty DATA_DIR and a damaged archive; the npm scripts work.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { restore } from '../backup/backup.ts';
import type { ProjectView } from '../../contract/api.ts';
import { DUMP_FILE, NOT_BACKED_UP, TABLES } from '../db/dump.ts';
import { databaseUrlFor, onPostgres, serverEnv } from './database.ts';
import { backupOf, build, repoRoot, restoreInto, snapshot, type TestApp } from './helper.ts';

// The archive holds the demo image library (about 540 files, 9 Mo): seconds on a busy machine.
jest.setTimeout(60_000);

let t: TestApp;
let work: string;
beforeEach(async () => {
  t = await build();
  work = mkdtempSync(join(tmpdir(), 'portfolio-backup-test-'));
  mkdirSync(join(t.dataDir, 'images'), { recursive: true });
  writeFileSync(join(t.dataDir, 'images', 'atelier-1.jpg'), Buffer.from([0xff, 0xd8, 0xff, ...Array.from({ length: 5000 }, (_, i) => i % 256)]));
  writeFileSync(join(t.dataDir, 'images', 'plan.png'), 'pas vraiment un png, mais des octets');
});
afterEach(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** A backup of the test app's DATA_DIR: its file, `b.tar.gz` in the work folder. */
async function backedUp(): Promise<string> {
  const file = join(work, 'b.tar.gz');
  await backupOf(t.dataDir, file);
  return file;
}

test('round trip while writes are happening: a consistent copy, every image, integrity ok', async () => {
  const { Token } = await t.login();
  let written = 0;
  let stop = false;
  const writer = (async () => {
    while (!stop) {
      const res = await t.call('POST', '/api/category/', { token: Token, body: { Id: 0, Name: `Catégorie ${written + 1}` } });
      if (res.json<{ Result: boolean }>().Result !== true) throw new Error(res.body);
      written++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  while (written < 20) await new Promise((resolve) => setImmediate(resolve));
  const atStart = written;
  const file = join(work, 'sauvegarde.tar.gz');
  const manifest = await backupOf(t.dataDir, file);
  const atEnd = written;
  while (written < atEnd + 20) await new Promise((resolve) => setImmediate(resolve));
  stop = true;
  await writer;
  expect(atEnd).toBeGreaterThan(atStart); // writes went on while the backup ran
  // The database, and every file of the images folder: the library (originals and their
  // variants, the demo images included) and the files copied there by hand.
  const images = readdirSync(join(t.dataDir, 'images')).filter((name) => !name.startsWith('.'));
  expect(images).toEqual(expect.arrayContaining(['atelier-1.jpg', 'plan.png', 'accueil.jpg', 'accueil.jpg.1600.avif', 'accueil.jpg.320.webp']));
  expect(Object.keys(manifest.files).sort()).toEqual([onPostgres ? DUMP_FILE : 'portfolio.sqlite', ...images.map((name) => `images/${name}`)].sort());

  const final = await snapshot(t.db);
  const target = join(work, 'restauré');
  await restoreInto(file, target);
  const restored = await build({ dataDir: target, seed: false });
  try {
    const copy = await snapshot(restored.db);
    // Consistent: the categories are exactly the first k of the final ones (nothing torn), and
    // the tables that did not change are identical.
    const copied = copy.category ?? [];
    const all = final.category ?? [];
    expect(copied.length).toBeGreaterThanOrEqual(all.length - (written - atStart));
    expect(copied).toEqual(all.slice(0, copied.length));
    for (const table of ['project_type', 'project', 'subtype_link', 'app_user', 'image'] as const) expect(copy[table]).toEqual(final[table]);
    if (!onPostgres) {
      // PostgreSQL checked every row and key as it loaded them; SQLite's copied file is checked here.
      const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(restored.db);
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
      expect((await sql`PRAGMA foreign_key_check`.execute(restored.db)).rows).toEqual([]);
    }
    // Every row came back as it was, its last change (the sitemap's lastmod) included.
    expect(copy.project).toEqual(final.project);
    // The image library came back: Media in the reads, variants served byte for byte.
    const project = (await restored.call('GET', '/api/project/1')).json<ProjectView>();
    expect(project.Media?.Widths.length).toBeGreaterThan(0);
    const variant = `${project.Image}.${project.Media?.Widths[0]}.avif`;
    for (const name of ['atelier-1.jpg', 'plan.png', project.Image, variant]) {
      expect(readFileSync(join(target, 'images', name)).equals(readFileSync(join(t.dataDir, 'images', name)))).toBe(true);
      const served = await restored.call('GET', `/assets/images/${name}`);
      expect(served.rawPayload.equals(readFileSync(join(t.dataDir, 'images', name)))).toBe(true);
    }
    await restored.login(); // the administrators came back too
  } finally {
    await restored.close();
  }
});

test('every table of the database is in a PostgreSQL backup, or named as left out on purpose', async () => {
  const tables = (await t.db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
  expect([...TABLES.map((table) => table.name), ...NOT_BACKED_UP].sort()).toEqual(tables.sort());
});

test('restore refuses a DATA_DIR that is not empty, and writes nothing there', async () => {
  const file = await backedUp();
  const target = join(work, 'occupé');
  mkdirSync(target);
  writeFileSync(join(target, 'autre.txt'), 'x');
  await expect(restoreInto(file, target)).rejects.toThrow(/n'est pas vide/);
  await expect(restoreInto(file, t.dataDir)).rejects.toThrow(/n'est pas vide/);
});

test('restore refuses a damaged archive before writing anything', async () => {
  const file = await backedUp();
  const tar = gunzipSync(readFileSync(file));
  // A byte in the middle of the database: SQLite's file, or PostgreSQL's rows.
  const at = tar.indexOf(onPostgres ? '"t":"project"' : 'SQLite format 3') + 2000;
  tar[at] = (tar[at] as number) ^ 0xff;
  writeFileSync(file, gzipSync(tar));
  const target = join(work, 'vide');
  await expect(restoreInto(file, target)).rejects.toThrow(/endommagé/);
  expect(() => readdirSync(target)).toThrow(); // no DATA_DIR made
  if (onPostgres) {
    const db = await build({ dataDir: target, seed: false });
    try {
      expect(await db.db.selectFrom('category').selectAll().execute()).toEqual([]);
    } finally {
      await db.close();
    }
  }
});

test('npm run backup / restore (the scripts) with DATA_DIR', async () => {
  // What issue 27 added comes back too: the English texts (the demo's; the snapshot compares every
  // column) and a request's language.
  await t.db
    .insertInto('quote')
    .values({ created_at: Date.now(), name: 'Jane Smith', email: 'jane@example.ca', phone: '', city: 'Ottawa', work: 'Decks', message: 'A cedar deck behind the house, please.', lang: 'en', folder: 'a1'.repeat(12) })
    .execute();
  const file = join(work, 'cli.tar.gz');
  const target = join(work, 'cli-restauré');
  // DATA_DIR and, on PostgreSQL, its database (the target's: a new, empty one).
  const run = async (args: string[], dataDir: string) =>
    spawnSync(process.execPath, [join(repoRoot, 'server', 'backup', 'cli.ts'), ...args], { env: { ...process.env, ...(await serverEnv(dataDir)), INIT_CWD: work }, encoding: 'utf8' });
  const saved = await run(['backup', 'cli.tar.gz'], t.dataDir);
  expect(saved.stderr).toBe('');
  expect(saved.status).toBe(0);
  const back = await run(['restore', file], target);
  expect(back.status).toBe(0);
  expect(back.stdout).toMatch(/Restauré/);
  expect((await run(['restore', file], target)).status).toBe(1); // not empty any more
  const restored = await build({ dataDir: target, seed: false });
  try {
    expect(await snapshot(restored.db)).toEqual(await snapshot(t.db));
    expect((await restored.db.selectFrom('category').select('name_en').where('id', '=', 1).executeTakeFirstOrThrow()).name_en).toBe('Outdoor projects');
    const quotes = (db: TestApp['db']) => db.selectFrom('quote').selectAll().execute();
    expect(await quotes(restored.db)).toEqual(await quotes(t.db));
    expect((await quotes(restored.db)).map((q) => q.lang)).toEqual(['en']);
  } finally {
    await restored.close();
  }
});

test('on PostgreSQL: a restore into a database that holds data, or a backup restored onto the other kind of database, is refused, nothing written', async () => {
  const file = await backedUp();
  const target = join(work, 'vide');
  if (onPostgres) {
    // The source's own database is not empty.
    await expect(restore(file, target, await databaseUrlFor(t.dataDir))).rejects.toThrow(/contient déjà des données/);
    await expect(restore(file, target)).rejects.toThrow(/base PostgreSQL/);
  } else {
    await expect(restore(file, target, 'postgres://personne@127.0.0.1:1/aucune')).rejects.toThrow(/base SQLite/);
  }
  expect(() => readdirSync(target)).toThrow();
  expect(readdirSync(work)).toEqual(['b.tar.gz']);
});
