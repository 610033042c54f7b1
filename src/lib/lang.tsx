// The page's language (issue 27), from its URL alone (contract/paths.ts: /en + the French path),
// and what follows from it: the interface texts of that language, links that stay in it, and the
// owner's texts in it. Components get all three here, never by importing a catalogue.
// Each language's catalogue is a chunk of its own, loaded before a page of that language renders
// (src/main.tsx in the browser, src/entry-server.tsx on the server): a page carries the texts of
// its language only (an English page carried the French ones too: 3 KB gzipped, issue 27's
// budget). The page's boot script starts its language's chunk with the application's scripts
// (public/index.html, data-texts), so the browser has it by the time the application asks for it.
import { useLocation } from 'react-router';
import { inLang, langOfPath, langTags, type Lang } from '../../contract/paths';
import type { PublicMessages } from '../messages';
import { paragraphs } from './site';

const catalogues: Partial<Record<Lang, PublicMessages>> = {};

/** Loads the catalogue of `lang` (its chunk, once); resolves when messagesOf(lang) may be called. */
export async function loadMessages(lang: Lang): Promise<PublicMessages> {
  if (lang === 'en') catalogues.en ??= (await import(/* webpackChunkName: "en" */ '../messages/en')).en;
  else catalogues.fr ??= (await import(/* webpackChunkName: "fr" */ '../messages')).messages;
  return messagesOf(lang);
}

/** The catalogue of `lang`, loaded before (loadMessages). */
export function messagesOf(lang: Lang): PublicMessages {
  const catalogue = catalogues[lang];
  if (!catalogue) throw new Error(`The ${lang} messages are not loaded: await loadMessages('${lang}') before rendering`);
  return catalogue;
}

export interface PageLang {
  lang: Lang;
  /** The interface texts of the page's language. */
  t: PublicMessages;
  /** A French href (paths.*.href()) in the page's language. */
  to: (href: string) => string;
}

/** The language of the page shown, its texts and its links. */
export function useLang(): PageLang {
  const lang = langOfPath(useLocation().pathname);
  return { lang, t: messagesOf(lang), to: (href) => inLang(href, lang) };
}

/** An owner's text as a page shows it: `lang` is set when the French text stands in for a missing English one. */
export interface OwnText {
  text: string;
  lang?: string;
}

const given = (text: unknown): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * The owner's text in `lang`: on an English page its English version, or when that is '' (not
 * translated) or absent, the French text marked lang="fr-CA"; on a French page the French text.
 */
export function ownText(lang: Lang, french: string, english: unknown): OwnText {
  if (lang === 'fr') return { text: french };
  return given(english) ? { text: english } : { text: french, lang: langTags.fr };
}

/** An owner's list (the footer's services): on an English page the English list when it has an item, else the French one, marked. */
export function ownList(lang: Lang, french: string[], english: string[] | undefined): { items: string[]; lang?: string } {
  if (lang === 'fr') return { items: french };
  return english && english.length > 0 ? { items: english } : { items: french, lang: langTags.fr };
}

/** A record has its English page when its English name is given (a category, a project type, a project). */
export const isTranslated = (record: { En?: { Name?: unknown } }) => given(record.En?.Name);

/** Marks the splitting point of a sentence around an owner's text (below). */
const SLOT = '\u0000';

/**
 * An owner's text where no element of its own holds it: wrapped in a span only when it is marked.
 * `within`: the interface's sentence around it (« Autres projets : {name} »), the mark on the name only.
 */
export function Own({ text, within }: { text: OwnText; within?: (text: string) => string }) {
  if (!text.lang) return <>{within ? within(text.text) : text.text}</>;
  const own = <span lang={text.lang}>{text.text}</span>;
  if (!within) return own;
  const [before = '', after = ''] = within(SLOT).split(SLOT);
  return (
    <>
      {before}
      {own}
      {after}
    </>
  );
}

/** An owner's text of several lines as paragraphs, each marked like the text (ownText). */
export function OwnParagraphs({ text, className }: { text: OwnText; className?: string }) {
  return paragraphs(text.text).map((paragraph, index) => (
    <p key={index} className={className} lang={text.lang}>
      {paragraph}
    </p>
  ));
}
