// Quote requests in the server's tests (jest only: e2e tests import mailCatcher.ts, not this):
// a request sent as the site's form sends it, and an app whose quote e-mails go to a mail catcher.
import type { AppConfig } from '../app.ts';
import { build, XSRF, type TestApp } from './helper.ts';
import { quoteForm, startMailCatcher, type MailCatcher, type QuotePhoto } from './mailCatcher.ts';

/** Sends a quote request to `t` as the site's form does (JSON answer), from `remoteAddress` when given. */
export function sendQuote(t: TestApp, fields: Record<string, string>, { photos = [], headers = {}, remoteAddress }: { photos?: QuotePhoto[]; headers?: Record<string, string>; remoteAddress?: string } = {}) {
  const form = quoteForm(fields, photos);
  return t.app.inject({
    method: 'POST',
    url: '/api/quote',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, accept: 'application/json', 'content-type': form.contentType, ...headers },
    payload: form.payload,
  });
}

/** An app whose quote e-mails go to a mail catcher started with it, its administrator signed in; `close` stops both. */
export async function buildWithMail(config: (smtpUrl: string) => Partial<AppConfig>): Promise<{ t: TestApp; smtp: MailCatcher; token: string; close: () => Promise<void> }> {
  const smtp = await startMailCatcher();
  const t = await build({ config: config(smtp.url) });
  const token = (await t.login()).Token;
  return { t, smtp, token, close: async () => (await t.close(), await smtp.close()) };
}
