// Tag "user": administrators. Passwords arrive as the MD5 hex the client computes; only a scrypt
// hash of it is stored, and Pwd is always sent back empty.
import { hashPassword } from '../auth/passwords.ts';
import { toUser, uniqueKey } from '../db/mappers.ts';
import { ApiError, ok, refuse, type TagModule } from '../operations.ts';
import { messages } from '../messages.ts';
import { countUsers, emailTaken, existsById } from '../db/repositories.ts';


export const userRoutes: TagModule<'getUsers' | 'addUser' | 'updateUser' | 'deleteUser'> = {
  tag: 'user',
  handlers: {
    async getUsers(_arg, { services: { db } }) {
      const rows = await db.selectFrom('app_user').select(['id', 'email']).orderBy('id').execute();
      return rows.map(toUser);
    },

    async addUser({ userInput: u }, { services: { db, passwordCost } }) {
      const key = uniqueKey(u.Email);
      // Hash outside the transaction: scrypt takes a while and must not hold the database.
      const hash = await hashPassword(u.Pwd, passwordCost);
      return db.transaction().execute(async (trx) => {
        if (await emailTaken(trx, key)) return refuse(messages.user.duplicate(u.Email));
        await trx
          .insertInto('app_user')
          .values({ email: u.Email, email_key: key, password_hash: hash, created_at: Math.floor(Date.now() / 1000) })
          .execute();
        return ok();
      });
    },

    async updateUser({ id, userInput: u }, { services: { db, passwordCost, sessions } }) {
      if (u.Id !== id) return refuse(messages.idMismatch(u.Id, id));
      const exists = await existsById(db, 'app_user', id);
      if (!exists) throw new ApiError(404, messages.notFound("L'usager", id));
      const key = uniqueKey(u.Email);
      const hash = await hashPassword(u.Pwd, passwordCost);
      return db.transaction().execute(async (trx) => {
        const current = await existsById(trx, 'app_user', id);
        if (!current) throw new ApiError(404, messages.notFound("L'usager", id));
        if (await emailTaken(trx, key, id)) return refuse(messages.user.duplicate(u.Email));
        await trx.updateTable('app_user').set({ email: u.Email, email_key: key, password_hash: hash }).where('id', '=', id).execute();
        // A new password ends every session of that user.
        await sessions.revokeUser(id, trx);
        return ok();
      });
    },

    async deleteUser({ id }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        const current = await existsById(trx, 'app_user', id);
        if (!current) throw new ApiError(404, messages.notFound("L'usager", id));
        if ((await countUsers(trx)) <= 1) return refuse(messages.user.lastAdmin);
        // Its refresh tokens go with it (ON DELETE CASCADE).
        await trx.deleteFrom('app_user').where('id', '=', id).execute();
        return ok();
      });
    },
  },
};
