// Tag "user": administrators.
import type { TagModule } from '../http/operations.ts';
import * as service from './user.service.ts';
import { actorOf } from './actor.ts';

export const userRoutes: TagModule<'getUsers' | 'addUser' | 'updateUser' | 'deleteUser'> = {
  tag: 'user',
  handlers: {
    getUsers: async (_arg, { services: { db } }) => service.listUsers(db),
    addUser: async ({ userInput }, { services: { db, passwordCost }, journal }) => service.addUser(db, passwordCost, userInput, journal),
    updateUser: async ({ id, userInput }, { services: { db, passwordCost, sessions }, journal }) =>
      service.updateUser(db, passwordCost, sessions, id, userInput, journal),
    deleteUser: async ({ id }, { services: { db, now }, userId }) => service.deleteUser(db, id, await actorOf(db, userId, now())),
  },
};
