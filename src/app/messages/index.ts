// The one catalogue of user-facing text (French). Components read text from here only, so a
// second language can be added later without touching them. One file per area of the site.
import { admin } from './admin';
import { common } from './common';
import { site } from './site';

export const messages = { common, site, admin } as const;
export type Messages = typeof messages;
