// Signing in: the two attempt limits, the password check in its turn of the hashing gate, and the
// session it opens. Plain values in and out; a refusal that ends the call is a DomainError.
import type { LoginRequest, TokenResponse } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { uniqueKey } from '../domain/text.ts';
import type { JournalHook } from '../journal/journal.service.ts';
import type { HashGate } from './hashGate.ts';
import { verifyPassword } from './passwords.ts';
import type { RateLimiter } from './rateLimiter.ts';
import type { Sessions } from './sessions.ts';
import { findUserByEmail } from './user.repository.ts';
import { addressKeyOf, factorsOf, pairKeyOf, startChallenge } from './secondFactor.service.ts';

export interface SignInDeps {
  db: Db;
  loginLimiter: RateLimiter;
  loginLimits: { pair: number; address: number };
  hashGate: HashGate;
  sessions: Sessions;
  /** A hash of a random value, verified when the e-mail is unknown so both failures take as long. */
  dummyPasswordHash: () => Promise<string>;
  now: () => number;
}

const failed: TokenResponse = { Result: false, Token: '', RefreshToken: '' };

/**
 * `address`: the client's address, as the edge trusts it (TRUST_PROXY). `journal`: writes the
 * sign-in's entry in the transaction that opens the session (issue 28), after the password check.
 */
export async function signIn(deps: SignInDeps, address: string, { Email, Pwd }: LoginRequest, journal: JournalHook): Promise<TokenResponse> {
  // A full gate refuses at once: no counting, no database lookup (a flood stays cheap).
  deps.hashGate.checkRoom();
  const email = uniqueKey(Email);
  // Two limits: per address and e-mail (guessing one password), per address alone (trying
  // many e-mails). Both count the attempt before the password is checked, in the same
  // transaction as the check: concurrent attempts cannot all pass it, on any process.
  const pairKey = pairKeyOf(address, email);
  const addressKey = addressKeyOf(address);
  const wait = await deps.loginLimiter.admit([
    { key: pairKey, max: deps.loginLimits.pair },
    { key: addressKey, max: deps.loginLimits.address },
  ]);
  if (wait > 0) throw new DomainError('too-many', messages.signIn.tooManyFailures(wait), { retryAfterSeconds: wait });
  const user = await findUserByEmail(deps.db, Email);
  // An unknown e-mail costs the same scrypt as a wrong password: same answer, same time.
  // Every hash waits its turn in the global gate (busy when too many wait).
  const stored = user?.password_hash ?? (await deps.dummyPasswordHash());
  const valid = await deps.hashGate.run(() => verifyPassword(Pwd, stored));
  if (!user || !valid) return failed;
  // An account with a second factor (issue 29): the challenge to finish with, not yet a session;
  // its pair's attempts are forgotten only once the second factor is right too.
  const kinds = await factorsOf(deps.db, user.id);
  if (kinds.length > 0) return startChallenge(deps, user.id, kinds);
  // A success forgets its own pair's attempts (the address keeps counting) and opens the session,
  // in one transaction with its journal entry.
  return deps.db.transaction().execute(async (trx) => {
    await deps.loginLimiter.reset(pairKey, trx);
    const answer: TokenResponse = { Result: true, ...(await deps.sessions.open(user.id, trx)) };
    await journal(trx, answer);
    return answer;
  });
}
