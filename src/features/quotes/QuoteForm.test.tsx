// The quote request form on /contact against the real API server: French messages under each
// field, the server's refusals shown where they belong, and a request that is sent, confirmed
// and stored (issue 17).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { startApiServer, type ApiServer } from '../../test/apiServer';
import type { QuoteInbox } from '../../api/api.enhanced';

jest.setTimeout(30_000);

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
}, 30_000);
afterAll(() => api.close());

const form = () => screen.getByRole('region', { name: 'Demander une soumission' });
const field = (name: RegExp | string) => within(form()).getByLabelText(name);
/** The French message under a field (aria-describedby). */
const messageOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((node) => node?.className === 'quote-error')
    .map((node) => node?.textContent)
    .join(' ');

async function ready() {
  const view = renderWithProviders(null, { route: '/contact', apiOrigin: api.origin });
  // The form's token and the categories come from the server.
  await waitFor(() => expect(within(form()).getByRole('option', { name: 'Terrasses' })).toBeInTheDocument());
  return view;
}

test('a form sent empty says in French what each field needs, and sends nothing', async () => {
  await ready();
  const user = userEvent.setup();
  await user.click(within(form()).getByRole('button', { name: 'Envoyer ma demande' }));
  expect(await within(form()).findByRole('alert')).toHaveTextContent('Corrigez les champs signalés, puis envoyez de nouveau.');
  expect(messageOf(field('Nom *'))).toBe('Indiquez votre nom (100 caractères au plus).');
  expect(messageOf(field('Courriel'))).toBe('Indiquez un courriel ou un numéro de téléphone pour que nous puissions vous répondre.');
  expect(messageOf(field('Votre projet *'))).toBe('Décrivez votre projet en 20 à 2 000 caractères.');
  expect(messageOf(field(/J’accepte que ces renseignements/))).toBe('Cochez la case de consentement pour envoyer votre demande.');
  expect(field('Nom *')).toHaveFocus();
  expect(field('Nom *')).toHaveAttribute('aria-invalid', 'true');

  await user.type(field('Courriel'), 'julie@exemple');
  await user.type(field('Téléphone'), '555-01');
  await user.type(field('Votre projet *'), 'Trop court.');
  await user.click(within(form()).getByRole('button', { name: 'Envoyer ma demande' }));
  expect(messageOf(field('Courriel'))).toBe('Adresse courriel invalide (exemple : nom@domaine.ca).');
  expect(messageOf(field('Téléphone'))).toBe('Numéro de téléphone invalide : de 10 à 15 chiffres (exemple : 819 555-0142).');
  expect(within(form()).getByText('11 / 2 000 caractères (20 au moins)')).toBeInTheDocument();
});

test('photos: more than five, or a file that is no photo, are refused before sending', async () => {
  await ready();
  // A person may switch the file dialog to « All files »: the accept attribute is only a hint.
  const user = userEvent.setup({ applyAccept: false });
  const photos = field('Photos de l’espace (facultatif)') as HTMLInputElement;
  await user.upload(photos, Array.from({ length: 6 }, (_, i) => new File(['x'], `p${i}.jpg`, { type: 'image/jpeg' })));
  expect(messageOf(photos)).toBe('Cinq photos au plus.');
  await user.upload(photos, [new File(['%PDF'], 'devis.pdf', { type: 'application/pdf' })]);
  expect(messageOf(photos)).toBe('devis.pdf : format non pris en charge (JPEG, PNG, WebP, AVIF ou GIF).');
});

test('sent too soon after the page opened: the server’s French refusal, nothing lost; later, sent and confirmed', async () => {
  const { store } = await ready();
  const user = userEvent.setup();
  await user.type(field('Nom *'), 'Marie <script>alert(1)</script> Roy');
  await user.type(field('Téléphone'), '819 555-0123');
  await user.type(field('Ville'), 'Chelsea');
  await user.selectOptions(field('Type de travaux'), 'Terrasses');
  await user.type(field('Votre projet *'), 'Une terrasse de 10 par 12 pieds, en cèdre, cet été.');
  await user.click(field(/J’accepte que ces renseignements/));
  // Sent at the moment the form was shown, by the server's clock (typing above takes real time,
  // seconds on a loaded machine: the clock is set back to the token's moment, not left to it).
  const token = () => (form().querySelector('input[name="Token"]') as HTMLInputElement).value;
  const given = token();
  const shown = Number(given.split('.')[0]);
  await api.setClock(shown);
  await user.click(within(form()).getByRole('button', { name: 'Envoyer ma demande' }));
  expect(await within(form()).findByText(/^Envoi trop rapide/)).toBeInTheDocument();
  expect(field('Nom *')).toHaveValue('Marie <script>alert(1)</script> Roy');
  // The token stays, neither fetched again nor replaced: a new one would start the 3 seconds again.
  const formQueries = Object.values(store.getState().api.queries).filter((query) => query?.endpointName === 'getQuoteForm');
  expect(formQueries.map((query) => query?.status)).toEqual(['fulfilled']);
  expect(token()).toBe(given);

  // Three seconds later (the server's clock moves; nothing waits), the same form is accepted.
  await api.setClock(shown + 3_100);
  await user.click(within(form()).getByRole('button', { name: 'Envoyer ma demande' }));
  const confirmation = await screen.findByRole('heading', { name: 'Demande envoyée' }, { timeout: 10_000 });
  const box = confirmation.closest('div') as HTMLElement;
  expect(box).toHaveFocus();
  // What happens next: the server's answer, then the form's own words.
  expect(within(box).getByText(/^Merci ! Votre demande est bien reçue\. Nous vous répondrons d’ici deux jours ouvrables/)).toBeInTheDocument();
  expect(within(box).getByText(/Pour une urgence, appelez-nous\.$/)).toBeInTheDocument();

  const { Token } = await api.login();
  const inbox = await api.get<QuoteInbox>('/api/quote/all/', Token);
  expect(inbox.Quotes.map((q) => [q.Name, q.City, q.Work])).toEqual([['Marie <script>alert(1)</script> Roy', 'Chelsea', 'Terrasses']]);
});

test('the consent line links to the privacy page, which states the retention period and what the visit statistics keep', async () => {
  await ready();
  const user = userEvent.setup();
  expect(within(form()).getByText(/conservés 365 jours, puis effacés/)).toBeInTheDocument();
  await user.click(within(form()).getByRole('link', { name: 'Politique de confidentialité' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeInTheDocument();
  expect(await screen.findByText(/Les demandes sont conservées 365 jours, puis effacées automatiquement/)).toBeInTheDocument();
  // Issue 30: what the visit statistics count, no cookie, how long (the server's STATS_RETENTION_DAYS), nothing leaves the server.
  expect(screen.getByRole('heading', { level: 2, name: 'Statistiques de visite' })).toBeInTheDocument();
  const stats = screen.getByText(/le site compte lui-même les pages vues/);
  expect(stats).toHaveTextContent(/aucun témoin \(cookie\), aucun stockage/);
  expect(stats).toHaveTextContent(/effacé après 395 jours/);
  expect(stats).toHaveTextContent(/ne sont transmises à personne/);
});

test('without JavaScript the same form posts to the server, which answers a page', async () => {
  await ready();
  const element = form().querySelector('form') as HTMLFormElement;
  expect([element.getAttribute('action'), element.getAttribute('method'), element.getAttribute('enctype')]).toEqual(['/api/quote', 'post', 'multipart/form-data']);
  const names = Array.from(element.elements).map((e) => (e as HTMLInputElement).name).filter(Boolean);
  // The photos last: the server checks the fields and the token before it writes a photo (issue 34).
  expect(names).toEqual(['Name', 'Email', 'Phone', 'City', 'Work', 'Message', 'Website', 'Token', 'Consent', 'Photos']);
  expect((element.elements.namedItem('Token') as HTMLInputElement).value).toMatch(/^[0-9]+\./);
});
