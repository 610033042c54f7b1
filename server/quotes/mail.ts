// The e-mail of a quote request to the owner (issue 17): plain text and HTML with every field
// (the visitor's text escaped in the HTML), the photos attached (their WebP previews, at most
// 1024 px wide), Reply-To set to the visitor, and the Message-ID chosen when the request was
// stored, so that a second copy after a crash is shown once by mail programs.
import { join } from 'node:path';
import type { SiteSettings } from '../../contract/api.ts';
import type { QuotePhotoTable } from '../db/schema.ts';
import { messages } from '../domain/messages.ts';
import type { QuoteRow } from './quote.repository.ts';

export interface MailSettings {
  /** SMTP_URL, e.g. smtp://user:pass@mail.example.ca:587 or smtps://…:465 */
  smtpUrl: string;
  /** MAIL_FROM: the sender the mail server accepts for this site; none: the site's quotes address. */
  from?: string;
}

/** Who sends a request's e-mail and who receives it: the site's quotes address (its settings). */
export interface Envelope {
  from: string;
  to: string;
  /** The business's RBQ licence (issue 31), as shown (1234-5678-90): the e-mail's last line says it; absent or '' - none. */
  licence?: string;
}

/** The envelope from the site's settings, as they are when the mail leaves. */
export const envelopeOf = (mail: MailSettings, site: Pick<SiteSettings, 'BusinessName' | 'QuotesEmail' | 'RbqLicence'>): Envelope => ({
  from: mail.from || `"${site.BusinessName.replace(/["\\\p{Cc}]/gu, '')}" <${site.QuotesEmail}>`,
  to: site.QuotesEmail,
  ...(site.RbqLicence ? { licence: site.RbqLicence } : {}),
});

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** One line for a header: control characters (line breaks…) become spaces. */
const oneLine = (text: string): string => text.replace(/\p{Cc}+/gu, ' ').trim();

const dateFr = (ms: number): string =>
  new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Toronto' }).format(ms);

export interface ComposedMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  messageId: string;
  date: Date;
  text: string;
  html: string;
  attachments: Array<{ filename: string; path: string; contentType: string }>;
}

/** A new Message-ID for a request, on the sender's domain. */
export function newMessageId(from: string, random: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<demande-${random}@${domain}>`;
}

export function composeMail(quote: QuoteRow, photos: QuotePhotoTable[], folderPath: string, settings: Envelope, messageId: string): ComposedMail {
  const t = messages.quote.mail;
  const rows: Array<[string, string]> = [
    [t.name, quote.name],
    [t.email, quote.email || t.none],
    [t.phone, quote.phone || t.none],
    [t.city, quote.city || t.cityUnknown],
    [t.work, quote.work || t.workUnknown],
    [t.received, dateFr(quote.created_at)],
    [t.photos, photos.length === 0 ? t.noPhoto : t.attached(photos.length)],
  ];
  const english = quote.lang === 'en';
  // The owner's e-mail stays French; a request sent from the English form says so first.
  const intro = english ? `${t.english}\n${t.intro(quote.id)}` : t.intro(quote.id);
  const reply = quote.email ? t.reply : t.call;
  // The licence the law wants on every estimate and quote (issue 31), last.
  const licence = settings.licence ? [messages.licence(settings.licence)] : [];
  const text = [intro, '', ...rows.map(([k, v]) => `${k} : ${v}`), '', `${t.message} :`, quote.message, '', reply, ...licence].join('\n');
  const html =
    `<!doctype html><html lang="fr"><body>` +
    (english ? `<p><strong>${escapeHtml(t.english)}</strong></p>` : '') +
    `<p>${escapeHtml(t.intro(quote.id))}</p>` +
    `<table>${rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` +
    `<h2>${t.message}</h2><p style="white-space:pre-wrap">${escapeHtml(quote.message)}</p>` +
    `<p>${escapeHtml(reply)}</p>` +
    licence.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    `</body></html>`;
  return {
    from: settings.from,
    to: settings.to,
    ...(quote.email ? { replyTo: `"${oneLine(quote.name).replace(/["\\]/g, '')}" <${quote.email}>` } : {}),
    subject: oneLine(t.subject(quote.name, quote.work, english)).slice(0, 200),
    messageId,
    date: new Date(quote.created_at),
    text,
    html,
    attachments: photos.map((p) => ({ filename: `photo-${p.number}.webp`, path: join(folderPath, p.preview), contentType: 'image/webp' })),
  };
}
