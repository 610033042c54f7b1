// The admin inbox « Demandes » against the real API server (issue 17): the unread count in the
// admin menu, a request's fields shown as text (a <script> stays text), its photo read with the
// administrator's token, the e-mail's state when no mail server is configured, marked handled,
// deleted after confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loggedIn, renderWithProviders } from '../../../test/render';
import { startApiServer, type ApiServer } from '../../../test/apiServer';
import { startScriptedServer } from '../../../test/scriptedServer';
import type { Quote, QuoteForm, QuoteInbox } from '../../../api/adminApi';

jest.setTimeout(40_000);

let api: ApiServer;
let token = '';
const XSRF = 'inbox-test-xsrf';

async function sendQuote(fields: Record<string, string>, photo?: Buffer) {
  const form = await api.get<QuoteForm>('/api/quote/form');
  await api.advanceClock(3_100); // a person takes longer than 3 s: the server's clock moves on
  const body = new FormData();
  const all: Record<string, string> = { Email: '', Phone: '', City: '', Work: 'Autre', Consent: 'oui', Website: '', Token: form.Token, ...fields };
  for (const [name, value] of Object.entries(all)) body.append(name, value);
  if (photo) body.append('Photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cuisine.jpg');
  const res = await fetch(`${api.origin}/api/quote`, { method: 'POST', headers: { Cookie: `XSRF-TOKEN=${XSRF}`, 'X-XSRF-TOKEN': XSRF }, body });
  expect(await res.json()).toMatchObject({ Result: true });
}

beforeAll(async () => {
  api = await startApiServer();
  token = (await api.login()).Token;
  await sendQuote({ Name: 'Paul Côté', Email: 'paul@exemple.ca', Message: 'Refaire les armoires de la cuisine, en érable.' }, readFileSync(resolve(process.cwd(), 'server/demo/images/banc-cedre-rouge.jpg')));
  await sendQuote({ Name: '<script>alert("x")</script>', Phone: '819 555-0100', Message: '<img src=x onerror=alert(1)> une vraie demande' });
}, 40_000);
afterAll(() => api.close());

test('the admin menu counts the unread requests', async () => {
  renderWithProviders(null, { route: '/admin', apiOrigin: api.origin, preloadedState: loggedIn(token) });
  expect(await screen.findByRole('link', { name: 'Demandes (2 non lues)' })).toHaveAttribute('href', '/admin/quotes');
});

test('a request opens with its fields as text and its photo, is marked read, then handled, then deleted', async () => {
  const { user } = renderWithProviders(null, { route: '/admin/quotes', apiOrigin: api.origin, preloadedState: loggedIn(token) });
  expect(await screen.findByText(/L’envoi par courriel n’est pas configuré \(SMTP_URL absent\)/)).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Demandes de soumission, les plus récentes d’abord' });
  const items = within(list).getAllByRole('listitem');
  // Newest first; both unread.
  expect(items.map((item) => within(item).getByRole('button').querySelector('.quote-name')?.textContent)).toEqual([
    'Ouvrir la demande de <script>alert("x")</script>',
    'Ouvrir la demande de Paul Côté',
  ]);
  expect(within(list).getAllByText('Nouvelle')).toHaveLength(2);
  expect(document.querySelector('script')).toBeNull();

  await user.click(within(list).getByRole('button', { name: /^Ouvrir la demande de <script>alert\("x"\)<\/script>/ }));
  const detail = await screen.findByRole('article');
  expect(within(detail).getByRole('heading', { name: '<script>alert("x")</script>' })).toBeInTheDocument();
  expect(within(detail).getByText('<img src=x onerror=alert(1)> une vraie demande')).toBeInTheDocument();
  expect(within(detail).queryByRole('img')).toBeNull();
  expect(within(detail).getByRole('link', { name: '819 555-0100' })).toHaveAttribute('href', 'tel:8195550100');
  expect(within(detail).getByText('Pas de courriel : l’envoi n’est pas configuré.')).toBeInTheDocument();
  await waitFor(() => expect(within(list).getAllByText('Nouvelle')).toHaveLength(1)); // opened: read

  await user.click(within(list).getByRole('button', { name: /^Ouvrir la demande de Paul Côté/ }));
  const paul = await screen.findByRole('heading', { name: 'Paul Côté' });
  const article = paul.closest('article') as HTMLElement;
  expect(within(article).getByRole('link', { name: 'Répondre par courriel' })).toHaveAttribute('href', 'mailto:paul@exemple.ca?subject=Votre%20demande%20de%20soumission');
  const photo = await within(article).findByRole('img', { name: 'Photo 1 jointe par Paul Côté' }, { timeout: 10_000 });
  expect(photo.getAttribute('src')).toMatch(/^blob:/);
  // Printed or saved as PDF (issue 31): the business and its RBQ licence (the demo's) head the page.
  await waitFor(() => expect(article.querySelector('.quote-business')?.textContent).toMatch(/^\S.* — Licence RBQ : 5678-1234-01$/));
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  await user.click(within(article).getByRole('button', { name: 'Imprimer' }));
  expect(print).toHaveBeenCalledTimes(1);
  print.mockRestore();

  await user.click(within(article).getByRole('button', { name: 'Marquer comme traitée' }));
  expect(await within(article).findByRole('button', { name: 'Marquer comme non traitée' })).toBeInTheDocument();
  await waitFor(async () => {
    const inbox = await api.get<QuoteInbox>('/api/quote/all/', token);
    expect(inbox.Quotes.find((q) => q.Name === 'Paul Côté')).toMatchObject({ Read: true, Handled: true });
    expect(inbox.Unread).toBe(0);
  });

  const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
  await user.click(within(article).getByRole('button', { name: 'Effacer la demande' }));
  expect(confirm).toHaveBeenCalledWith('Effacer la demande de Paul Côté et ses photos ? Cette action est définitive.');
  expect(screen.getByRole('heading', { name: 'Paul Côté' })).toBeInTheDocument();
  confirm.mockReturnValueOnce(true);
  await user.click(within(article).getByRole('button', { name: 'Effacer la demande' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: /^Ouvrir la demande de Paul Côté/ })).toBeNull());
  expect((await api.get<QuoteInbox>('/api/quote/all/', token)).Quotes.map((q) => q.Name)).toEqual(['<script>alert("x")</script>']);
  confirm.mockRestore();
});

test('a request sent from the English form says « Demande en anglais », in the list and opened; a French one does not', async () => {
  // Scripted answers: requests of both languages side by side (the server's storing of Lang: server/test/quoteEnglish.test.ts).
  const mail = { State: 'off', Attempts: 0, LastError: '', NextAttempt: 0 } as const;
  const quote = (Id: number, Name: string, Lang: 'en' | 'fr'): Quote => ({
    Id, Created: Date.UTC(2026, 4, Id), Name, Lang, Email: 'a@exemple.ca', Phone: '', City: 'Ottawa', Work: 'Autre', Message: 'Bonjour', Read: true, Handled: false, Photos: [], Mail: mail, Journey: [],
  });
  const quotes = [quote(3, 'Jane Smith', 'en'), quote(2, 'Luc Gagnon', 'fr'), quote(1, 'Paul Côté', 'fr')];
  const scripted = await startScriptedServer(({ url }) => {
    if (url === '/api/quote/all/') return { status: 200, body: { Unread: 0, MailEnabled: false, Quotes: quotes.map(({ Email: _e, Phone: _p, Message: _m, Journey: _j, ...q }) => ({ ...q, Photos: 0 })) } };
    const one = quotes.find((q) => url === `/api/quote/${q.Id}`);
    return one ? { status: 200, body: one } : undefined;
  });
  try {
    const { user } = renderWithProviders(null, { route: '/admin/quotes', apiOrigin: scripted.origin, preloadedState: loggedIn(token) });
    const list = await screen.findByRole('list', { name: 'Demandes de soumission, les plus récentes d’abord' });
    const item = (name: string) => within(list).getByRole('button', { name: new RegExp(`^Ouvrir la demande de ${name}`) });
    expect(within(item('Jane Smith')).getByText('Demande en anglais')).toBeInTheDocument();
    expect(within(item('Luc Gagnon')).queryByText('Demande en anglais')).not.toBeInTheDocument();
    expect(within(item('Paul Côté')).queryByText('Demande en anglais')).not.toBeInTheDocument();

    await user.click(item('Jane Smith'));
    const detail = await screen.findByRole('article');
    expect(within(detail).getByRole('heading', { name: 'Jane Smith' })).toBeInTheDocument();
    expect(within(detail).getByText('Demande en anglais')).toBeInTheDocument();
    await user.click(item('Paul Côté'));
    expect(await screen.findByRole('heading', { name: 'Paul Côté' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).queryByText('Demande en anglais')).not.toBeInTheDocument();
  } finally {
    await scripted.close();
  }
});
