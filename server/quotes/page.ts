// The French HTML page that answers a quote request sent without JavaScript (a plain form POST):
// the confirmation, or why it was refused. Self-contained (the site's stylesheet is hashed), no
// script and no style (the Content-Security-Policy allows neither inline), the visitor's text
// never echoed.
import { paths } from '../../contract/paths.ts';
import { messages } from '../domain/messages.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** `business`: the name of the site's settings. */
export function quotePage(sent: boolean, message: string, business: string): string {
  const t = messages.quote.page;
  const title = sent ? t.sent : t.notSent;
  const next = sent ? `<p><a href="${paths.welcome.href()}">${t.home}</a></p>` : `<p>${t.back} <a href="${paths.contact.href()}">${t.reopen}</a> ${t.orCall}</p>`;
  return (
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title} — ${escapeHtml(business)}</title></head>` +
    `<body><main><h1>${title}</h1><p role="status">${escapeHtml(message)}</p>${next}</main></body></html>`
  );
}
