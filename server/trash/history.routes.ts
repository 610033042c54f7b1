// Tag "history" (issue 28): the versions a record's updates replaced.
import type { TagModule } from '../http/operations.ts';
import * as history from './history.service.ts';

export const historyRoutes: TagModule<'getHistory' | 'restoreVersion'> = {
  tag: 'history',
  handlers: {
    getHistory: async ({ kind, recordId }, { services: { db } }) => history.listVersions(db, kind, recordId),
    restoreVersion: async ({ kind, recordId, version }, { services: { db, now } }) => history.restoreVersion(db, kind, recordId, version, new Date(now()).getFullYear()),
  },
};
