// Tag "auth": sign-in, token refresh (rotation), logout.
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok } from '../domain/results.ts';
import type { TagModule } from '../http/operations.ts';
import { signIn } from './signIn.service.ts';
import { finishSignIn } from './secondFactor.service.ts';
import { loginPasskeyOptions, signInWithPasskey } from './passkey.service.ts';
import { originOf } from '../http/render.ts';

/** The bearer token of the Authorization header, or null. */
export function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || header.length > 4096) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const sessionExpired = () => new DomainError('unauthorized', messages.signIn.sessionExpired);

export const authRoutes: TagModule<'login' | 'loginTotp' | 'loginRecovery' | 'loginPasskeyOptions' | 'loginPasskey' | 'refreshToken' | 'logout'> = {
  tag: 'auth',
  handlers: {
    login: async ({ loginRequest }, { req, services, journal }) => signIn(services, req.ip, loginRequest, journal),
    // The second step of a sign-in (issue 29).
    loginTotp: async ({ secondFactorCode }, { req, services, journal }) => finishSignIn(services, req.ip, 'totp', secondFactorCode, journal),
    loginRecovery: async ({ secondFactorCode }, { req, services, journal }) => finishSignIn(services, req.ip, 'recovery', secondFactorCode, journal),
    // A passkey: alone, or the second step (its options name the password step's challenge).
    loginPasskeyOptions: async ({ passkeySignInStart }, { req, services }) => loginPasskeyOptions(services, req.ip, originOf(req, services.publicUrl), passkeySignInStart),
    loginPasskey: async ({ passkeyAssertion }, { req, services, journal }) => signInWithPasskey(services, req.ip, originOf(req, services.publicUrl), passkeyAssertion, journal),

    async refreshToken(_arg, { req, services: { sessions } }) {
      const token = bearerOf(req);
      if (!token) throw sessionExpired();
      const outcome = await sessions.rotate(token);
      if (!outcome.ok) {
        if (outcome.reason === 'reused') req.log.warn(messages.log.refreshReused);
        throw sessionExpired();
      }
      return { Result: true, ...outcome.tokens };
    },

    async logout(_arg, { req, services: { db, sessions } }) {
      const token = bearerOf(req);
      // In the transaction the edge opened, with the call's journal entry.
      if (token) await sessions.revokeFamily(token, db);
      return ok(messages.signIn.loggedOut);
    },
  },
};
