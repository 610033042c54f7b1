// Administrators. Passwords arrive as the MD5 hex the client computes; only a scrypt hash of it
// is stored, and Pwd is always sent back empty.
import type { MutationResult, User, UserInput } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { hashPassword, type ScryptCost } from './passwords.ts';
import type { Sessions } from './sessions.ts';
import * as users from './user.repository.ts';
import { capture, putInTrash, type Who } from '../trash/trash.service.ts';
import type { JournalHook } from '../journal/journal.service.ts';

export const listUsers = (db: Db): Promise<User[]> => users.listUsers(db);

/** Adds an administrator; `journal` writes the call's entry in the insert's transaction (issue 28). */
export async function addUser(db: Db, cost: ScryptCost, u: UserInput, journal: JournalHook): Promise<MutationResult> {
  // Hash outside the transaction: scrypt takes a while and must not hold the database.
  const hash = await hashPassword(u.Pwd, cost);
  return db.transaction().execute(async (trx) => {
    if (await users.emailTaken(trx, u.Email)) return refuse(messages.user.duplicate(u.Email));
    await users.insertUser(trx, u.Email, hash);
    const answer = ok();
    await journal(trx, answer);
    return answer;
  });
}

/** A new e-mail and password; `journal` writes the call's entry in the update's transaction (issue 28). */
export async function updateUser(db: Db, cost: ScryptCost, sessions: Sessions, id: number, u: UserInput, journal: JournalHook): Promise<MutationResult> {
  if (u.Id !== id) return refuse(messages.idMismatch(u.Id, id));
  if (!(await users.userExists(db, id))) throw notFound(messages.notFound.user(id));
  const hash = await hashPassword(u.Pwd, cost);
  return db.transaction().execute(async (trx) => {
    if (!(await users.userExists(trx, id))) throw notFound(messages.notFound.user(id));
    if (await users.emailTaken(trx, u.Email, id)) return refuse(messages.user.duplicate(u.Email));
    await users.updateUser(trx, id, { email: u.Email, passwordHash: hash });
    // A new password ends every session of that user.
    await sessions.revokeUser(id, trx);
    const answer = ok();
    await journal(trx, answer);
    return answer;
  });
}

/** Moves the administrator to the trash (issue 28); their sessions end (their refresh tokens go), and a restore brings none back. */
export function deleteUser(db: Db, id: number, who: Who): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await users.userExists(trx, id))) throw notFound(messages.notFound.user(id));
    if ((await users.countUsers(trx)) <= 1) return refuse(messages.user.lastAdmin);
    const body = await capture.user(trx, id);
    await putInTrash(trx, 'user', id, String(body.rows.app_user?.[0]?.email ?? ''), body, who);
    await users.deleteUser(trx, id);
    return ok();
  });
}
