// Access tokens (JWT HS256, 15 minutes by default) and opaque refresh tokens (256 bits, stored
// as a SHA-256, 30 days by default, rotated on every use; a rotated token presented again
// revokes its family). Both lifetimes come from the config (ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL).
//
// An access token names its session (`sid`, the refresh-token family) and is accepted only while
// that family has a live token in the database: logout, a password change, the user's deletion
// and a family revoked for reuse refuse its access tokens at once. One indexed lookup per call,
// the same one that already checked the user; the truth stays in the database (several
// processes may share it).
//
// Two tabs renewing at the same moment (issue 19): a rotated token presented again within
// REPLAY_GRACE_SECONDS of its rotation, while its successor is still unused, gets that same
// successor back instead of revoking the family. The successor is derived (HMAC of the spent
// token's hash with the server key), so it is found again without storing any token in clear.
// RFC 9700 §4.14.2 asks that a refresh token used twice reveal a theft: it still does, one step
// later: the family never forks, both holders have the same successor, and whichever uses it
// second (or replays anything after the grace) revokes the family.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/database.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const JWT_ISSUER = 'atelier-portfolio';
export const JWT_AUDIENCE = 'atelier-portfolio-admin';
export const JWT_TYPE = 'at+jwt';
/** Seconds during which a just-rotated refresh token may be replayed for the same successor. */
export const REPLAY_GRACE_SECONDS = 10;

export interface TokenLifetimes {
  /** Seconds an access token (JWT) is accepted. */
  accessSeconds: number;
  /** Seconds a refresh token may be used; each rotation starts a new one. */
  refreshSeconds: number;
}

export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = {
  accessSeconds: ACCESS_TOKEN_SECONDS,
  refreshSeconds: REFRESH_TOKEN_SECONDS,
};

export interface TokenPair {
  Token: string;
  RefreshToken: string;
}

export type RefreshOutcome =
  | { ok: true; userId: number; tokens: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface Sessions {
  /** Signs in: a new refresh-token family and an access token (`executor`: the sign-in's transaction). */
  open(userId: number, executor?: Db): Promise<TokenPair>;
  /** The user id of a valid access token, or null. */
  verifyAccess(token: string): Promise<number | null>;
  rotate(refreshToken: string): Promise<RefreshOutcome>;
  /** Revokes the family of this refresh token (logout; `executor`: its transaction). Unknown tokens are ignored. */
  revokeFamily(refreshToken: string, executor?: Db): Promise<void>;
  /** Revokes every refresh token of a user (password change). */
  revokeUser(userId: number, db?: Db): Promise<void>;
}

/** Ends every session of a user (a new password, a removed administrator). */
export async function revokeUserSessions(db: Db, userId: number, atSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: atSeconds })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function createSessions(
  db: Db,
  secret: Uint8Array,
  now: () => number = () => Date.now(),
  lifetimes: TokenLifetimes = DEFAULT_TOKEN_LIFETIMES,
): Sessions {
  const seconds = () => Math.floor(now() / 1000);

  const accessToken = (userId: number, family: string): Promise<string> =>
    new SignJWT({ sid: family })
      .setProtectedHeader({ alg: 'HS256', typ: JWT_TYPE })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setSubject(String(userId))
      .setIssuedAt(seconds())
      .setExpirationTime(seconds() + lifetimes.accessSeconds)
      .setJti(randomUUID())
      .sign(secret);

  /** The refresh token that follows `tokenHash`: the same every time it is asked for. */
  const successorOf = (tokenHash: string): string => createHmac('sha256', secret).update(`successor:${tokenHash}`).digest('base64url');

  const insertRefresh = async (executor: Db, userId: number, family: string, token = randomBytes(32).toString('base64url')): Promise<string> => {
    await executor
      .insertInto('refresh_token')
      .values({
        user_id: userId,
        family,
        token_hash: sha256(token),
        created_at: seconds(),
        expires_at: seconds() + lifetimes.refreshSeconds,
        used_at: null,
        revoked_at: null,
      })
      .execute();
    return token;
  };

  /** Ends the session `family`: its refresh tokens still live are revoked. */
  const endFamily = async (executor: Db, family: string): Promise<void> => {
    await executor
      .updateTable('refresh_token')
      .set({ revoked_at: seconds() })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
  };

  return {
    async open(userId, executor = db) {
      const family = randomUUID();
      const RefreshToken = await insertRefresh(executor, userId, family);
      return { Token: await accessToken(userId, family), RefreshToken };
    },

    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          typ: JWT_TYPE,
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        // The session is still open: a live refresh token of its family (a deleted user's are
        // gone with it, ON DELETE CASCADE).
        const live = await db
          .selectFrom('refresh_token')
          .select('id')
          .where('family', '=', payload.sid)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .limit(1)
          .executeTakeFirst();
        return live ? userId : null;
      } catch {
        return null;
      }
    },

    async rotate(refreshToken) {
      type Rotated = Exclude<RefreshOutcome, { ok: true }> | (Extract<RefreshOutcome, { ok: true }> & { family: string });
      const outcome = await db.transaction().execute(async (trx): Promise<Rotated> => {
        const row = await trx
          .selectFrom('refresh_token')
          .selectAll()
          .where('token_hash', '=', sha256(refreshToken))
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
        if (row.used_at !== null && seconds() - row.used_at <= REPLAY_GRACE_SECONDS) {
          // Another tab renewed with this token a moment ago: the same successor, if still unused.
          const successor = successorOf(row.token_hash);
          const next = await trx
            .selectFrom('refresh_token')
            .select(['used_at', 'revoked_at'])
            .where('token_hash', '=', sha256(successor))
            .executeTakeFirst();
          if (next && next.used_at === null && next.revoked_at === null) {
            return { ok: true, userId: row.user_id, family: row.family, tokens: { Token: '', RefreshToken: successor } };
          }
        }
        if (row.used_at !== null) {
          // A rotated token came back: someone holds a copy. End the whole session.
          await endFamily(trx, row.family);
          return { ok: false, reason: 'reused' };
        }
        if (row.expires_at <= seconds()) return { ok: false, reason: 'expired' };
        await trx.updateTable('refresh_token').set({ used_at: seconds() }).where('id', '=', row.id).execute();
        const RefreshToken = await insertRefresh(trx, row.user_id, row.family, successorOf(row.token_hash));
        return { ok: true, userId: row.user_id, family: row.family, tokens: { Token: '', RefreshToken } };
      });
      if (!outcome.ok) return outcome;
      const { family, ...rest } = outcome;
      return { ...rest, tokens: { ...outcome.tokens, Token: await accessToken(outcome.userId, family) } };
    },

    async revokeFamily(refreshToken, executor = db) {
      const row = await executor
        .selectFrom('refresh_token')
        .select('family')
        .where('token_hash', '=', sha256(refreshToken))
        .executeTakeFirst();
      if (row) await endFamily(executor, row.family);
    },

    revokeUser: (userId, executor = db) => revokeUserSessions(executor, userId, seconds()),
  };
}
