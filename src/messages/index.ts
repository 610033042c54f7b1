// The one catalogue of user-facing text (French). Components read text from here only, so a
// second language can be added later without touching them. One file per area of the site.
// Public pages import this module; admin code imports './withAdmin', so the administrator's
// texts travel in the admin chunk, not in every visitor's bundle.
import { common } from './common';
import { quotes } from './quotes';
import { site } from './site';

export const messages = { common, site, quotes } as const;
