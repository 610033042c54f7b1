// An administrator's second factors (issue 29): passkeys (WebAuthn: webauthn.ts, their own calls in
// passkey.service.ts), the authenticator app's codes (RFC 6238, here in totp.ts), the recovery
// codes, and the second step of a sign-in. Plain values in and out; the
// refusals a person acts on are values ({Result: false, Message}), over a limit a DomainError.
//
// - A code is accepted once: the step of the last accepted code is stored, and only a later step
//   passes (one conditional write, so two processes cannot both accept it).
// - A sign-in's challenge: opaque (256 bits, only its SHA-256 kept), 5 minutes, single use, ended
//   by its fifth wrong code. A wrong code (at sign-in or to change a factor) counts in the sign-in
//   limits of its address and of its address and e-mail, as a wrong password does.
import { randomBytes, randomInt } from 'node:crypto';
import type {
  AccountSecurity,
  FactorProof,
  MutationResult,
  PasskeyAssertion,
  RecoveryCodesResult,
  SecondFactorCode,
  SecondFactorKind,
  TokenResponse,
  TotpSetup,
} from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { readSite } from '../site/site.repository.ts';
import type { RateLimiter } from './rateLimiter.ts';
import { revokeUserSessions, type Sessions } from './sessions.ts';
import { findUserByEmail } from './user.repository.ts';
import { noJournalHook, type JournalHook } from '../journal/journal.service.ts';
import * as factors from './secondFactor.repository.ts';
import { matchingStep, newTotpSecret, otpauthUri } from './totp.ts';
import * as passkeys from './passkey.repository.ts';
import { checkAssertion, challengeOfAnswer, relyingPartyOf } from './webauthn.ts';

const t = messages.secondFactor;

/** How long a sign-in waits for its second factor. */
export const CHALLENGE_MS = 5 * 60 * 1000;
/** Wrong codes that end a challenge. */
export const CHALLENGE_MAX_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;

export interface SecondFactorDeps {
  db: Db;
  loginLimiter: RateLimiter;
  loginLimits: { pair: number; address: number };
  sessions: Sessions;
  now: () => number;
}

/** The sign-in limits' keys (signIn.service.ts counts under the same). */
export const addressKeyOf = (address: string): string => `${address} *`;
/** A space between them: neither an address nor an e-mail holds one. */
export const pairKeyOf = (address: string, emailKey: string): string => `${address} ${emailKey}`;

const failed: TokenResponse = { Result: false, Token: '', RefreshToken: '' };

// ── Sign-in ──────────────────────────────────────────────────────────────────────────────────

/** The factors this account may finish a sign-in with (none: the password alone signs in). */
export async function factorsOf(db: Executor, userId: number): Promise<SecondFactorKind[]> {
  const kinds: SecondFactorKind[] = [];
  if ((await passkeys.passkeyCount(db, userId)) > 0) kinds.push('passkey');
  if ((await factors.totpOf(db, userId))?.enabled === 1) kinds.push('totp');
  if ((await factors.recoveryCodesLeft(db, userId)) > 0) kinds.push('recovery');
  return kinds;
}

/** The right password of an account with a second factor: its challenge, not yet a session. */
export async function startChallenge(deps: SecondFactorDeps, userId: number, kinds: SecondFactorKind[]): Promise<TokenResponse> {
  const Challenge = randomBytes(32).toString('base64url');
  const now = deps.now();
  await factors.insertChallenge(deps.db, userId, Challenge, now + CHALLENGE_MS, now);
  return { ...failed, SecondFactor: kinds, Challenge };
}

export const emailKeyOf = async (db: Executor, userId: number): Promise<string> =>
  (await db.selectFrom('app_user').select('email_key').where('id', '=', userId).executeTakeFirst())?.email_key ?? '';

/** Over the sign-in limits: the refusal, before any code is checked. */
export async function checkLimits(deps: SecondFactorDeps, address: string, emailKey: string | null): Promise<void> {
  const limits = [{ key: addressKeyOf(address), max: deps.loginLimits.address }];
  if (emailKey !== null) limits.push({ key: pairKeyOf(address, emailKey), max: deps.loginLimits.pair });
  const wait = await deps.loginLimiter.retryAfter(limits);
  if (wait > 0) throw new DomainError('too-many', messages.signIn.tooManyFailures(wait), { retryAfterSeconds: wait });
}

/** A wrong code (or challenge) counts as a failed sign-in. */
export const countFailure = (deps: SecondFactorDeps, address: string, emailKey: string | null): Promise<void> =>
  deps.loginLimiter.record(emailKey === null ? [addressKeyOf(address)] : [addressKeyOf(address), pairKeyOf(address, emailKey)]);

/** Whether `code` is a current code of the user's authenticator app, not used before (and now used). */
async function spendTotpCode(deps: SecondFactorDeps, userId: number, code: string, enabledOnly = true): Promise<boolean> {
  const totp = await factors.totpOf(deps.db, userId);
  if (!totp || (enabledOnly && totp.enabled !== 1)) return false;
  const step = matchingStep(totp.secret, code.replace(/\s/g, ''), deps.now());
  return step !== null && (await factors.spendTotpStep(deps.db, userId, step));
}

/** The second step of a sign-in: the challenge and a code of `kind`; the tokens when both are right. */
export async function finishSignIn(
  deps: SecondFactorDeps,
  address: string,
  kind: 'totp' | 'recovery',
  { Challenge, Code }: SecondFactorCode,
  journal: JournalHook = noJournalHook,
): Promise<TokenResponse> {
  const now = deps.now();
  const challenge = await factors.challengeOf(deps.db, Challenge, now);
  const emailKey = challenge ? await emailKeyOf(deps.db, challenge.user_id) : null;
  await checkLimits(deps, address, emailKey);
  if (!challenge) {
    // Forged, expired, already used or ended by wrong codes: nothing to say about which.
    await countFailure(deps, address, null);
    return failed;
  }
  // The code spent, the challenge ended, the session opened and the journal entry: one transaction.
  const answer = await deps.db.transaction().execute(async (trx) => {
    const right = kind === 'totp' ? await spendTotpCode({ ...deps, db: trx }, challenge.user_id, Code) : await factors.spendRecoveryCode(trx, challenge.user_id, Code, now);
    if (!right) return null;
    // Single use: a second process finishing the same challenge meanwhile gets nothing.
    if (!(await factors.endChallenge(trx, challenge.id))) return failed;
    // A whole sign-in: its pair's attempts are forgotten (the address keeps counting), as with a password alone.
    await deps.loginLimiter.reset(pairKeyOf(address, emailKey ?? ''), trx);
    const success: TokenResponse = { Result: true, ...(await deps.sessions.open(challenge.user_id, trx)) };
    await journal(trx, success);
    return success;
  });
  if (answer !== null) return answer;
  await factors.failChallenge(deps.db, challenge.id, CHALLENGE_MAX_FAILURES);
  await countFailure(deps, address, emailKey);
  return failed;
}

// ── The account's screen ─────────────────────────────────────────────────────────────────────

export async function accountSecurity(db: Executor, userId: number, required: boolean): Promise<AccountSecurity> {
  const kinds = await factorsOf(db, userId);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    Totp: kinds.includes('totp'),
    Passkeys: (await passkeys.passkeysOf(db, userId)).map((row) => ({
      Id: row.id,
      Name: row.name,
      Created: iso(row.created_at),
      LastUsed: row.last_used_at === null ? null : iso(row.last_used_at),
    })),
    RecoveryCodesLeft: await factors.recoveryCodesLeft(db, userId),
    SetupRequired: required && !(await hasFactor(db, userId)),
  };
}

/** A factor that signs in on its own with the password (recovery codes only back one up): a passkey, or the app's codes. */
export const hasFactor = async (db: Executor, userId: number): Promise<boolean> =>
  (await passkeys.passkeyCount(db, userId)) > 0 || (await factors.totpOf(db, userId))?.enabled === 1;

export async function setupTotp(deps: SecondFactorDeps, userId: number): Promise<TotpSetup> {
  const current = await factors.totpOf(deps.db, userId);
  if (current?.enabled === 1) return { Result: false, Message: t.totpAlreadyOn, Secret: '', Uri: '' };
  const secret = newTotpSecret();
  await factors.putPendingTotp(deps.db, userId, secret, deps.now());
  const account = (await deps.db.selectFrom('app_user').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? '';
  const issuer = (await readSite(deps.db)).BusinessName || 'Atelier';
  return { Result: true, Message: '', Secret: secret, Uri: otpauthUri(secret, account, issuer) };
}

/** Ten new codes, `xxxx-xxxx-xxxx-xxxx` (about 79 bits each), from an alphabet without look-alikes. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => [group(), group(), group(), group()].join('-'));
}

/** The recovery codes that come with a factor turned on: new ones when the account has none left, else none. */
export async function codesForNewFactor(trx: Executor, userId: number): Promise<string[]> {
  if ((await factors.recoveryCodesLeft(trx, userId)) > 0) return [];
  const codes = newRecoveryCodes();
  await factors.replaceRecoveryCodes(trx, userId, codes);
  return codes;
}

/** Turns the pending secret on with a current code (a passkey cannot); the first factor comes with its recovery codes. */
export async function confirmTotp(deps: SecondFactorDeps, address: string, userId: number, { Code = '' }: FactorProof): Promise<RecoveryCodesResult> {
  const pending = await factors.totpOf(deps.db, userId);
  if (!pending || pending.enabled === 1) return { Result: false, Message: pending ? t.totpAlreadyOn : t.totpNotStarted, RecoveryCodes: [] };
  const emailKey = await emailKeyOf(deps.db, userId);
  await checkLimits(deps, address, emailKey);
  if (!(await spendTotpCode(deps, userId, Code, false))) {
    await countFailure(deps, address, emailKey);
    return { Result: false, Message: t.wrongCode, RecoveryCodes: [] };
  }
  return deps.db.transaction().execute(async (trx) => {
    await factors.enableTotp(trx, userId);
    return { Result: true, Message: t.totpOn, RecoveryCodes: await codesForNewFactor(trx, userId) };
  });
}

/**
 * An assertion of one of the administrator's passkeys, answering a challenge of
 * POST /api/account/passkey/proof-options (theirs, live, used now whatever comes of it): true when
 * it verifies at `origin`; its counter and last use are then stored.
 */
async function provePasskey(deps: SecondFactorDeps, origin: string, userId: number, assertion: PasskeyAssertion): Promise<boolean> {
  const challenge = challengeOfAnswer(assertion.response.clientDataJSON);
  if (challenge === null) return false;
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const row = await passkeys.takePasskeyChallenge(trx, challenge, 'proof', now);
    const passkey = await passkeys.passkeyByCredential(trx, assertion.id);
    if (!row || !passkey || row.user_id !== userId || passkey.user_id !== userId) return false;
    const counter = await checkAssertion(relyingPartyOf(origin, ''), assertion, row.challenge_hash, passkey);
    return counter !== null && (await passkeys.usePasskey(trx, passkey.id, counter, now));
  });
}

/**
 * A current factor, to change one: a code of the app, an unused recovery code (used up), or an
 * assertion of one of the account's passkeys. The refusal's message, or null.
 */
export async function checkProof(deps: SecondFactorDeps, address: string, userId: number, proof: FactorProof, origin: string): Promise<string | null> {
  const emailKey = await emailKeyOf(deps.db, userId);
  await checkLimits(deps, address, emailKey);
  if (proof.Passkey !== undefined) {
    if (await provePasskey(deps, origin, userId, proof.Passkey)) return null;
  } else {
    const code = proof.Code ?? '';
    if ((await spendTotpCode(deps, userId, code)) || (await factors.spendRecoveryCode(deps.db, userId, code, deps.now()))) return null;
  }
  await countFailure(deps, address, emailKey);
  return proof.Passkey !== undefined ? t.passkeyProofRefused : t.wrongProof;
}

export async function turnOffTotp(deps: SecondFactorDeps, address: string, userId: number, proof: FactorProof, origin: string): Promise<MutationResult> {
  if ((await factors.totpOf(deps.db, userId))?.enabled !== 1) return refuse(t.totpNotOn);
  const wrong = await checkProof(deps, address, userId, proof, origin);
  if (wrong) return refuse(wrong);
  await deps.db.transaction().execute(async (trx) => {
    await factors.deleteTotp(trx, userId);
    // No factor left: the recovery codes would back up nothing.
    if (!(await hasFactor(trx, userId))) await factors.deleteRecoveryCodes(trx, userId);
  });
  return ok(t.totpOff);
}

export async function regenerateRecoveryCodes(deps: SecondFactorDeps, address: string, userId: number, proof: FactorProof, origin: string): Promise<RecoveryCodesResult> {
  if (!(await hasFactor(deps.db, userId))) return { Result: false, Message: t.noFactor, RecoveryCodes: [] };
  const wrong = await checkProof(deps, address, userId, proof, origin);
  if (wrong) return { Result: false, Message: wrong, RecoveryCodes: [] };
  const RecoveryCodes = newRecoveryCodes();
  await deps.db.transaction().execute((trx) => factors.replaceRecoveryCodes(trx, userId, RecoveryCodes));
  return { Result: true, Message: t.newCodes, RecoveryCodes };
}

/** npm run admin -- reset-2fa EMAIL: every factor of that administrator goes, and every session ends; false without such a user. */
export async function resetSecondFactor(db: Db, email: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) return false;
    await factors.deleteAllFactors(trx, user.id);
    await passkeys.deleteAllPasskeys(trx, user.id);
    await revokeUserSessions(trx, user.id);
    return true;
  });
}
