// build(): a fresh app on a throwaway DATA_DIR, seeded with the demo content and one
// administrator, plus helpers to call it like the SPA does (XSRF cookie + header, bearer token).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppConfig } from '../app.ts';
import { md5hex } from '../auth/passwords.ts';
import { seedAdmin, seedDemoContent } from '../db/seed.ts';
import type { Db } from '../db/database.ts';
import type { ImageInfo } from '../../contract/api.ts';
import { backup, restore } from '../backup/backup.ts';
import { databaseUrlFor, dropDatabaseFor, onPostgres } from './database.ts';

export const repoRoot = resolve(__dirname, '..', '..');
export const ADMIN_EMAIL = 'admin@exemple.ca';
export const ADMIN_PASSWORD = 'motdepasse-test';
export const ADMIN_PWD = md5hex(ADMIN_PASSWORD);
export const XSRF = 'test-xsrf-token-value';
/** Cheap scrypt for tests (production: OWASP_SCRYPT). */
export const TEST_COST = { N: 1024, r: 8, p: 1 };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** Calls the API as the SPA does: XSRF cookie and header on every call, bearer when given. */
  call(method: InjectOptions['method'], url: string, options?: { body?: unknown; token?: string | null; xsrf?: boolean; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** Signs the seeded administrator in. */
  login(email?: string, pwd?: string): Promise<{ Token: string; RefreshToken: string }>;
  close(): Promise<void>;
}

export interface BuildOptions {
  dataDir?: string;
  seed?: boolean;
  config?: Partial<AppConfig>;
  /** Creates a fake dist/ with an index.html. */
  withDist?: boolean;
}

/** The production bundle the server-rendered pages' tests serve (`distDir`), and their PUBLIC_URL. */
export const siteDist = join(repoRoot, 'dist');
export const SITE_URL = 'https://www.exemple.ca';

/** An app serving the production bundle (built first: buildSiteDist) on SITE_URL. */
export const buildServedSite = (config: Partial<AppConfig> = {}): Promise<TestApp> => build({ config: { distDir: siteDist, publicUrl: SITE_URL, ...config } });

/** Builds it when missing or stale (server/build.ts, as `npm start` does): a file's beforeAll, 300 s. */
export function buildSiteDist(): void {
  const built = spawnSync(process.execPath, [join(repoRoot, 'server', 'build.ts')], { cwd: repoRoot, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** An app with the administrator signed in: the app and an access token. */
export async function buildSignedIn(options: BuildOptions = {}): Promise<{ t: TestApp; token: string }> {
  const t = await build(options);
  return { t, token: (await t.login()).Token };
}

export async function build(options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portfolio-test-'));
  const ownsDir = options.dataDir === undefined;
  let distDir = join(dataDir, 'no-dist');
  if (options.withDist) {
    distDir = join(dataDir, 'dist');
    mkdirSync(distDir, { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><html lang="fr"><title>Atelier</title><div id="root"></div></html>');
    writeFileSync(join(distDir, 'main.0123456789abcdef.js'), 'console.log("bonjour");'.repeat(100));
    mkdirSync(join(distDir, 'static'));
    writeFileSync(join(distDir, 'static', 'runtime.0123456789.js'), 'console.log("salut");');
  }
  // A new DATA_DIR's database starts migrated (a copy); a given one is opened as it is.
  const databaseUrl = await databaseUrlFor(dataDir, { migrated: ownsDir });
  const app = await buildApp({
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    distDir,
    openapiPath: join(repoRoot, 'openapi.yaml'),
    demoImagesDir: join(repoRoot, 'server', 'demo', 'images'),
    imageWorkerPath: join(repoRoot, 'server', 'media', 'worker.ts'),
    imageCacheDir: join(repoRoot, 'node_modules', '.cache', 'atelier-images'),
    trustProxy: false,
    logger: false,
    passwordCost: TEST_COST,
    jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256',
    ...options.config,
  });
  await app.ready();
  const db = app.services.db;
  if (options.seed !== false) {
    await seedDemoContent(db, app.services.images);
    await seedAdmin(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, cost: TEST_COST });
  }

  const call: TestApp['call'] = (method, url, { body, token, xsrf = true, headers = {} } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(xsrf ? { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
    });

  const login: TestApp['login'] = async (email = ADMIN_EMAIL, pwd = ADMIN_PWD) => {
    const res = await call('POST', '/api/login/', { body: { Email: email, Pwd: pwd } });
    const json = res.json<{ Result: boolean; Token: string; RefreshToken: string }>();
    if (!json.Result) throw new Error(`login failed: ${res.body}`);
    return json;
  };

  return {
    app,
    db,
    dataDir,
    call,
    login,
    async close() {
      await app.close();
      if (ownsDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabaseFor(dataDir);
      }
    },
  };
}

/** The image library of a test app: its folder, the names in it (sorted), its rows (by name). */
export const imagesDir = (t: TestApp): string => join(t.dataDir, 'images');
export const imageFiles = (t: TestApp): string[] => readdirSync(imagesDir(t)).sort();
export const imageRows = (db: Db) => db.selectFrom('image').selectAll().orderBy('name').execute();
/** The library as the administrator's screen reads it (GET /api/image/all/). */
export const libraryOf = async (t: TestApp, token: string): Promise<ImageInfo[]> => (await t.call('GET', '/api/image/all/', { token })).json<ImageInfo[]>();

/**
 * Ways out of the images folder written by hand (the traversal tests write `secret.jpg` next to
 * it, in DATA_DIR): dots and slashes encoded once or twice, NUL bytes, absolute paths, a query.
 */
export const escapesFrom = (dataDir: string): string[] => [
  '/assets/images/../secret.jpg',
  '/assets/images/..%2Fsecret.jpg',
  '/assets/images/..%2fsecret.jpg',
  '/assets/images/%2e%2e%2fsecret.jpg',
  '/assets/images/%2e%2e/secret.jpg',
  '/assets/images/..%5Csecret.jpg',
  '/assets/images/..%252Fsecret.jpg',
  '/assets/images/%00../secret.jpg',
  '/assets/images/..%00/secret.jpg',
  '/assets/images/secret.jpg%00.jpg',
  '/assets/images/?name=../secret.jpg',
  '/assets/images/x.jpg/../../secret.jpg',
  `/assets/images/${encodeURIComponent(join(dataDir, 'secret.jpg'))}`,
  `/assets/images/${join(dataDir, 'secret.jpg')}`,
  '/assets/images/%2Fetc%2Fpasswd',
  '/assets/images//etc/passwd',
  '/assets/images/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/assets/images/file:%2f%2f%2fetc%2fpasswd',
  '/assets/images/../../package.json',
  '/assets/%2e%2e/%2e%2e/package.json',
];

/** Every row of the content tables (users, images, the site's settings and menu), to check that a refused call wrote nothing. */
export async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  return {
    category: await db.selectFrom('category').selectAll().orderBy('id').execute(),
    project_type: await db.selectFrom('project_type').selectAll().orderBy('id').execute(),
    project: await db.selectFrom('project').selectAll().orderBy('id').execute(),
    project_media: await db.selectFrom('project_media').selectAll().orderBy('id').execute(),
    subtype_link: await db.selectFrom('subtype_link').selectAll().orderBy('src_id').orderBy('dest_id').execute(),
    app_user: await db.selectFrom('app_user').selectAll().orderBy('id').execute(),
    image: await imageRows(db),
    site_document: await db.selectFrom('site_document').selectAll().orderBy('name').execute(),
    testimonial: await db.selectFrom('testimonial').selectAll().orderBy('id').execute(),
  };
}

/** Empties the cache and drops the tables a project's page reads: rendering it fails inside the API (a 503 page). */
export async function dropProjectTables(t: TestApp): Promise<void> {
  t.app.services.cache.invalidate();
  await t.db.schema.dropTable('subtype_link').execute();
  // PostgreSQL refuses to drop a table others refer to, unless told to drop their references too.
  await (onPostgres ? t.db.schema.dropTable('project').cascade() : t.db.schema.dropTable('project')).execute();
}

export interface FilePart {
  field: string;
  fileName: string;
  data: Buffer<ArrayBufferLike>;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it, parts in the order given. */
export function multipart(parts: FilePart[]): { payload: Buffer; boundary: string } {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\n` +
        `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    part.data,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), boundary };
}

/** A multipart/form-data body with one file part (as a browser's FormData sends it). */
export function formData(file: Buffer, fileName: string, options: { field?: string; type?: string } = {}): { payload: Buffer; headers: Record<string, string> } {
  const { payload, boundary } = multipart([{ field: options.field ?? 'file', fileName, data: file, type: options.type }]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/image/ with one file, as the SPA does (XSRF cookie and header, bearer token). */
export function uploadImage(
  t: TestApp,
  file: Buffer,
  fileName: string,
  { token, xsrf = true, field }: { token?: string | null; xsrf?: boolean; field?: string } = {},
): Promise<LightMyRequestResponse> {
  const form = formData(file, fileName, { field });
  return t.app.inject({
    method: 'POST',
    url: '/api/image/',
    headers: {
      ...(xsrf ? { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...form.headers,
    },
    payload: form.payload,
  });
}

/** backup() of this DATA_DIR and its database (its own PostgreSQL database in the PostgreSQL tests). */
export const backupOf = async (dataDir: string, file: string) => backup(dataDir, file, await databaseUrlFor(dataDir));

/** restore() into this DATA_DIR and its database (a new, empty one in the PostgreSQL tests). */
export const restoreInto = async (file: string, dataDir: string) => restore(file, dataDir, await databaseUrlFor(dataDir));
