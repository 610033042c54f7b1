// The catalogue with the administrator area's texts, for code under src/features/admin only.
import { admin } from './admin';
import { adminQuotes } from './adminQuotes';
import { adminSafety } from './adminSafety';
import { adminSecurity } from './adminSecurity';
import { adminStats } from './adminStats';
import { messages as publicMessages } from './index';

export const messages = { ...publicMessages, admin: { ...admin, quotes: adminQuotes, safety: adminSafety, security: adminSecurity, stats: adminStats } } as const;
