// Tag "user": administrators. Passwords arrive as the MD5 hex the client computes; only a scrypt
// hash of it is stored, and Pwd is always sent back empty.
import { hashPassword } from './passwords.ts';
import * as users from './user.repository.ts';
import { ApiError, ok, refuse, type TagModule } from '../http/operations.ts';
import { messages } from '../domain/messages.ts';

export const userRoutes: TagModule<'getUsers' | 'addUser' | 'updateUser' | 'deleteUser'> = {
  tag: 'user',
  handlers: {
    async getUsers(_arg, { services: { db } }) {
      return users.listUsers(db);
    },

    async addUser({ userInput: u }, { services: { db, passwordCost } }) {
      // Hash outside the transaction: scrypt takes a while and must not hold the database.
      const hash = await hashPassword(u.Pwd, passwordCost);
      return db.transaction().execute(async (trx) => {
        if (await users.emailTaken(trx, u.Email)) return refuse(messages.user.duplicate(u.Email));
        await users.insertUser(trx, u.Email, hash);
        return ok();
      });
    },

    async updateUser({ id, userInput: u }, { services: { db, passwordCost, sessions } }) {
      if (u.Id !== id) return refuse(messages.idMismatch(u.Id, id));
      if (!(await users.userExists(db, id))) throw new ApiError(404, messages.notFound.user(id));
      const hash = await hashPassword(u.Pwd, passwordCost);
      return db.transaction().execute(async (trx) => {
        if (!(await users.userExists(trx, id))) throw new ApiError(404, messages.notFound.user(id));
        if (await users.emailTaken(trx, u.Email, id)) return refuse(messages.user.duplicate(u.Email));
        await users.updateUser(trx, id, { email: u.Email, passwordHash: hash });
        // A new password ends every session of that user.
        await sessions.revokeUser(id, trx);
        return ok();
      });
    },

    async deleteUser({ id }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (!(await users.userExists(trx, id))) throw new ApiError(404, messages.notFound.user(id));
        if ((await users.countUsers(trx)) <= 1) return refuse(messages.user.lastAdmin);
        await users.deleteUser(trx, id);
        return ok();
      });
    },
  },
};
