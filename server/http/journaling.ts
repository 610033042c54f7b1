// The journal at the edge (issue 28): every write call through the API writes one entry — when,
// which administrator, what action, which record (kind, id, name), and its outcome — in the same
// transaction as its change, so a write whose entry cannot be written does not happen.
// - Most writes: the edge opens the transaction, the handler's own transactions join it
//   (joinable below), and the entry is written before the commit.
// - The writes whose slow work must not hold the database (OWN_TRANSACTION: a password's scrypt,
//   an image's processing and files) do that work first, then open their own transaction, and
//   write the entry in it through the hook `ctx.journal` just before it commits; an upload's files
//   are in place under their new name before, and removed when that transaction fails.
// A write that throws (404, 400) is rolled back, then logged as refused with its message; a call
// that changed nothing (a refusal, a wrong password) has its entry in a transaction of its own.
// Never logged: a password, a token, a hash, a quote request's personal details (its id only).
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ContractOperation } from './contract.ts';
import type { HandlerContext } from './operations.ts';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../db/executor.ts';
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { writeEntry, type Answer, type JournalHook, type JournalInsert } from '../journal/journal.service.ts';
import { keepVersion, stateOf, VERSIONED, type HistoryKind } from '../trash/history.service.ts';
import type { TrashBody } from '../trash/trash.service.ts';

/** Issue 29: a sign-in's second step, and the account's factors (they count wrong codes in the sign-in limits, outside any transaction of the edge's). */
const SIGN_IN_STEPS = new Set(['loginTotp', 'loginRecovery']);
const SECOND_FACTOR_OPS = [...SIGN_IN_STEPS, 'loginPasskey', 'setupTotp', 'confirmTotp', 'deleteTotp', 'regenerateRecoveryCodes', 'addPasskey', 'deletePasskey'];
/**
 * Writes that are not the owner's changes: a token's renewal, a visitor's quote request, a page
 * view, a passkey ceremony's options (a challenge; its answer is logged).
 */
const NOT_LOGGED = new Set(['refreshToken', 'sendQuote', 'sendStatsView', 'loginPasskeyOptions', 'passkeyRegistrationOptions', 'passkeyProofOptions']);
/**
 * Writes that run their own transaction after their slow work (scrypt, the image worker, files) and
 * write their entry in it through `ctx.journal`: the edge holds no transaction around them. The
 * image library and the quote inbox write through their own handle of the database, which the
 * edge's transaction would wait for.
 */
const OWN_TRANSACTION = new Set(['login', 'uploadImage', 'deleteImage', 'addUser', 'updateUser', 'deleteQuote', ...SECOND_FACTOR_OPS]);

export const isJournaled = (op: ContractOperation): boolean => op.method !== 'GET' && !NOT_LOGGED.has(op.operationId);

/** A transaction that the handler's own `db.transaction().execute(...)` calls join. */
function joinable(trx: Transaction<Database>): Executor {
  const joined: Executor = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') return () => ({ execute: <T>(fn: (t: Executor) => Promise<T>) => fn(joined) });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Executor;
  return joined;
}

const KIND_OF_TAG: Record<string, string> = { auth: 'session' };
const TABLE_OF_KIND: Record<string, 'category' | 'project_type' | 'project' | 'project_media' | 'app_user' | undefined> = {
  category: 'category',
  projecttype: 'project_type',
  project: 'project',
  gallery: 'project_media',
  user: 'app_user',
};

function actionOf(operationId: string): string {
  if (operationId === 'login' || operationId === 'loginPasskey' || SIGN_IN_STEPS.has(operationId)) return 'sign-in';
  if (operationId === 'logout') return 'sign-out';
  if (operationId === 'updateUser') return 'password';
  if (operationId === 'deleteTrash') return 'erase';
  if (operationId === 'restoreVersion') return 'restore-version';
  if (operationId === 'uploadImage') return 'upload';
  const verb = /^(add|update|delete|order|restore)/.exec(operationId)?.[1];
  return verb ?? operationId;
}

type Arg = Record<string, unknown>;
interface Target {
  kind: string;
  recordId: string;
  name: string;
}

/** The record a write is about, as it is before the write. */
async function targetOf(db: Executor, op: ContractOperation, arg: Arg): Promise<Target> {
  const kind = KIND_OF_TAG[op.tag] ?? op.tag;
  const body = (op.bodyKey ? arg[op.bodyKey] : undefined) as Arg | undefined;
  if (op.tag === 'trash') {
    const entry = await db.selectFrom('trash').select(['kind', 'record_id', 'name']).where('id', '=', Number(arg.id)).executeTakeFirst();
    return entry ? { kind: entry.kind, recordId: entry.record_id, name: entry.name } : { kind: 'trash', recordId: String(arg.id), name: '' };
  }
  if (op.tag === 'history') return { kind: String(arg.kind), recordId: String(arg.recordId), name: await nameOf(db, String(arg.kind), String(arg.recordId)) };
  if (op.tag === 'site' || op.tag === 'menu') return { kind, recordId: op.tag, name: '' };
  if (op.tag === 'subtype' && body) return { kind, recordId: `${String(body.SrcId)}-${String(body.DestId)}`, name: '' };
  if (op.tag === 'image') return { kind, recordId: arg.name === undefined ? '' : String(arg.name), name: arg.name === undefined ? '' : String(arg.name) };
  if (op.operationId.startsWith('order')) return { kind, recordId: String(arg.categoryId ?? arg.typeId ?? arg.id ?? ''), name: '' };
  // A passkey (issue 29): the name typed, or the one it had.
  if (op.operationId === 'addPasskey') return { kind, recordId: '', name: String(body?.Name ?? '').trim() };
  if (op.operationId === 'deletePasskey') {
    const passkey = await db.selectFrom('passkey').select('name').where('id', '=', Number(arg.id)).executeTakeFirst();
    return { kind, recordId: String(arg.id), name: passkey?.name ?? '' };
  }
  const id = arg.itemId ?? arg.id;
  if (id === undefined) return { kind, recordId: '', name: '' };
  return { kind, recordId: String(id), name: await nameOf(db, kind, String(id)) };
}

async function nameOf(db: Executor, kind: string, recordId: string): Promise<string> {
  const table = TABLE_OF_KIND[kind];
  const id = Number(recordId);
  if (!table || !Number.isSafeInteger(id)) return '';
  if (table === 'app_user') return (await db.selectFrom('app_user').select('email').where('id', '=', id).executeTakeFirst())?.email ?? '';
  if (table === 'project_media') {
    const item = await db.selectFrom('project_media').select(['caption', 'image']).where('id', '=', id).executeTakeFirst();
    return item ? item.caption || item.image : '';
  }
  return (await db.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name ?? '';
}

/** After a successful add: the new record (the largest id of its table, the transaction holding the write lock). */
async function added(db: Executor, kind: string, target: Target): Promise<Target> {
  const table = TABLE_OF_KIND[kind];
  if (!table) return target;
  const row = await db.selectFrom(table).select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const id = row?.id === undefined || row.id === null ? '' : String(row.id);
  return { ...target, recordId: id, name: await nameOf(db, kind, id) };
}

/** The record whose history a write adds to (the state it replaces becomes a version), or null. */
async function versionedOf(db: Executor, op: ContractOperation, arg: Arg): Promise<{ kind: HistoryKind; id: string } | null> {
  const versioned = VERSIONED[op.operationId];
  if (versioned === undefined) return null;
  if (versioned === 'arg') return { kind: arg.kind as HistoryKind, id: String(arg.recordId) };
  if (versioned === 'site' || versioned === 'menu') return { kind: versioned, id: versioned };
  if (versioned !== 'trash') return { kind: versioned, id: String(arg.id) };
  // A gallery item back from the trash: a change of its project's gallery.
  const entry = await db.selectFrom('trash').select(['kind', 'body']).where('id', '=', Number(arg.id)).executeTakeFirst();
  const projectId = entry?.kind === 'gallery' ? (JSON.parse(entry.body) as TrashBody).rows.project_media?.[0]?.project_id : undefined;
  return projectId === undefined ? null : { kind: 'project', id: String(projectId) };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The e-mail of the account a row of a sign-in table belongs to (its user_id), the row found by `key`; '' when none. */
async function ownerEmail(
  db: Executor,
  table: 'login_challenge' | 'passkey' | 'refresh_token',
  key: 'login_challenge.token_hash' | 'passkey.credential_id' | 'refresh_token.token_hash',
  value: string,
): Promise<string> {
  const row = await db
    .selectFrom(table)
    .innerJoin('app_user', 'app_user.id', `${table}.user_id`)
    .select('app_user.email')
    .where(key, '=', value)
    .executeTakeFirst();
  return row?.email ?? '';
}

/** The administrator: the signed-in one, else (sign-in) the one of the e-mail, else (sign-out) the one of the refresh token. */
async function whoOf(db: Executor, op: ContractOperation, arg: Arg, ctx: HandlerContext): Promise<string> {
  if (ctx.userId !== null) return (await db.selectFrom('app_user').select('email').where('id', '=', ctx.userId).executeTakeFirst())?.email ?? '';
  if (op.operationId === 'login') {
    // The typed e-mail only when it is an administrator's: a password typed in the wrong field is never kept.
    const email = String((arg.loginRequest as Arg | undefined)?.Email ?? '');
    if (email.includes('\u0000')) return '';
    return (await db.selectFrom('app_user').select('email').where('email_key', '=', email.trim().normalize('NFC').toLowerCase()).executeTakeFirst())?.email ?? '';
  }
  if (SIGN_IN_STEPS.has(op.operationId)) {
    const challenge = String((arg.secondFactorCode as Arg | undefined)?.Challenge ?? '');
    return ownerEmail(db, 'login_challenge', 'login_challenge.token_hash', sha256(challenge));
  }
  if (op.operationId === 'loginPasskey') {
    // The account of the passkey it names (whether or not it is then accepted).
    const credential = String((arg.passkeyAssertion as Arg | undefined)?.id ?? '');
    return ownerEmail(db, 'passkey', 'passkey.credential_id', credential);
  }
  if (op.operationId === 'logout') {
    const token = /^Bearer (.+)$/i.exec(ctx.req.headers.authorization ?? '')?.[1];
    if (!token) return '';
    return ownerEmail(db, 'refresh_token', 'refresh_token.token_hash', sha256(token));
  }
  return '';
}

interface Outcome {
  outcome: 'done' | 'refused';
  message: string;
}

function outcomeOf(answer: unknown): Outcome {
  const result = answer as { Result?: unknown; Message?: unknown } | null;
  if (result && typeof result === 'object' && typeof result.Result === 'boolean') {
    const message = typeof result.Message === 'string' ? result.Message : result.Result ? '' : messages.journal.signInRefused;
    return { outcome: result.Result ? 'done' : 'refused', message };
  }
  return { outcome: 'done', message: '' };
}

/**
 * A call refused before any work, by a limit of the server's load (the sign-in queue full: 503; a
 * rate limit: 429), is no attempt at its action: it has no entry. A flood of them then costs no
 * database write (a transaction and its commit each: SQLite's statements were a sixth of the
 * server's CPU in bench:load's hostile run, 245 refused sign-ins a second) and cannot fill the
 * journal, kept a year. The server's log has them; a password checked and found wrong is a failed
 * sign-in, logged as before.
 */
const unjournaled = (error: unknown): boolean => error instanceof DomainError && (error.kind === 'busy' || error.kind === 'too-many');

const errorOutcome = (error: unknown): Outcome => ({ outcome: 'refused', message: error instanceof DomainError ? error.message : messages.request.internal });

/** Runs a write call with its journal entry. */
export async function journaled<T>(op: ContractOperation, arg: Arg, ctx: HandlerContext, run: (ctx: HandlerContext) => Promise<T>): Promise<T> {
  const { db } = ctx.services;
  const action = actionOf(op.operationId);
  const entryOf = (who: string, target: Target, outcome: Outcome): JournalInsert => ({
    at: ctx.services.now(),
    by: who,
    action,
    kind: target.kind,
    record_id: target.recordId,
    name: target.name,
    outcome: outcome.outcome,
    message: outcome.message,
  });
  if (OWN_TRANSACTION.has(op.operationId)) {
    // Who and which record, read before the write (the record's name before it goes).
    const who = await whoOf(db, op, arg, ctx);
    const before = await targetOf(db, op, arg);
    const targetAfter = async (executor: Executor, answer: Answer): Promise<Target> => {
      if (op.operationId === 'login' || op.operationId === 'loginPasskey' || SIGN_IN_STEPS.has(op.operationId)) return { ...before, name: who };
      if (op.operationId === 'addPasskey' && answer.Result) {
        const row = await executor.selectFrom('passkey').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
        return { ...before, recordId: row?.id === undefined || row.id === null ? '' : String(row.id) };
      }
      if (!answer.Result) return before;
      if (op.operationId === 'addUser') return added(executor, before.kind, before);
      if (op.operationId === 'uploadImage') return { ...before, recordId: answer.Name ?? '', name: answer.Name ?? '' };
      return before;
    };
    let written = false;
    const journal: JournalHook = async (trx, answer) => {
      await writeEntry(trx, entryOf(who, await targetAfter(trx, answer), outcomeOf(answer)));
      written = true;
    };
    let answer: T;
    try {
      answer = await run({ ...ctx, journal });
    } catch (error) {
      if (!unjournaled(error)) await db.transaction().execute(async (trx) => writeEntry(trx, entryOf(who, await targetAfter(trx, { Result: false }), errorOutcome(error))));
      throw error;
    }
    // Nothing changed (a refusal, a wrong password): the entry in a transaction of its own.
    if (!written) await db.transaction().execute(async (trx) => writeEntry(trx, entryOf(who, await targetAfter(trx, answer as unknown as Answer), outcomeOf(answer))));
    return answer;
  }
  let failure: { who: string; target: Target } | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      const joined = joinable(trx);
      const who = await whoOf(joined, op, arg, ctx);
      const before = await targetOf(joined, op, arg);
      failure = { who, target: before };
      // An update keeps the state it replaces (the record's history).
      const record = await versionedOf(joined, op, arg);
      const previous = record ? await stateOf(joined, record.kind, record.id) : null;
      const answer = await run({ ...ctx, services: { ...ctx.services, db: joined } });
      const outcome = outcomeOf(answer);
      if (record && outcome.outcome === 'done') await keepVersion(joined, record.kind, record.id, previous, { by: who, at: ctx.services.now() });
      const target = op.operationId.startsWith('add') && outcome.outcome === 'done' ? await added(joined, before.kind, before) : before;
      await writeEntry(joined, entryOf(who, target, outcome));
      return answer;
    });
  } catch (error) {
    const at = failure as { who: string; target: Target } | null;
    if (!unjournaled(error)) await db.transaction().execute((trx) => writeEntry(trx, entryOf(at?.who ?? '', at?.target ?? { kind: op.tag, recordId: '', name: '' }, errorOutcome(error))));
    throw error;
  }
}
