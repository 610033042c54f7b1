// An administrator's passkeys (issue 29) and the WebAuthn challenges waiting for an answer. A
// challenge is kept as a sign-in's is (login_challenge): its SHA-256 only, 5 minutes, used once by
// one conditional write, so that two processes cannot both accept the same answer.
import type { Executor } from '../db/executor.ts';
import type { PasskeyChallengeTable } from '../db/schema.ts';
import { sha256 } from './secondFactor.repository.ts';

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): boolean => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) > 0;

export type ChallengePurpose = PasskeyChallengeTable['purpose'];

// ── Passkeys ─────────────────────────────────────────────────────────────────────────────────

const COLUMNS = ['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'created_at', 'last_used_at'] as const;

export const passkeysOf = (db: Executor, userId: number) => db.selectFrom('passkey').select(COLUMNS).where('user_id', '=', userId).orderBy('id').execute();

export async function passkeyCount(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('passkey').select((eb) => eb.fn.countAll<number>().as('count')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export const passkeyById = (db: Executor, id: number) => db.selectFrom('passkey').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export const passkeyByCredential = (db: Executor, credentialId: string) =>
  db.selectFrom('passkey').select(COLUMNS).where('credential_id', '=', credentialId).executeTakeFirst();

export async function insertPasskey(
  db: Executor,
  row: { user_id: number; credential_id: string; public_key: string; counter: number; transports: string[]; name: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('passkey')
    .values({ ...row, transports: JSON.stringify(row.transports), last_used_at: null })
    .execute();
}

/**
 * An assertion accepted: its counter and when. False when the stored counter moved meanwhile (a
 * counter that is not 0 must increase).
 */
export async function usePasskey(db: Executor, id: number, counter: number, now: number): Promise<boolean> {
  let update = db.updateTable('passkey').set({ counter, last_used_at: now }).where('id', '=', id);
  if (counter > 0) update = update.where('counter', '<', counter);
  return changed(await update.executeTakeFirst());
}

/** Removes one passkey of this administrator: false when it is not theirs (or gone). */
export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  return changed(await db.deleteFrom('passkey').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst());
}

// ── Challenges ───────────────────────────────────────────────────────────────────────────────

export async function insertPasskeyChallenge(
  db: Executor,
  row: { purpose: ChallengePurpose; user_id: number | null; login_challenge_id: number | null; challenge: string; expires_at: number },
  now: number,
): Promise<void> {
  // Expired challenges go as new ones come.
  await db.deleteFrom('passkey_challenge').where('expires_at', '<=', now).execute();
  const { challenge, ...rest } = row;
  await db.insertInto('passkey_challenge').values({ ...rest, challenge_hash: sha256(challenge) }).execute();
}

/**
 * Uses the live challenge that an answer signed, for this purpose: the challenge's row, or
 * undefined (forged, expired, already used, or for something else). Used once, whatever comes of
 * the answer: one conditional delete, so that another process cannot use it too.
 */
export async function takePasskeyChallenge(db: Executor, challenge: string, purpose: ChallengePurpose, now: number) {
  const row = await db
    .selectFrom('passkey_challenge')
    .select(['id', 'user_id', 'login_challenge_id', 'challenge_hash'])
    .where('challenge_hash', '=', sha256(challenge))
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return changed(await db.deleteFrom('passkey_challenge').where('id', '=', row.id).executeTakeFirst()) ? row : undefined;
}

/** Every passkey and passkey challenge of the user (npm run admin -- reset-2fa). */
export async function deleteAllPasskeys(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('passkey_challenge').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkey').where('user_id', '=', userId).execute();
}
