// « Témoignages » (/admin/testimonials, issue 31) and the licence and hours of « Paramètres du
// site », through the screens, against the real API server: the admin menu's link, the consent
// rule (« Publié » needs the box, said at once), plain text only, the month's form, a testimonial
// about a project read back from the server with its consent date; the licence and hours'
// messages, and a licence typed without dashes saved as 1234-5678-90.
import { screen, within } from '@testing-library/react';
import type { SiteSettings, TestimonialView } from '../../../api/adminApi';
import { renderSignedIn } from '../../../test/render';
import { startApiServerSignedIn, type ApiServer } from '../../../test/apiServer';

let server: ApiServer;
let token: string;
beforeAll(async () => ({ server, token } = await startApiServerSignedIn()));
afterAll(() => server.close());

const button = (name: string) => screen.getByRole('button', { name });
const field = (label: string) => screen.getByLabelText(label);

test('the admin menu leads to « Témoignages »; a new one is published only with the client’s consent, and stored with its date', async () => {
  const { user } = await renderSignedIn(server, '/admin');
  await user.click(await screen.findByRole('link', { name: 'Témoignages' }));
  await screen.findByText(/^Témoignage: 1 de : 4$/);
  await user.click(button('Nouveau'));
  await user.type(field('Témoignage (les mots du client)'), 'Un escalier <b>superbe</b>');
  await user.tab();
  expect(await screen.findByText(/^Texte simple seulement/)).toBeInTheDocument();
  await user.clear(field('Témoignage (les mots du client)'));
  await user.type(field('Témoignage (les mots du client)'), 'Un escalier superbe, posé en deux jours.');
  await user.type(field('Nom du client'), 'Luc P.');
  await user.type(field('Ville ou secteur'), 'Wakefield');
  await user.type(field('Mois des travaux'), '2025/06');
  await user.tab();
  expect(await screen.findByText(/^Mois invalide/)).toBeInTheDocument();
  await user.clear(field('Mois des travaux'));
  await user.type(field('Mois des travaux'), '2025-06');
  await user.selectOptions(field('Projet concerné (facultatif)'), 'Terrasse en cèdre sur deux niveaux');
  await user.click(field('Publié'));
  expect(await screen.findByText(/^Cochez « Le client a accepté que ce témoignage soit publié »/)).toBeInTheDocument();
  expect(button('Ajouter')).toBeDisabled();
  await user.click(field('Le client a accepté que ce témoignage soit publié'));
  expect(screen.queryByText(/^Cochez « Le client a accepté/)).not.toBeInTheDocument();
  await user.click(button('Ajouter'));
  await screen.findByText('Opération effectuée avec succès');
  await screen.findByText(/^Témoignage: 5 de : 5$/);
  // « Non traduit »: its English text is not written yet.
  expect(screen.getByText('Non traduit')).toBeInTheDocument();

  const stored = (await server.get<TestimonialView[]>('/api/testimonial/all/', token)).at(-1);
  const projects = await server.get<Array<{ Id: number; Name: string }>>('/api/project/all/');
  expect(stored).toMatchObject({
    Text: 'Un escalier superbe, posé en deux jours.',
    ClientName: 'Luc P.',
    Place: 'Wakefield',
    Month: '2025-06',
    ProjectId: projects.find((p) => p.Name === 'Terrasse en cèdre sur deux niveaux')?.Id,
    Published: true,
    Consent: true,
  });
  expect(typeof stored?.ConsentAt).toBe('number');
});

test('« Paramètres du site »: the licence and the hours, their messages, and the licence saved as 1234-5678-90', async () => {
  const { user } = await renderSignedIn(server, '/admin/site');
  const licence = await screen.findByLabelText('Licence RBQ');
  expect(licence).toHaveValue('5678-1234-01');
  await user.clear(licence);
  await user.type(licence, '12345');
  await user.tab();
  expect(await screen.findByText(/^Licence RBQ invalide/)).toBeInTheDocument();
  await user.clear(licence);
  await user.type(licence, '1234567890');

  const monday = screen.getByRole('group', { name: 'Lundi' });
  const close = within(monday).getByLabelText('Lundi : fermeture 1');
  await user.clear(close);
  await user.type(close, '06:00');
  await user.tab();
  expect(await within(monday).findByText('La fermeture doit venir après l’ouverture')).toBeInTheDocument();
  await user.clear(close);
  await user.type(close, '16:00');
  const sunday = screen.getByRole('group', { name: 'Dimanche' });
  await user.click(within(sunday).getByRole('button', { name: 'Ajouter une plage (Dimanche)' }));
  await user.type(within(sunday).getByLabelText('Dimanche : ouverture 1'), '10:00');
  await user.type(within(sunday).getByLabelText('Dimanche : fermeture 1'), '12:00');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await screen.findByText('Opération effectuée avec succès');
  const site = await server.get<SiteSettings>('/api/site');
  expect(site.RbqLicence).toBe('1234-5678-90');
  expect(site.Hours?.[0]).toEqual([{ Open: '07:30', Close: '16:00' }]);
  expect(site.Hours?.[6]).toEqual([{ Open: '10:00', Close: '12:00' }]);
});
