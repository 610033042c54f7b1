// « Paramètres du site » and « Menu » in English (issue 27): each translatable text's English
// field right under it, loaded from En (a read without En: all empty), sent as En by every save
// (a change of a French text alone included), checked by the French field's rules with empty
// allowed; the English footer services, a list of their own (none: the French ones are shown).
// The API is scripted and holds what it is sent: the real server stores En only with the
// server's part of issue 27.
import { screen, within } from '@testing-library/react';
import type { Menu, SiteSettings } from '../../../api/adminApi';
import { loggedIn, renderWithProviders } from '../../../test/render';
import { startScriptedServer, type ScriptedServer } from '../../../test/scriptedServer';
import { testSite } from '../../../test/site';

let site: SiteSettings;
let menu: Menu;
let server: ScriptedServer;

beforeAll(async () => {
  server = await startScriptedServer(({ method, url, body }) => {
    if (url === '/api/category/all/' || url === '/api/projecttype/all/' || url === '/api/image/all/') return { status: 200, body: [] };
    if (url === '/api/site' && method === 'GET') return { status: 200, body: site };
    if (url === '/api/menu/all/') return { status: 200, body: menu };
    if (method !== 'PUT') return undefined;
    if (url === '/api/site') site = JSON.parse(body) as SiteSettings;
    if (url === '/api/menu') menu = JSON.parse(body) as Menu;
    return { status: 200, body: { Result: true, Message: '' } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  site = {
    ...testSite,
    En: {
      AreaServed: 'Chelsea and the hills',
      WelcomeTagline: 'Custom stairs and cabinets.',
      WelcomeIntro: '',
      // Fewer than the French cards: the others are not translated.
      Specialties: [{ Title: 'Stairs', Text: 'Straight or winding.' }],
      AboutIntro: '',
      AboutServices: [],
      FooterServices: ['Stairs'],
    },
  };
  menu = {
    Dropdowns: [
      {
        Title: 'Projets extérieurs',
        En: { Title: 'Outdoor projects' },
        Entries: [
          { Label: 'Bancs', Href: '/projecttype/1', En: { Label: 'Benches' } },
          // As today's server answers: no En.
          { Label: 'Potagers', Href: '/typeslist/2' },
        ],
      },
    ],
    Links: [{ Label: 'À propos', Href: '/about', En: { Label: '' } }],
  };
});

async function open(route: string, ready: string) {
  const view = renderWithProviders(null, { route, apiOrigin: server.origin, preloadedState: loggedIn() });
  await screen.findByLabelText(ready);
  return view;
}

const field = (label: string) => screen.getByLabelText(label);
const button = (name: string) => screen.getByRole('button', { name });
/** Each field of these labels shows that value. */
function expectValues(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) expect(field(label)).toHaveValue(value);
}
const success = () => screen.findByText('Opération effectuée avec succès');
/** The body of the last write the API received. */
const lastWrite = () => JSON.parse(server.seen.filter((s) => s.method === 'PUT').at(-1)?.body ?? 'null') as unknown;

describe('« Paramètres du site »', () => {
  test('the English texts are loaded under the French ones; a French change alone sends them all', async () => {
    const { user } = await open('/admin/site', 'Secteur desservi (anglais)');
    expectValues({
      'Secteur desservi': 'Chelsea et les collines',
      'Secteur desservi (anglais)': 'Chelsea and the hills',
      'Slogan (anglais)': 'Custom stairs and cabinets.',
      'Présentation (anglais)': '',
      'Carte 1 : titre (anglais)': 'Stairs',
      'Carte 1 : texte (anglais)': 'Straight or winding.',
      'Carte 3 : titre (anglais)': '',
      'Présentation du propriétaire (anglais)': '',
      'Service 3 : texte (anglais)': '',
    });
    expect(field('Secteur desservi (anglais)')).toHaveAccessibleDescription('Vide : pas encore traduit (le site anglais montre alors le texte français).');
    const footer = screen.getByRole('group', { name: 'Pied de page' });
    expect(within(footer).getByLabelText('Service 1 (anglais)')).toHaveValue('Stairs');

    await user.clear(field('Nom de l’entreprise'));
    await user.type(field('Nom de l’entreprise'), 'Menuiserie Lavoie et fils');
    await user.click(button('Enregistrer'));
    await success();
    const blank = { Title: '', Text: '' };
    expect(lastWrite()).toMatchObject({
      BusinessName: 'Menuiserie Lavoie et fils',
      En: {
        AreaServed: 'Chelsea and the hills',
        WelcomeTagline: 'Custom stairs and cabinets.',
        WelcomeIntro: '',
        Specialties: [{ Title: 'Stairs', Text: 'Straight or winding.' }, blank, blank],
        AboutIntro: '',
        AboutServices: [blank, blank, blank],
        FooterServices: ['Stairs'],
      },
    });
  });

  test('English texts: the French rules and messages, empty allowed; an English footer service left empty is refused', async () => {
    site = { ...testSite }; // a read without En
    const { user } = await open('/admin/site', 'Secteur desservi (anglais)');
    expect(field('Secteur desservi (anglais)')).toHaveValue('');
    await user.type(field('Secteur desservi (anglais)'), 'C');
    await user.type(field('Carte 2 : titre (anglais)'), 'x'.repeat(61));
    await user.click(button('Enregistrer'));
    expect(field('Secteur desservi (anglais)')).toHaveAccessibleDescription(expect.stringContaining('2 charactères minimum'));
    expect(field('Carte 2 : titre (anglais)')).toHaveAccessibleDescription(expect.stringContaining('60 charactères maximum'));
    expect(server.seen.some((s) => s.method === 'PUT')).toBe(false);

    await user.type(field('Secteur desservi (anglais)'), 'helsea');
    await user.clear(field('Carte 2 : titre (anglais)'));
    const footer = screen.getByRole('group', { name: 'Pied de page' });
    // None yet: the English footer shows the French services. Two added, one left empty.
    await user.click(within(footer).getByRole('button', { name: 'Ajouter un service en anglais' }));
    await user.click(within(footer).getByRole('button', { name: 'Ajouter un service en anglais' }));
    await user.type(within(footer).getByLabelText('Service 1 (anglais)'), 'Stairs');
    // An English service left empty is refused, as a French one.
    await user.click(button('Enregistrer'));
    expect(within(footer).getByLabelText('Service 2 (anglais)')).toHaveAccessibleDescription(expect.stringContaining('Champ requis'));
    await user.click(within(footer).getByRole('button', { name: 'Retirer le service 2 (anglais)' }));
    await user.click(button('Enregistrer'));
    await success();
    expect(lastWrite()).toMatchObject({ En: { AreaServed: 'Chelsea', Specialties: [{ Title: '' }, { Title: '' }, { Title: '' }], FooterServices: ['Stairs'] } });
  });

  test('the footer’s English list emptied: the English footer shows the French services', async () => {
    const { user } = await open('/admin/site', 'Secteur desservi (anglais)');
    const footer = screen.getByRole('group', { name: 'Pied de page' });
    await user.click(within(footer).getByRole('button', { name: 'Retirer le service 1 (anglais)' }));
    expect(within(footer).queryByLabelText('Service 1 (anglais)')).not.toBeInTheDocument();
    await user.click(button('Enregistrer'));
    await success();
    expect(lastWrite()).toMatchObject({ En: { FooterServices: [] } });
  });
});

test('« Menu »: the English title and labels under the French ones, loaded and sent on every item', async () => {
  const { user } = await open('/admin/menu', 'Titre du menu 1 (anglais)');
  expect(field('Titre du menu 1 (anglais)')).toHaveValue('Outdoor projects');
  const labels = screen.getAllByLabelText('Libellé (anglais)');
  expect(labels.map((input) => (input as HTMLInputElement).value)).toEqual(['Benches', '', '']);
  expect(labels[0]).toHaveAccessibleDescription('Vide : pas encore traduit (le site anglais montre alors le texte français).');

  await user.type(labels[1] as HTMLElement, 'Vegetable gardens');
  await user.type(labels[2] as HTMLElement, 'About');
  await user.click(button('Enregistrer'));
  await success();
  expect(lastWrite()).toEqual({
    Dropdowns: [
      {
        Title: 'Projets extérieurs',
        En: { Title: 'Outdoor projects' },
        Entries: [
          { Label: 'Bancs', Href: '/projecttype/1', En: { Label: 'Benches' } },
          { Label: 'Potagers', Href: '/typeslist/2', En: { Label: 'Vegetable gardens' } },
        ],
      },
    ],
    Links: [{ Label: 'À propos', Href: '/about', En: { Label: 'About' } }],
  });
});
