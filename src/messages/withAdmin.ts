// The catalogue with the administrator area's texts, for code under src/features/admin only.
import { admin } from './admin';
import { adminQuotes } from './adminQuotes';
import { adminSafety } from './adminSafety';
import { adminStats } from './adminStats';
import { messages as publicMessages } from './index';

export const messages = { ...publicMessages, admin: { ...admin, quotes: adminQuotes, safety: adminSafety, stats: adminStats } } as const;
