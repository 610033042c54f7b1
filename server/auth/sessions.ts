// Access tokens (JWT HS256, 15 minutes by default) and opaque refresh tokens (256 random bits,
// stored as a SHA-256, 30 days by default, rotated on every use; a rotated token presented again
// revokes its family). Both lifetimes come from the config (ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/database.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;
export const JWT_ISSUER = 'atelier-portfolio';
export const JWT_AUDIENCE = 'atelier-portfolio-admin';
export const JWT_TYPE = 'at+jwt';

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
  /** Signs in: a new refresh-token family and an access token. */
  open(userId: number): Promise<TokenPair>;
  /** The user id of a valid access token, or null. */
  verifyAccess(token: string): Promise<number | null>;
  rotate(refreshToken: string): Promise<RefreshOutcome>;
  /** Revokes the family of this refresh token (logout). Unknown tokens are ignored. */
  revokeFamily(refreshToken: string): Promise<void>;
  /** Revokes every refresh token of a user (password change). */
  revokeUser(userId: number, db?: Db): Promise<void>;
}

export function createSessions(
  db: Db,
  secret: Uint8Array,
  now: () => number = () => Date.now(),
  lifetimes: TokenLifetimes = DEFAULT_TOKEN_LIFETIMES,
): Sessions {
  const seconds = () => Math.floor(now() / 1000);

  const accessToken = (userId: number): Promise<string> =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: JWT_TYPE })
      .setIssuer(JWT_ISSUER)
      .setAudience(JWT_AUDIENCE)
      .setSubject(String(userId))
      .setIssuedAt(seconds())
      .setExpirationTime(seconds() + lifetimes.accessSeconds)
      .setJti(randomUUID())
      .sign(secret);

  const insertRefresh = async (executor: Db, userId: number, family: string): Promise<string> => {
    const token = randomBytes(32).toString('base64url');
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

  return {
    async open(userId) {
      const RefreshToken = await insertRefresh(db, userId, randomUUID());
      return { Token: await accessToken(userId), RefreshToken };
    },

    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          typ: JWT_TYPE,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0) return null;
        // A deleted administrator's token stops working at once.
        const user = await db.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst();
        return user ? userId : null;
      } catch {
        return null;
      }
    },

    async rotate(refreshToken) {
      const outcome = await db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        const row = await trx
          .selectFrom('refresh_token')
          .selectAll()
          .where('token_hash', '=', sha256(refreshToken))
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
        if (row.used_at !== null) {
          // A rotated token came back: someone holds a copy. End the whole session.
          await trx
            .updateTable('refresh_token')
            .set({ revoked_at: seconds() })
            .where('family', '=', row.family)
            .where('revoked_at', 'is', null)
            .execute();
          return { ok: false, reason: 'reused' };
        }
        if (row.expires_at <= seconds()) return { ok: false, reason: 'expired' };
        await trx.updateTable('refresh_token').set({ used_at: seconds() }).where('id', '=', row.id).execute();
        const RefreshToken = await insertRefresh(trx, row.user_id, row.family);
        return { ok: true, userId: row.user_id, tokens: { Token: '', RefreshToken } };
      });
      if (!outcome.ok) return outcome;
      return { ...outcome, tokens: { ...outcome.tokens, Token: await accessToken(outcome.userId) } };
    },

    async revokeFamily(refreshToken) {
      const row = await db
        .selectFrom('refresh_token')
        .select('family')
        .where('token_hash', '=', sha256(refreshToken))
        .executeTakeFirst();
      if (!row) return;
      await db
        .updateTable('refresh_token')
        .set({ revoked_at: seconds() })
        .where('family', '=', row.family)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeUser(userId, executor = db) {
      await executor
        .updateTable('refresh_token')
        .set({ revoked_at: seconds() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
