import type { Lang } from '../../../contract/paths';

/** GET /api/quote/form of a page in `lang` (the French one asks as it always did: no parameter). */
export const quoteFormArg = (lang: Lang) => (lang === 'en' ? { lang } : {});
