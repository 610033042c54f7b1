// Tag "journal" (issue 28): the log of writes, read by an administrator.
import type { TagModule } from '../http/operations.ts';
import { readJournal } from './journal.service.ts';

export const journalRoutes: TagModule<'getJournal'> = {
  tag: 'journal',
  handlers: {
    getJournal: async ({ by, kind, from, to, page }, { services: { db } }) => readJournal(db, { by, kind, from, to, page }),
  },
};
