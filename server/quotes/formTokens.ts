// Quote form tokens are single-use (issue 34): a token's nonce is remembered once a request has
// used it, until the token would have expired anyway, in the database (table quote_token_used), so
// that every server process refuses it. Used means: its request passed every rule of its text
// fields; a request then refused for a photo gives its token back (the visitor may choose another
// photo and send the same form again).
import type { Db } from '../db/database.ts';

export interface FormTokens {
  /** Marks the nonce used; false when it was already (by this process or another). */
  claim(nonce: string, expiresAt: number): Promise<boolean>;
  /** Gives a claimed nonce back. */
  release(nonce: string): Promise<void>;
  /** Forgets the nonces of expired tokens; returns how many. */
  purge(now: number): Promise<number>;
}

export function createFormTokens(db: Db): FormTokens {
  return {
    async claim(nonce, expiresAt) {
      // ON CONFLICT DO NOTHING on both dialects: the second claim of a nonce inserts no row.
      const result = await db.insertInto('quote_token_used').values({ nonce, expires_at: expiresAt }).onConflict((oc) => oc.column('nonce').doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async release(nonce) {
      await db.deleteFrom('quote_token_used').where('nonce', '=', nonce).execute();
    },
    async purge(now) {
      const result = await db.deleteFrom('quote_token_used').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
