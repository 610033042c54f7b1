// The HTML page that answers a quote request sent without JavaScript (a plain form POST), in the
// form's language: the confirmation, or why it was refused. Self-contained (the site's stylesheet
// is hashed), no script and no style (the Content-Security-Policy allows neither inline), the
// visitor's text never echoed.
import { inLang, paths, type Lang } from '../../contract/paths.ts';
import { quoteAnswers } from '../domain/messages.en.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** `business`: the name of the site's settings. */
export function quotePage(sent: boolean, message: string, business: string, lang: Lang): string {
  const t = quoteAnswers[lang].page;
  const title = sent ? t.sent : t.notSent;
  const next = sent
    ? `<p><a href="${inLang(paths.welcome.href(), lang)}">${t.home}</a></p>`
    : `<p>${t.back} <a href="${inLang(paths.contact.href(), lang)}">${t.reopen}</a> ${t.orCall}</p>`;
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title} — ${escapeHtml(business)}</title></head>` +
    `<body><main><h1>${title}</h1><p role="status">${escapeHtml(message)}</p>${next}</main></body></html>`
  );
}
