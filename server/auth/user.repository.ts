// The app_user table (administrators). Only a scrypt hash of a password is stored.
import type { User } from '../../contract/api.ts';
import type { Selectable } from 'kysely';
import type { UserTable } from '../db/schema.ts';
import { uniqueKey } from '../domain/text.ts';
import { countOf, existsById, keyTaken, type Executor } from '../db/executor.ts';

/** Pwd is always empty: the server never sends a password hash. */
const toUser = (row: Pick<Selectable<UserTable>, 'id' | 'email'>): User => ({ Id: row.id, Email: row.email, Pwd: '' });

export const listUsers = async (db: Executor): Promise<User[]> =>
  (await db.selectFrom('app_user').select(['id', 'email']).orderBy('id').execute()).map(toUser);

export const userExists = (db: Executor, id: number): Promise<boolean> => existsById(db, 'app_user', id);

/** The user of this e-mail (compared without case), with the hash sign-in checks. */
export const findUserByEmail = async (db: Executor, email: string) =>
  // No stored e-mail holds a NUL (the contract refuses it on the user calls) and PostgreSQL's text
  // cannot carry one: a sign-in with such an e-mail finds no one, on both databases.
  email.includes('\u0000') ? undefined : db.selectFrom('app_user').select(['id', 'password_hash']).where('email_key', '=', uniqueKey(email)).executeTakeFirst();

/** Whether a user other than `exceptId` has this e-mail, compared without case. */
export const emailTaken = (db: Executor, email: string, exceptId = 0): Promise<boolean> => keyTaken(db, 'app_user', uniqueKey(email), exceptId);

export async function insertUser(db: Executor, email: string, passwordHash: string): Promise<void> {
  await db
    .insertInto('app_user')
    .values({ email, email_key: uniqueKey(email), password_hash: passwordHash, created_at: Math.floor(Date.now() / 1000) })
    .execute();
}

/** Sets the e-mail (when given) and the password hash. */
export async function updateUser(db: Executor, id: number, changes: { email?: string; passwordHash: string }): Promise<void> {
  const email = changes.email === undefined ? {} : { email: changes.email, email_key: uniqueKey(changes.email) };
  await db.updateTable('app_user').set({ ...email, password_hash: changes.passwordHash }).where('id', '=', id).execute();
}

/** Deletes the user; its refresh tokens go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('app_user').where('id', '=', id).execute();
}

export const countUsers = (db: Executor): Promise<number> =>
  countOf(db.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('count')));
