// An administrator's second factors (issue 29): the authenticator app's secret, the recovery
// codes (their SHA-256 only), and the challenges of sign-ins waiting for a second factor (their
// SHA-256 only). Every "used once" is one conditional write, so two processes cannot both use the
// same code or challenge.
import { createHash } from 'node:crypto';
import type { Executor } from '../db/executor.ts';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): boolean => Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) > 0;

// ── Authenticator app ────────────────────────────────────────────────────────────────────────

export const totpOf = (db: Executor, userId: number) =>
  db.selectFrom('user_totp').select(['secret', 'enabled', 'last_step']).where('user_id', '=', userId).executeTakeFirst();

/** A new secret waiting for its first code (a pending one is replaced). */
export async function putPendingTotp(db: Executor, userId: number, secret: string, now: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('enabled', '=', 0).execute();
  await db.insertInto('user_totp').values({ user_id: userId, secret, enabled: 0, last_step: null, created_at: now }).execute();
}

/** Records that a code of `step` was accepted: false when that step (or a later one) already was. */
export async function spendTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return changed(result);
}

export async function enableTotp(db: Executor, userId: number): Promise<void> {
  await db.updateTable('user_totp').set({ enabled: 1 }).where('user_id', '=', userId).execute();
}

export async function deleteTotp(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

// ── Recovery codes ───────────────────────────────────────────────────────────────────────────

/** A code as typed, compared without spaces, dashes or case. */
export const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]/g, '').toLowerCase();

export async function replaceRecoveryCodes(db: Executor, userId: number, codes: string[]): Promise<void> {
  await db.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_code')
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(normalizeRecoveryCode(code)), used_at: null })))
    .execute();
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_code')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Uses one of the user's unused codes: false when it is not one. */
export async function spendRecoveryCode(db: Executor, userId: number, code: string, now: number): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length === 0) return false;
  const result = await db
    .updateTable('recovery_code')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', sha256(normalized))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return changed(result);
}

export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
}

// ── Sign-in challenges ───────────────────────────────────────────────────────────────────────

export async function insertChallenge(db: Executor, userId: number, token: string, expiresAt: number, now: number): Promise<void> {
  // Expired challenges go as new ones come.
  await db.deleteFrom('login_challenge').where('expires_at', '<=', now).execute();
  await db.insertInto('login_challenge').values({ user_id: userId, token_hash: sha256(token), expires_at: expiresAt }).execute();
}

/** The live challenge of this token, or undefined. */
export const challengeOf = (db: Executor, token: string, now: number) =>
  db
    .selectFrom('login_challenge')
    .select(['id', 'user_id', 'failures'])
    .where('token_hash', '=', sha256(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** Ends a challenge: false when it was already ended (used on another process meanwhile). */
export async function endChallenge(db: Executor, id: number): Promise<boolean> {
  return changed(await db.deleteFrom('login_challenge').where('id', '=', id).executeTakeFirst());
}

/** Counts a wrong code; the `max`-th ends the challenge. */
export async function failChallenge(db: Executor, id: number, max: number): Promise<void> {
  await db.updateTable('login_challenge').set((eb) => ({ failures: eb('failures', '+', 1) })).where('id', '=', id).execute();
  await db.deleteFrom('login_challenge').where('id', '=', id).where('failures', '>=', max).execute();
}

/** Every factor and challenge of the user (npm run admin -- reset-2fa). */
export async function deleteAllFactors(db: Executor, userId: number): Promise<void> {
  await deleteTotp(db, userId);
  await deleteRecoveryCodes(db, userId);
  await db.deleteFrom('login_challenge').where('user_id', '=', userId).execute();
}
