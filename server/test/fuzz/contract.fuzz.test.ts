// Fuzzing from the contract: for every operation of openapi.yaml, requests generated from its
// schemas (valid ones and broken ones: wrong types, missing and extra fields, huge and empty
// strings, Unicode, SQL and HTML fragments, bad ids, malformed JSON), with and without a session.
// Properties: no 5xx; no stack trace or SQL in any answer; a broken request writes nothing; a
// valid write reads back byte for byte; afterwards integrity_check is ok and no foreign key is
// broken. The upload is fuzzed with multipart bodies (small real images, bytes that are no image,
// hostile file names, other fields, envelopes cut short). The English texts (En) and languages
// (the quote form's Lang, ?lang=) of issue 27 come from the same schemas (a test below shows it).
// FUZZ_RUNS cases per operation (npm test: a small smoke; npm run test:fuzz: 1,000; the upload a
// fifth of it, see runsOf).
// A failure is shrunk by fast-check and printed as a ready-to-paste regular test.
import { join } from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { loadContract, type ContractOperation } from '../../http/contract.ts';
import { onPostgres } from '../database.ts';
import { build, repoRoot, uploadImage, XSRF, type TestApp } from '../helper.ts';
import { quoteForm } from '../mailCatcher.ts';
import { MIN_FILL_MS } from '../../quotes/rules.ts';
import { trust0014 } from '../../db/migration0014.ts';
import { encodeMultipart, requestOf, urlOf, type FuzzRequest } from './arbitraries.ts';

/** FUZZ_RUNS, or on PostgreSQL FUZZ_RUNS_POSTGRES when set (CI: 1,000 on SQLite, 300 on PostgreSQL). */
const RUNS = Number((onPostgres ? process.env.FUZZ_RUNS_POSTGRES : undefined) ?? process.env.FUZZ_RUNS ?? 15);
/**
 * Cases of an operation. The upload: a fifth (200 of 1,000). Each valid one costs an image-worker
 * process: at the full count it was half the run's time (257 s of CI's 28 min on SQLite, 2026-11-26,
 * when CI came within 2 minutes of its 30), for the same handler and the same checks.
 */
const runsOf = (op: ContractOperation) => (op.operationId === 'uploadImage' ? Math.ceil(RUNS / 5) : RUNS);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const contract = loadContract(join(repoRoot, 'openapi.yaml'));

jest.setTimeout(Math.max(30_000, RUNS * 400));

let t: TestApp;
/** The server's clock: moved past the quote form's 3 s instead of waiting for them. */
let clockOffset = 0;
/** Names of unused images uploaded beforehand, offered to DELETE /api/image/{name}. */
const deletable = Array.from({ length: 12 }, (_, i) => `fuzz-effacable-${i + 1}.png`);
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A quote form token old enough to be accepted (issue 17: a form sent within 3 s is a robot's). */
let formToken = '';
beforeAll(async () => {
  // Generous sign-in and quote limits: the fuzzer signs in and sends requests many times.
  t = await build({ config: { loginLimit: { max: 1_000_000, maxPerAddress: 1_000_000, windowMs: 60_000 }, quoteLimit: { max: 1_000_000, windowMs: 60_000 }, now: () => Date.now() + clockOffset } });
  await countChanges();
  const { Token } = await t.login();
  for (const name of deletable) {
    const res = await uploadImage(t, PIXEL, name, { token: Token });
    if (res.json<{ Name: string }>().Name !== name) throw new Error(res.body);
  }
  formToken = t.app.services.quotes.formToken();
  // A form token serves once (issue 34): one for each request sent here.
  const tokens = Array.from({ length: 12 }, () => t.app.services.quotes.formToken());
  clockOffset += MIN_FILL_MS + 100;
  // Quote requests 1-12, for the inbox operations to read, mark and delete.
  for (let i = 1; i <= 12; i++) {
    const form = quoteForm({ Name: `Client ${i}`, Email: `client${i}@exemple.ca`, Phone: '', City: '', Work: 'Autre', Message: 'Une demande pour le fuzzing du contrat.', Consent: 'oui', Website: '', Token: tokens[i - 1] ?? '' });
    const res = await t.app.inject({ method: 'POST', url: '/api/quote', headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': form.contentType }, payload: form.payload });
    if (res.json<{ Result: boolean }>().Result !== true) throw new Error(res.body);
  }
}, 120_000);
afterAll(async () => t.close());

/** Leaks: a stack frame, a file path of the server, an SQLite error, SQL. */
const STACK = /\bat [\w$.<>]+ \(|node:internal|\/server\/[\w/]+\.ts|\.ts:\d+:\d+/;
const SQL_ERROR = /SQLITE_|sqlite|no such (table|column)|syntax error|constraint failed|\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[^.]*\b(FROM|WHERE|SET|VALUES)\b/i;

/**
 * Every text the fuzzer has sent: the server's messages may quote one back (a gallery photo's
 * title, a name), and the fuzzer's texts hold SQL fragments and guillemets of their own.
 */
const sentTexts = new Set<string>();
function remember(value: unknown): void {
  if (typeof value === 'string') {
    if (value.trim().length >= 3) sentTexts.add(value);
  } else if (Array.isArray(value)) value.forEach(remember);
  else if (value !== null && typeof value === 'object') Object.values(value).forEach(remember);
}
function rememberSent(req: FuzzRequest): void {
  if (req.body.kind === 'json') remember(req.body.value);
  if (req.body.kind === 'multipart') remember([req.body.fields ?? [], req.body.fileName]);
}

/** SQL in a server's message, once the texts quoted « between guillemets » and the fuzzer's own texts are set aside. */
function sqlIn(message: string, texts: Iterable<string> = sentTexts): boolean {
  const unquoted = (text: string) => text.replace(/«[^»]*»/g, '«»');
  if (!SQL_ERROR.test(unquoted(message))) return false;
  let rest = message;
  for (const text of [...texts].sort((a, b) => b.length - a.length)) rest = rest.split(text).join('').split(text.trim()).join('');
  return SQL_ERROR.test(unquoted(rest));
}

test('the SQL check sets aside the texts the fuzzer sent, even with guillemets inside, and still sees a query', () => {
  const title = "escalier\u00a0» ' UNION SELECT password_hash FROM app_user --";
  const restored = `Version restaurée. 2 photos de la galerie, effacées depuis, ne sont pas revenues (« Avant », « ${title} ») : restaurez-les depuis la corbeille si vous les voulez.`;
  expect(sqlIn(restored, [])).toBe(true);
  expect(sqlIn(restored, [title])).toBe(false);
  expect(sqlIn(`${restored} select id from project where id = 1`, [title])).toBe(true);
  expect(sqlIn('SQLITE_CONSTRAINT: UNIQUE constraint failed: category.name', [])).toBe(true);
});

/**
 * Rows written so far in the content tables (every table but rate_limit_hit, quote_attempt and
 * quote_token_used: counting a refused
 * attempt is the limiter's job, not a write of the request). A row trigger on each table counts:
 * into a sequence on PostgreSQL (a rollback does not undo it), into a one-row table on SQLite.
 */
async function changes(): Promise<number> {
  const { rows } = onPostgres
    ? await sql<{ n: number }>`select last_value as n from fuzz_changes`.execute(t.db)
    : await sql<{ n: number }>`select n from fuzz_changes`.execute(t.db);
  return Number(rows[0]?.n);
}

async function countChanges(): Promise<void> {
  // The journal logs refused attempts too, by design (issue 28): not a write of the request's; so
  // do the quote limit's attempts and used form tokens (issue 34). The statistics' views (issue 30)
  // are written a second later, in batches, whichever request happens to be running then.
  const tables = (await t.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !['rate_limit_hit', 'quote_attempt', 'quote_token_used', 'journal', 'stats_view', 'stats_day', 'stats_key', 'stats_visitor'].includes(name));
  if (onPostgres) {
    await sql`CREATE SEQUENCE fuzz_changes`.execute(t.db);
    await sql`CREATE FUNCTION fuzz_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('fuzz_changes'); RETURN NULL; END $$`.execute(t.db);
  } else {
    await sql`CREATE TABLE fuzz_changes (n INTEGER NOT NULL)`.execute(t.db);
    await sql`INSERT INTO fuzz_changes VALUES (0)`.execute(t.db);
  }
  for (const table of tables) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      const name = sql.raw(`fuzz_${table}_${event.toLowerCase()}`);
      await (onPostgres
        ? sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION fuzz_count()`
        : sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON ${sql.table(table)} BEGIN UPDATE fuzz_changes SET n = n + 1; END`
      ).execute(t.db);
    }
  }
}

/**
 * An access token of an existing administrator (the fuzzer may delete or rename users, change
 * their password or end their sessions): the last one while its session is still open, else a new
 * session (opening one per case wrote a row per case, a third of a light operation's time).
 */
let session: { token: string; userId: number } | null = null;
async function accessToken(): Promise<string> {
  const user = await t.db.selectFrom('app_user').select('id').orderBy('id').executeTakeFirstOrThrow();
  if (session?.userId === user.id && (await t.app.services.sessions.verifyAccess(session.token)) === user.id) return session.token;
  session = { token: (await t.app.services.sessions.open(user.id)).Token, userId: user.id };
  return session.token;
}

async function send(op: ContractOperation, req: FuzzRequest, token: string | null): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (req.body.kind === 'multipart') {
    const encoded = encodeMultipart(req.body);
    headers['content-type'] = encoded.contentType;
    payload = encoded.payload;
  } else if (req.body.kind !== 'none') {
    headers['content-type'] = 'application/json';
    payload = req.body.kind === 'json' ? JSON.stringify(req.body.value) : req.body.text;
  }
  return t.app.inject({ method: op.method, url: urlOf(op, req.params, req.query), headers, ...(payload === undefined ? {} : { payload }) });
}

/**
 * Values that mean something to the server, drawn four times as often as generated ones: images that may be
 * deleted, the quote form's token, photos of the library (the site's page photos), pages that
 * exist (targets of the menu and of the welcome cards).
 */
const examples = async (operationId: string) => {
  // Read when each operation's run starts: earlier runs deleted records and images.
  // (Not the images deleteImage is offered: a page or a gallery that took one would keep it.)
  const library = (await t.db.selectFrom('image').select('name').where('deleted_at', 'is', null).where('type', 'like', 'image/%').where('name', 'not in', deletable).orderBy('name').execute()).map((r) => r.name);
  const photos = library.slice(0, 40);
  const categories = await t.db.selectFrom('category').select('id').limit(10).execute();
  const types = await t.db.selectFrom('project_type').select('id').limit(10).execute();
  const pages = [...categories.map((c) => `/typeslist/${c.id}`), ...types.map((x) => `/projecttype/${x.id}`)];
  // The lists the owner orders as they are now (a move sends one of them and its new order): the
  // categories, the types of the category with the most, the projects of the type with the most.
  const ordered = <T extends { id: number }>(rows: T[]) => rows.map((row) => row.id);
  const categoryOrder = ordered(await t.db.selectFrom('category').select('id').orderBy('position').orderBy('id').execute());
  const typeRows = await t.db.selectFrom('project_type').select(['id', 'category_id']).orderBy('position').orderBy('id').execute();
  const projectRows = await t.db.selectFrom('project').select(['id', 'project_type_id']).orderBy('position').orderBy('id').execute();
  const busiest = (values: number[]) => [...values].sort((a, b) => values.filter((v) => v === b).length - values.filter((v) => v === a).length)[0] ?? 1;
  const categoryId = busiest(typeRows.map((row) => row.category_id));
  const typeId = busiest(projectRows.map((row) => row.project_type_id));
  const typeOrder = ordered(typeRows.filter((row) => row.category_id === categoryId));
  const projectOrder = ordered(projectRows.filter((row) => row.project_type_id === typeId));
  // The project with the largest gallery, its items, and the live photos to add to it.
  const mediaRows = await t.db.selectFrom('project_media').select(['id', 'project_id', 'image']).orderBy('position').orderBy('id').execute();
  const galleryProject = mediaRows.length > 0 ? busiest(mediaRows.map((row) => row.project_id)) : (projectOrder[0] ?? 1);
  const galleryOrder = ordered(mediaRows.filter((row) => row.project_id === galleryProject));
  // A gallery takes a photo once, and not its project's cover: the photos it may still take (once
  // addGalleryItem had put most of the 40 in, updateGalleryItem succeeded 7-9 times in 1,000).
  const cover = (await t.db.selectFrom('project').select('image').where('id', '=', galleryProject).executeTakeFirst())?.image;
  const taken = new Set([cover, ...mediaRows.filter((row) => row.project_id === galleryProject).map((row) => row.image)]);
  const galleryOp = ['addGalleryItem', 'updateGalleryItem'].includes(operationId);
  // The testimonials (issue 31), as the owner orders them.
  const testimonialOrder = ordered(await t.db.selectFrom('testimonial').select('id').orderBy('position').orderBy('id').execute());
  // A move sends the list it is about: the one of this operation (all four for the others).
  const byOperation: Record<string, number[][]> = {
    orderCategories: [categoryOrder],
    orderProjectTypes: [typeOrder],
    orderProjects: [projectOrder],
    orderGallery: [galleryOrder],
    orderTestimonials: [testimonialOrder],
  };
  const lists = byOperation[operationId] ?? [categoryOrder, typeOrder, projectOrder, galleryOrder];
  const testimonialOp = ['updateTestimonial', 'deleteTestimonial'].includes(operationId);
  // Sub-type links that exist, for deleteSubType, which succeeds only on one of them: drawn from
  // every type id, about 9 of 1,000 cases hit one after the earlier runs, and CI's run of
  // 2026-11-26 hit none.
  // All offered from the type with the most, so that any DestId offered with its SrcId is a link.
  const links = operationId === 'deleteSubType' ? await subTypeLinks() : [];
  const linkSrc = busiest(links.map((link) => link.src_id));
  const linkDests = links.filter((link) => link.src_id === linkSrc).map((link) => link.dest_id);
  // The trash's entries (issue 28: earlier runs' deletions) and the versions of the records.
  const trashIds = (await t.db.selectFrom('trash').select('id').orderBy('id', 'desc').limit(20).execute()).map((r) => r.id);
  const versions = await t.db.selectFrom('record_version').select(['kind', 'record_id', 'version']).orderBy('id', 'desc').limit(20).execute();
  const safetyNet: Record<string, unknown[]> =
    operationId === 'restoreTrash' || operationId === 'deleteTrash'
      ? { Id: trashIds }
      : operationId === 'restoreVersion' || operationId === 'getHistory'
        ? { Kind: versions.map((v) => v.kind), RecordId: versions.map((v) => v.record_id), Version: versions.map((v) => v.version) }
        : {};
  return {
    ...safetyNet,
    categoryId: [categoryId],
    typeId: [typeId],
    id: [galleryProject],
    itemId: galleryOrder,
    Image: galleryOp ? library.filter((photo) => !taken.has(photo)).slice(0, 40) : photos,
    // Each list and its reverse, as seen and as sent: after a move that reversed a list, its
    // reverse is what is seen, so later moves can still succeed (the long run must exercise them).
    Seen: [...lists, ...lists.map((list) => [...list].reverse())],
    Order: [...lists, ...lists.map((list) => [...list].reverse())],
    name: deletable,
    Token: [formToken],
    WelcomePhoto: photos,
    AboutPhoto: photos,
    ContactPhoto: photos,
    Target: pages,
    Href: [...pages, '/about', '/contact'],
    // A testimonial's (issue 31): those that exist, the projects it may be about, months gone by.
    ...(testimonialOp ? { Id: testimonialOrder } : {}),
    ...(linkDests.length > 0 ? { SrcId: [linkSrc], DestId: linkDests } : {}),
    ProjectId: projectRows.slice(0, 10).map((row) => row.id),
    Month: ['2019-04', '2024-10', '2025-06'],
    // The site's opening hours and first year: values the server's own rules accept (random hours
    // close before they open or overlap), so that updateSite's valid writes round-trip (4 in 1,000
    // cases without them, a few 0s in CI's future).
    Hours: [trust0014.Hours, [[], [], [], [], [], [], []]],
    Since: [1998, 2022],
  };
};

/** The sub-type links, one made between the first two types when there is none. */
async function subTypeLinks(): Promise<{ src_id: number; dest_id: number }[]> {
  const links = () => t.db.selectFrom('subtype_link').select(['src_id', 'dest_id']).orderBy('src_id').orderBy('dest_id').execute();
  const found = await links();
  if (found.length > 0) return found;
  const [src, dest] = await t.db.selectFrom('project_type').select('id').orderBy('id').limit(2).execute();
  if (src && dest) await t.db.insertInto('subtype_link').values({ src_id: src.id, dest_id: dest.id }).execute();
  return links();
}

/** Successful valid writes read back, per operation (the long run must exercise every write). */
const roundTrips = new Map<string, number>();

type Row = Record<string, unknown>;
const listUrl: Record<string, string> = {
  category: '/api/category/all/',
  projecttype: '/api/projecttype/all/',
  project: '/api/project/all/',
  user: '/api/user/all/',
  testimonial: '/api/testimonial/all/',
};

/**
 * What a read answers of the English texts (En) the write did not send: a write without En keeps
 * the stored ones (issue 27), which are not what this request sent. Removed from `read` wherever
 * `sent` has no En, object by object (a menu entry, a drop-down, the settings).
 */
function withoutUnsentEnglish(read: unknown, sent: unknown): unknown {
  if (Array.isArray(read)) return read.map((item, i) => withoutUnsentEnglish(item, Array.isArray(sent) ? sent[i] : undefined));
  if (typeof read !== 'object' || read === null) return read;
  const given = (typeof sent === 'object' && sent !== null ? sent : {}) as Row;
  return Object.fromEntries(
    Object.entries(read as Row)
      .filter(([key]) => key !== 'En' || 'En' in given)
      .map(([key, value]) => [key, withoutUnsentEnglish(value, given[key])]),
  );
}

/** Reads back through the API what a successful valid write stored, and compares byte for byte. */
async function checkRoundTrip(op: ContractOperation, req: FuzzRequest, answer?: Row): Promise<void> {
  const token = await accessToken(); // the request may have deleted or changed its own user
  const body = (req.body.kind === 'json' ? req.body.value : undefined) as Row | undefined;
  const id = Number(req.params.Id ?? req.params.id);
  if (op.tag === 'image') {
    // An upload is listed and served under the name it was given; a deleted image is neither.
    const list = (await t.app.inject({ url: '/api/image/all/', headers: { authorization: `Bearer ${token}` } })).json<Row[]>();
    const name = op.method === 'POST' ? String(answer?.Name) : decodeURIComponent(String(req.params.name));
    const served = (await t.app.inject({ url: `/assets/images/${name}` })).statusCode;
    expect([op.operationId, list.some((row) => row.Name === name), served]).toEqual(
      op.method === 'POST' ? [op.operationId, true, 200] : [op.operationId, false, 404],
    );
    return;
  }
  if (op.tag === 'quote') {
    // A request marked as asked, or gone.
    const read = await t.app.inject({ url: `/api/quote/${id}`, headers: { authorization: `Bearer ${token}` } });
    if (op.method === 'DELETE') expect([op.operationId, read.statusCode]).toEqual([op.operationId, 404]);
    else expect(read.json<Row>()).toMatchObject({ Id: id, Read: body?.Read, Handled: body?.Handled });
    return;
  }
  const read = async (url: string) => (await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).json<Row[]>();
  if (op.tag === 'trash') {
    // Restored or erased: the entry has left the trash.
    expect([op.operationId, (await read('/api/trash/')).some((row) => row.Id === id)]).toEqual([op.operationId, false]);
    return;
  }
  if (op.tag === 'gallery' && op.operationId !== 'orderGallery') {
    // The item as sent (added last), or gone.
    const items = await read(`/api/project/${String(req.params.id)}/gallery`);
    const itemId = Number(req.params.itemId);
    const stored = op.operationId === 'addGalleryItem' ? items.at(-1) : items.find((row) => row.Id === itemId);
    if (op.method === 'DELETE') expect([op.operationId, stored]).toEqual([op.operationId, undefined]);
    else expect([op.operationId, withoutUnsentEnglish({ ...stored, Id: undefined, Media: undefined }, body)]).toEqual([op.operationId, { ...body, Id: undefined, Media: undefined }]);
    return;
  }
  if (op.operationId.startsWith('order') && body) {
    // The list now follows the order sent.
    const list =
      op.operationId === 'orderCategories'
        ? await read('/api/category/all/')
        : op.operationId === 'orderProjectTypes'
          ? await read(`/api/projecttype/${String(req.params.categoryId)}`)
          : op.operationId === 'orderGallery'
            ? await read(`/api/project/${String(req.params.id)}/gallery`)
            : op.operationId === 'orderTestimonials'
              ? await read('/api/testimonial/all/')
              : (await read('/api/project/all/')).filter((row) => String(row.ProjectTypeId) === String(req.params.typeId));
    expect([op.operationId, list.map((row) => row.Id)]).toEqual([op.operationId, body.Order]);
    return;
  }
  if (op.tag === 'subtype' && body) {
    const list = (await t.app.inject({ url: `/api/subtype/${String(body.SrcId)}` })).json<Row[]>();
    const linked = list.some((row) => row.Id === body.DestId);
    expect([op.operationId, linked]).toEqual([op.operationId, op.operationId === 'addSubType']);
    return;
  }
  if ((op.tag === 'site' || op.tag === 'menu') && body) {
    // The document as sent; what the server answers of its own (a menu entry's Missing, the
    // settings' PhotoMedia) is neither stored nor compared.
    const read = (await t.app.inject({ url: op.tag === 'site' ? '/api/site' : '/api/menu/all/', headers: { authorization: `Bearer ${token}` } })).json<Row>();
    const strip = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'Missing' || k === 'PhotoMedia' ? undefined : v)));
    // The licence is stored as 1234-5678-90 however it was typed (issue 31); a document sent without it, its hours or their note keeps the stored ones.
    const licence = (value: unknown) => (typeof value === 'string' && value !== '' ? value.replace(/\D/g, '').replace(/^(\d{4})(\d{4})(\d{2})$/, '$1-$2-$3') : value);
    const sent: Row = op.tag === 'site' && 'RbqLicence' in body ? { ...body, RbqLicence: licence(body.RbqLicence) } : body;
    const sentEn = (sent.En ?? {}) as Row;
    const kept = (value: Row): Row =>
      op.tag !== 'site'
        ? value
        : Object.fromEntries(
            Object.entries(value)
              .filter(([key]) => !['RbqLicence', 'Hours', 'HoursNote'].includes(key) || key in sent)
              .map(([key, v]) => [key, key === 'En' && typeof v === 'object' && v !== null && !('HoursNote' in sentEn) ? { ...(v as Row), HoursNote: undefined } : v]),
          );
    expect(strip(kept(withoutUnsentEnglish(strip(read), sent) as Row))).toEqual(strip(sent));
    return;
  }
  const url = listUrl[op.tag];
  if (!url) return;
  const list = (await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).json<Row[]>();
  if (op.method === 'DELETE') {
    expect(list.find((row) => row.Id === id)).toBeUndefined();
    return;
  }
  if (!body) return;
  const stored = op.method === 'POST' ? list.reduce<Row | undefined>((a, r) => (!a || Number(r.Id) > Number(a.Id) ? r : a), undefined) : list.find((row) => row.Id === id);
  expect(stored).toBeDefined();
  const sent: Row = { ...body, Id: stored?.Id };
  if (op.tag === 'user') sent.Pwd = ''; // never sent back
  if (op.tag === 'project') sent.Published ??= true; // absent: published
  const bytes = (row: Row | undefined) => Buffer.from(JSON.stringify(row, Object.keys(sent).sort()), 'utf8').toString('hex');
  expect(bytes(stored)).toBe(bytes(sent));
  if (op.tag === 'project') {
    // And through the single-record read (and its cache), which a draft answers 404. Media comes
    // from the image library.
    const single = await t.app.inject({ url: `/api/project/${String(stored?.Id)}` });
    if (sent.Published === false) {
      expect([op.operationId, single.statusCode]).toEqual([op.operationId, 404]);
      return;
    }
    const read = single.json<Row>();
    delete read.Media;
    delete read.Gallery;
    expect(withoutUnsentEnglish(read, sent)).toEqual(sent);
  }
}

/** The failing request as a regular test to paste into server/test/. */
function asRegularTest(op: ContractOperation, req: FuzzRequest): string {
  if (req.body.kind === 'multipart' && req.body.fields !== undefined) {
    const { fields, bytes, moreFiles, truncate, field } = req.body;
    const photos = field === '' ? [] : [bytes, ...(moreFiles ?? [])].map((b, i) => `{ name: 'p${'$'}{${i}}.jpg', data: Buffer.from(${JSON.stringify(Buffer.from(b).toString('base64'))}, 'base64') }`);
    return `test('fuzz: ${op.operationId}', async () => {\n  const form = quoteForm(${JSON.stringify(Object.fromEntries(fields))}, [${photos.join(', ')}]);${truncate === undefined ? '' : ` // envelope cut at ${truncate}`}\n  const res = await t.app.inject({ method: 'POST', url: '/api/quote', headers: { cookie: \`XSRF-TOKEN=\${XSRF}\`, 'x-xsrf-token': XSRF, 'content-type': form.contentType }, payload: form.payload });\n  expect(res.statusCode).toBeLessThan(500);\n});`;
  }
  if (req.body.kind === 'multipart') {
    const { field, fileName, bytes, truncate } = req.body;
    return `test('fuzz: ${op.operationId}', async () => {\n  // multipart: field ${JSON.stringify(field)}, file name ${JSON.stringify(fileName)}, bytes (base64) ${JSON.stringify(Buffer.from(bytes).toString('base64'))}${truncate === undefined ? '' : `, envelope cut at ${truncate}`}\n  const res = await uploadImage(t, Buffer.from(${JSON.stringify(Buffer.from(bytes).toString('base64'))}, 'base64'), ${JSON.stringify(fileName ?? '')}, { token: ${req.session ? 'token' : 'null'}, field: ${JSON.stringify(field)} });\n  expect(res.statusCode).toBeLessThan(500);\n});`;
  }
  const body = req.body.kind === 'json' ? `, body: ${JSON.stringify(req.body.value)}` : req.body.kind === 'raw' ? `, body: ${JSON.stringify(req.body.text)}, headers: { 'content-type': 'application/json' }` : '';
  return `test('fuzz: ${op.operationId}', async () => {\n  const res = await t.call('${op.method}', ${JSON.stringify(urlOf(op, req.params, req.query))}, { token: ${req.session ? 'token' : 'null'}${body} });\n  expect(res.statusCode).toBeLessThan(500);\n});`;
}

describe.each(contract.map((op) => [op.operationId, op] as const))('%s', (_id, op) => {
  test(`${runsOf(op)} generated requests: no 5xx, no leak, broken ones write nothing, valid ones round-trip`, async () => {
    const property = fc.asyncProperty(requestOf(op, await examples(op.operationId)), async (req) => {
      const token = req.session ? await accessToken() : null;
      const before = await changes();
      rememberSent(req);
      const res = await send(op, req, token);
      const where = `${op.method} ${urlOf(op, req.params, req.query).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (res.statusCode >= 500) throw new Error(`5xx: ${where}`);
      if (STACK.test(res.body)) throw new Error(`stack trace in the answer: ${where}`);
      // The server's own Message (an answer with a Result), not a stored text that happens to be
      // called Message (a quote request's message, written by the fuzzer itself, may quote SQL).
      const answer = res.headers['content-type']?.includes('json') ? res.json<{ Result?: unknown; Message?: unknown } | null>() : null;
      const message = answer !== null && typeof answer === 'object' && 'Result' in answer ? (answer.Message ?? '') : '';
      if (sqlIn(String(message)) || /SQLITE_/.test(res.body)) throw new Error(`SQL in the answer: ${where}`);
      const written = (await changes()) !== before;
      if (!req.valid) {
        if (written) throw new Error(`a broken request wrote to the database: ${where}`);
        return;
      }
      if (res.statusCode === 400) throw new Error(`a request valid for the contract was refused: ${where}`);
      const protectedOp = op.security.includes('bearer') && !op.securityOptional;
      if (protectedOp && !token && res.statusCode !== 401) throw new Error(`no session but not 401: ${where}`);
      if (token && op.method !== 'GET' && res.statusCode === 200 && res.json<{ Result?: boolean }>().Result === true && protectedOp) {
        await checkRoundTrip(op, req, res.json<Row>());
        roundTrips.set(op.operationId, (roundTrips.get(op.operationId) ?? 0) + 1);
      }
    });
    const result = await fc.check(property, { numRuns: runsOf(op), ...(SEED === undefined ? {} : { seed: SEED }) });
    if (result.failed) {
      const [req] = result.counterexample ?? [];
      throw new Error(
        `${String(result.errorInstance instanceof Error ? result.errorInstance.message : result.errorInstance)}\n${fc.defaultReportMessage(result) ?? 'failed'}\n\nAs a regular test (server/test/robustness.test.ts):\n${req ? asRegularTest(op, req) : '(no counterexample)'}\n` +
          `Replay: FUZZ_SEED=${result.seed} FUZZ_RUNS=${RUNS} npm run test:fuzz -- -t '${op.operationId}'`,
      );
    }
  });
});

test('the generated requests cover the English texts and languages of issue 27', () => {
  const sample = (operationId: string) =>
    fc.sample(requestOf(contract.find((op) => op.operationId === operationId) as ContractOperation), { numRuns: 300, seed: 27 });
  const texts = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [];
  const englishOf = (req: FuzzRequest): unknown => (req.body.kind === 'json' && typeof req.body.value === 'object' && req.body.value !== null ? (req.body.value as Row).En : undefined);
  for (const operationId of ['addCategory', 'updateCategory', 'addProjectType', 'updateProjectType', 'addProject', 'updateProject', 'addGalleryItem', 'updateGalleryItem', 'updateSite']) {
    const requests = sample(operationId);
    const valid = requests.filter((req) => req.valid).map(englishOf);
    // Valid: without En (the specification's calls), with En untranslated ('') and translated; broken: En itself broken.
    const covered = [
      valid.some((en) => en === undefined),
      valid.some((en) => en !== undefined && texts(en).some((text) => text === '')),
      valid.some((en) => en !== undefined && texts(en).some((text) => text !== '')),
      requests.some((req) => !req.valid && englishOf(req) !== undefined),
    ];
    expect([operationId, covered]).toEqual([operationId, [true, true, true, true]]);
  }
  const menus = sample('updateMenu').filter((req) => req.valid).map((req) => JSON.stringify(req.body.kind === 'json' ? req.body.value : null));
  expect([menus.some((menu) => /"En":\{"(Title|Label)":"[^"]/.test(menu)), menus.some((menu) => /"En":\{"(Title|Label)":""/.test(menu))]).toEqual([true, true]);
  const quotes = sample('sendQuote').map((req) => (req.body.kind === 'multipart' ? Object.fromEntries(req.body.fields ?? []).Lang : null));
  expect(['en', 'fr', undefined].map((lang) => quotes.includes(lang))).toEqual([true, true, true]);
  const forms = sample('getQuoteForm');
  expect([forms.some((req) => req.valid && req.query?.lang === 'en'), forms.some((req) => req.valid && req.query?.lang === undefined), forms.some((req) => !req.valid)]).toEqual([true, true, true]);
});

test('the long run read back successful writes of every write operation', () => {
  // Issue 29's calls that prove a factor succeed only with a current code of the administrator's
  // authenticator app, an unused recovery code or a passkey's signature over the server's challenge,
  // and a passkey is registered only with an authenticator's signed answer to one (a proof's options
  // need one registered): no generator can
  // draw these. secondFactor.test.ts and secondFactorPasskey.test.ts cover their successes; the
  // fuzzing still sends them every kind of broken and valid-looking input.
  const needsAFactor = new Set(['confirmTotp', 'deleteTotp', 'regenerateRecoveryCodes', 'addPasskey', 'deletePasskey', 'passkeyProofOptions']);
  const writes = contract.filter((op) => op.security.includes('bearer') && op.method !== 'GET' && !needsAFactor.has(op.operationId)).map((op) => op.operationId);
  const counts = Object.fromEntries(writes.map((id) => [id, roundTrips.get(id) ?? 0]));
  console.log(`Round-tripped writes (${RUNS} cases per operation): ${JSON.stringify(counts)}`);
  // At 1,000 cases every write succeeds several times (deleteSubType, on the links it is offered):
  // a 0 is a generator that lost it. Shorter runs (PostgreSQL's in CI) could draw none by chance, so they only report.
  if (RUNS >= 1000) expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
});

test('after the run: integrity_check is ok and no foreign key is broken', async () => {
  // PostgreSQL checks every foreign key on each write and keeps its own files; SQLite's are checked here.
  if (!onPostgres) {
    const integrity = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(t.db);
    expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
    const fk = await sql`PRAGMA foreign_key_check`.execute(t.db);
    expect(fk.rows).toEqual([]);
  }
  // The content survived: at least one administrator, and every project's type exists.
  expect((await t.db.selectFrom('app_user').select('id').execute()).length).toBeGreaterThan(0);
});
