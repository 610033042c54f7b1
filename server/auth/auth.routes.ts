// Tag "auth": sign-in, token refresh (rotation), logout.
import { verifyPassword } from './passwords.ts';
import { uniqueKey } from '../projects/views.ts';
import { findUserByEmail } from './user.repository.ts';
import { messages } from '../domain/messages.ts';
import { ApiError, ok, type TagModule } from '../http/operations.ts';
import type { FastifyRequest } from 'fastify';

/** The bearer token of the Authorization header, or null. */
export function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || header.length > 4096) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const failed = { Result: false, Token: '', RefreshToken: '' };

export const authRoutes: TagModule<'login' | 'refreshToken' | 'logout'> = {
  tag: 'auth',
  handlers: {
    async login({ loginRequest }, { req, services: { db, loginLimiter, loginLimits, hashGate, sessions, dummyPasswordHash } }) {
      // A full gate refuses at once: no counting, no database lookup (a flood stays cheap).
      hashGate.checkRoom();
      const email = uniqueKey(loginRequest.Email);
      // Two limits: per address and e-mail (guessing one password), per address alone (trying
      // many e-mails). Both count the attempt before the password is checked, in the same
      // transaction as the check: concurrent attempts cannot all pass it, on any process.
      const pairKey = `${req.ip} ${email}`; // a space: neither an address nor an e-mail holds one
      const addressKey = `${req.ip} *`;
      const wait = await loginLimiter.admit([
        { key: pairKey, max: loginLimits.pair },
        { key: addressKey, max: loginLimits.address },
      ]);
      if (wait > 0) {
        throw new ApiError(
          429,
          messages.signIn.tooManyFailures(wait),
          { 'Retry-After': String(wait) },
        );
      }
      const user = await findUserByEmail(db, loginRequest.Email);
      // An unknown e-mail costs the same scrypt as a wrong password: same answer, same time.
      // Every hash waits its turn in the global gate (503 when too many wait).
      const stored = user?.password_hash ?? (await dummyPasswordHash());
      const valid = await hashGate.run(() => verifyPassword(loginRequest.Pwd, stored));
      if (!user || !valid) return failed;
      // A success forgets its own pair's attempts; the address keeps counting.
      await loginLimiter.reset(pairKey);
      return { Result: true, ...(await sessions.open(user.id)) };
    },

    async refreshToken(_arg, { req, services: { sessions } }) {
      const token = bearerOf(req);
      if (!token) throw new ApiError(401, messages.signIn.sessionExpired);
      const outcome = await sessions.rotate(token);
      if (!outcome.ok) {
        if (outcome.reason === 'reused') req.log.warn(messages.log.refreshReused);
        throw new ApiError(401, messages.signIn.sessionExpired);
      }
      return { Result: true, ...outcome.tokens };
    },

    async logout(_arg, { req, services: { sessions } }) {
      const token = bearerOf(req);
      if (token) await sessions.revokeFamily(token);
      return ok(messages.signIn.loggedOut);
    },
  },
};
