// Tag "history" (issue 28): the versions a record's updates replaced.
import type { TagModule } from '../http/operations.ts';
import { refuse } from '../domain/results.ts';
import * as history from './history.service.ts';

export const historyRoutes: TagModule<'getHistory' | 'restoreVersion'> = {
  tag: 'history',
  handlers: {
    getHistory: async ({ kind, recordId }, { services: { db } }) => history.listVersions(db, kind, recordId),
    restoreVersion: async () => refuse('La restauration d’une version n’est pas encore possible.'),
  },
};
