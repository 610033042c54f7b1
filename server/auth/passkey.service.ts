// An administrator's passkeys (issue 29): registering one in « Sécurité du compte », removing one
// (with a current factor), and signing in with one — alone (a discoverable credential: no e-mail
// or password) or as the second step after the password. Plain values in and out; `origin` is the
// site's (PUBLIC_URL, else the request's own), from which the relying party comes.
//
// Every WebAuthn challenge is the server's: 256 random bits, only its SHA-256 kept in the database
// (so that any process may answer it), 5 minutes, used once whatever comes of the answer. A refusal
// stores nothing and counts in the sign-in limits per address (and per address and e-mail when the
// account is known), as a wrong password or code does.
import type {
  FactorProof,
  MutationResult,
  PasskeyAssertion,
  PasskeyCreationOptionsResult,
  PasskeyRegistration,
  PasskeyRequestOptionsResult,
  PasskeySignInStart,
  RecoveryCodesResult,
  TokenResponse,
} from '../../contract/api.ts';
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { noJournalHook, type JournalHook } from '../journal/journal.service.ts';
import { readSite } from '../site/site.repository.ts';
import * as passkeys from './passkey.repository.ts';
import * as factors from './secondFactor.repository.ts';
import {
  addressKeyOf,
  CHALLENGE_MAX_FAILURES,
  checkLimits,
  checkProof,
  codesForNewFactor,
  countFailure,
  emailKeyOf,
  hasFactor,
  pairKeyOf,
  type SecondFactorDeps,
} from './secondFactor.service.ts';
import { assertionOptions, challengeOfAnswer, checkAssertion, checkRegistration, newChallenge, PASSKEY_CHALLENGE_MS, registrationOptions, relyingPartyOf } from './webauthn.ts';

const t = messages.secondFactor;
const failed: TokenResponse = { Result: false, Token: '', RefreshToken: '' };
const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

// ── « Sécurité du compte » ───────────────────────────────────────────────────────────────────

/** The options to register a passkey for this administrator (their passkeys excluded). */
export async function passkeyRegistrationOptions(deps: SecondFactorDeps, origin: string, userId: number): Promise<PasskeyCreationOptionsResult> {
  const rp = relyingPartyOf(origin, (await readSite(deps.db)).BusinessName || 'Atelier');
  const user = await deps.db.selectFrom('app_user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  const challenge = newChallenge();
  const now = deps.now();
  const Options = await registrationOptions(rp, user, await passkeys.passkeysOf(deps.db, userId), challenge);
  await passkeys.insertPasskeyChallenge(deps.db, { purpose: 'register', user_id: userId, login_challenge_id: null, challenge: base64url(challenge), expires_at: now + PASSKEY_CHALLENGE_MS }, now);
  return { Result: true, Message: '', Options };
}

/** The options of an assertion with one of this administrator's passkeys, to prove a current factor. */
export async function passkeyProofOptions(deps: SecondFactorDeps, origin: string, userId: number): Promise<PasskeyRequestOptionsResult> {
  const own = await passkeys.passkeysOf(deps.db, userId);
  if (own.length === 0) return { Result: false, Message: t.noPasskey };
  const challenge = newChallenge();
  const now = deps.now();
  const Options = await assertionOptions(relyingPartyOf(origin, ''), own, challenge);
  await passkeys.insertPasskeyChallenge(deps.db, { purpose: 'proof', user_id: userId, login_challenge_id: null, challenge: base64url(challenge), expires_at: now + PASSKEY_CHALLENGE_MS }, now);
  return { Result: true, Message: '', Options };
}

/**
 * Stores the passkey of a registration's answer, under the name typed first, once it is checked:
 * this administrator's live challenge, this site's origin and relying party, user verification, a
 * credential no account has yet. The first factor turned on comes with the recovery codes.
 */
export async function addPasskey(
  deps: SecondFactorDeps,
  address: string,
  origin: string,
  userId: number,
  { Name, Credential }: PasskeyRegistration,
  journal: JournalHook = noJournalHook,
): Promise<RecoveryCodesResult> {
  const emailKey = await emailKeyOf(deps.db, userId);
  await checkLimits(deps, address, emailKey);
  const name = Name.trim();
  const challenge = challengeOfAnswer(Credential.response.clientDataJSON);
  const now = deps.now();
  const answer = await deps.db.transaction().execute(async (trx) => {
    const row = challenge === null ? undefined : await passkeys.takePasskeyChallenge(trx, challenge, 'register', now);
    if (!row || row.user_id !== userId) return null;
    const credential = await checkRegistration(relyingPartyOf(origin, ''), Credential, row.challenge_hash);
    if (!credential || (await passkeys.passkeyByCredential(trx, credential.credentialId))) return null;
    await passkeys.insertPasskey(trx, {
      user_id: userId,
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports,
      name,
      created_at: now,
    });
    const result: RecoveryCodesResult = { Result: true, Message: t.passkeyAdded(name), RecoveryCodes: await codesForNewFactor(trx, userId) };
    await journal(trx, result);
    return result;
  });
  if (answer) return answer;
  await countFailure(deps, address, emailKey);
  return { Result: false, Message: t.passkeyRefused, RecoveryCodes: [] };
}

/** Removes one of this administrator's passkeys, given a current factor; without a factor left, the recovery codes go too. */
export async function deletePasskey(
  deps: SecondFactorDeps,
  address: string,
  origin: string,
  userId: number,
  id: number,
  proof: FactorProof,
  journal: JournalHook = noJournalHook,
): Promise<MutationResult> {
  const passkey = await passkeys.passkeyById(deps.db, id);
  if (!passkey || passkey.user_id !== userId) {
    // Another administrator's (or none): refused, and counted as a wrong factor.
    const emailKey = await emailKeyOf(deps.db, userId);
    await checkLimits(deps, address, emailKey);
    await countFailure(deps, address, emailKey);
    return refuse(t.passkeyNotFound);
  }
  const wrong = await checkProof(deps, address, userId, proof, origin);
  if (wrong) return refuse(wrong);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await passkeys.deletePasskey(trx, userId, id))) return refuse(t.passkeyNotFound);
    // No factor left: the recovery codes would back up nothing.
    if (!(await hasFactor(trx, userId))) await factors.deleteRecoveryCodes(trx, userId);
    const result = ok(t.passkeyRemoved(passkey.name));
    await journal(trx, result);
    return result;
  });
}

// ── Signing in ───────────────────────────────────────────────────────────────────────────────

/**
 * The options of a sign-in with a passkey: any of the site's (a passkey alone), or, with the
 * Challenge of a right password, that account's. Each call counts as a sign-in attempt of its
 * address (as a password does): a flood of challenges stays bounded.
 */
export async function loginPasskeyOptions(deps: SecondFactorDeps, address: string, origin: string, { Challenge }: PasskeySignInStart): Promise<PasskeyRequestOptionsResult> {
  const wait = await deps.loginLimiter.admit([{ key: addressKeyOf(address), max: deps.loginLimits.address }]);
  if (wait > 0) throw new DomainError('too-many', messages.signIn.tooManyFailures(wait), { retryAfterSeconds: wait });
  const now = deps.now();
  const signIn = Challenge === null ? undefined : await factors.challengeOf(deps.db, Challenge, now);
  if (Challenge !== null && !signIn) return { Result: false, Message: t.signInOver };
  const allowed = signIn ? await passkeys.passkeysOf(deps.db, signIn.user_id) : null;
  if (allowed?.length === 0) return { Result: false, Message: t.noPasskey };
  const challenge = newChallenge();
  const Options = await assertionOptions(relyingPartyOf(origin, ''), allowed, challenge);
  await passkeys.insertPasskeyChallenge(
    deps.db,
    { purpose: 'sign-in', user_id: signIn?.user_id ?? null, login_challenge_id: signIn?.id ?? null, challenge: base64url(challenge), expires_at: now + PASSKEY_CHALLENGE_MS },
    now,
  );
  return { Result: true, Message: '', Options };
}

/**
 * A sign-in with a passkey's assertion: the tokens when it answers a live sign-in challenge of the
 * server's, verifies at this site, and its counter increases (or both are 0); for a second step,
 * the passkey must be of the account whose password was right, and that sign-in's challenge ends.
 */
export async function signInWithPasskey(deps: SecondFactorDeps, address: string, origin: string, assertion: PasskeyAssertion, journal: JournalHook = noJournalHook): Promise<TokenResponse> {
  await checkLimits(deps, address, null);
  const challenge = challengeOfAnswer(assertion.response.clientDataJSON);
  const now = deps.now();
  // The answer, or null; the account the passkey is of; the password step's challenge to count a failure against.
  type Outcome = { answer: TokenResponse | null; userId: number | null; signIn: number | null };
  const outcome = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    const row = challenge === null ? undefined : await passkeys.takePasskeyChallenge(trx, challenge, 'sign-in', now);
    const passkey = await passkeys.passkeyByCredential(trx, assertion.id);
    // A refused passkey counts against the password step's challenge, as a wrong code does.
    const refused: Outcome = { answer: null, userId: passkey?.user_id ?? null, signIn: row?.login_challenge_id ?? null };
    if (!row || !passkey || (row.user_id !== null && row.user_id !== passkey.user_id)) return refused;
    const counter = await checkAssertion(relyingPartyOf(origin, ''), assertion, row.challenge_hash, passkey);
    if (counter === null) return refused;
    // The password step's challenge, used once: a second process finishing it meanwhile wins.
    if (row.login_challenge_id !== null && !(await factors.endChallenge(trx, row.login_challenge_id))) return { ...refused, signIn: null };
    if (!(await passkeys.usePasskey(trx, passkey.id, counter, now))) return refused;
    // A whole sign-in: its pair's attempts are forgotten (the address keeps counting).
    await deps.loginLimiter.reset(pairKeyOf(address, await emailKeyOf(trx, passkey.user_id)), trx);
    const success: TokenResponse = { Result: true, ...(await deps.sessions.open(passkey.user_id, trx)) };
    await journal(trx, success);
    return { answer: success, userId: passkey.user_id, signIn: null };
  });
  if (outcome.answer) return outcome.answer;
  if (outcome.signIn !== null) await factors.failChallenge(deps.db, outcome.signIn, CHALLENGE_MAX_FAILURES);
  await countFailure(deps, address, outcome.userId === null ? null : await emailKeyOf(deps.db, outcome.userId));
  return failed;
}
