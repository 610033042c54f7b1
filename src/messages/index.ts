// The one catalogue of user-facing text (French). Components read text from here only, so a
// second language can be added later without touching them. One file per area of the site.
// Public pages import this module; admin code imports './withAdmin', so the administrator's
// texts travel in the admin chunk, not in every visitor's bundle.
// The English public texts (issue 27) are ./en.ts, of the type `PublicMessages` (every key of
// this catalogue, every function with its signature): components get the catalogue of their
// page's language through src/lib/lang.tsx, never by importing either one.
import { common } from './common';
import { quotes } from './quotes';
import { site } from './site';

export const messages = { common, site, quotes } as const;

/** The shape of a catalogue like `T`: the same keys, functions with the same parameters, any text. */
export type Catalogue<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Catalogue<R>
    : { readonly [K in keyof T]: Catalogue<T[K]> };

/** The public site's texts in one language. */
export type PublicMessages = Catalogue<typeof messages>;
