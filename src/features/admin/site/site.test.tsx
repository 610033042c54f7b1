// « Paramètres du site » and « Menu » against the real API server: what is loaded, what is
// saved (read back from the server), the French messages that keep bad input from being sent,
// the server's refusals in the failure banner, the reordering by keyboard-usable buttons, the
// mark of an entry whose page was deleted, the unsaved-changes guard, and « Historique » (a
// change shown with its old and new values, the version restored into the form and the server).
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { HistoryVersion, Menu, MutationResult, SiteSettings } from '../../../api/adminApi';
import { renderSignedIn } from '../../../test/render';
import { startApiServerSignedIn, type ApiServer } from '../../../test/apiServer';
import { menuFieldLabel } from './MenuEditor';
import { siteFieldLabel } from './SiteEditor';
import { recordFieldLabel } from '../safety/HistoryPanel';

let server: ApiServer;
let token: string;
beforeAll(async () => ({ server, token } = await startApiServerSignedIn()));
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

async function open(route: string, ready: string) {
  const view = await renderSignedIn(server, route);
  await screen.findByLabelText(ready, {}, { timeout: 5000 });
  return view;
}

const field = (label: string) => screen.getByLabelText(label);
const button = (name: string) => screen.getByRole('button', { name });
const success = () => screen.findByText('Opération effectuée avec succès');
/** Replaces the text of the field of that label (clears it, then types as a person does). */
async function retype(user: UserEvent, label: string, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
}
const readSite = () => server.get<SiteSettings>('/api/site');
const readMenu = () => server.get<Menu>('/api/menu/all/', token);


/** Changes one text through the API, opens the editor, and shows the change's version in « Historique » (its row for `label`). */
async function changedInHistory(kind: 'site' | 'menu', change: () => Promise<Response>, label: string) {
  expect(((await (await change()).json()) as MutationResult).Result).toBe(true);
  const [latest] = await server.get<HistoryVersion[]>(`/api/history/${kind}/${kind}`, token);
  const view = await open(`/admin/${kind}`, label);
  await view.user.click(screen.getByText('Historique'));
  const version = await screen.findByRole('region', { name: `Version ${latest?.Version}` });
  const row = within(version).getByRole('cell', { name: label }).closest('tr') as HTMLElement;
  return { ...view, version, row };
}

/** « Restaurer cette version », confirmed. */
async function restore(user: Awaited<ReturnType<typeof open>>['user'], version: HTMLElement) {
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  await user.click(within(version).getByRole('button', { name: 'Restaurer cette version' }));
}

describe('« Paramètres du site »', () => {
  test('the admin menu leads to it; it shows the current settings in groups', async () => {
    const { user } = await renderSignedIn(server, '/admin');
    await user.click(await screen.findByRole('link', { name: 'Paramètres du site' }));
    expect(await screen.findByLabelText('Nom de l’entreprise')).toHaveValue('Atelier Bois et Maison');
    expect(field('Téléphone')).toHaveValue('819 555-0142');
    expect(field('Adresse du réseau 1')).toHaveValue('https://www.facebook.com/');
    expect(field('Carte 1 : page visée')).toHaveValue('/typeslist/6');
    expect(await within(field('Carte 1 : page visée')).findByRole('option', { name: 'Catégorie : Terrasses' })).toBeInTheDocument();
    for (const group of ['Entreprise', 'Coordonnées', 'Réseaux sociaux', 'Page d’accueil', 'Page À propos', 'Pied de page', 'Photos des pages']) {
      expect(screen.getByRole('group', { name: group })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Voir le site/ })).toHaveAttribute('href', '/welcome');
    // The library says which photos the pages show, and offers no deletion for them.
    const photos = screen.getByRole('group', { name: 'Photos des pages' });
    await user.click(within(photos).getAllByRole('button', { name: 'Choisir dans la photothèque' })[0] as HTMLElement);
    const welcome = (await screen.findByRole('button', { name: 'Choisir accueil.jpg' })).closest('li') as HTMLElement;
    expect(within(welcome).getByText('1 page du site')).toBeInTheDocument();
    expect(within(welcome).queryByRole('button', { name: 'Supprimer accueil.jpg' })).not.toBeInTheDocument();
  });

  test('a change is saved: the success banner, and the server holds it', async () => {
    const before = await readSite();
    const { user } = await open('/admin/site', 'Nom de l’entreprise');
    await retype(user, 'Nom de l’entreprise', 'Menuiserie Lavoie');
    await retype(user, 'Téléphone', ' (613) 555-0199 ');
    await user.click(button('Ajouter un réseau'));
    await user.type(field('Réseau 2'), 'Instagram');
    await user.type(field('Adresse du réseau 2'), 'https://www.instagram.com/lavoie');
    await retype(user, 'Présentation du propriétaire', 'Premier paragraphe.{Enter}Second paragraphe.');
    await user.click(button('Enregistrer'));
    expect(await success()).toBeInTheDocument();
    const saved = await readSite();
    expect(saved).toMatchObject({
      BusinessName: 'Menuiserie Lavoie',
      Phone: '(613) 555-0199',
      Social: [before.Social[0], { Network: 'Instagram', Url: 'https://www.instagram.com/lavoie' }],
      AboutIntro: 'Premier paragraphe.\nSecond paragraphe.',
      City: before.City,
    });
    // Saved, the form is no longer "changed": leaving asks nothing.
    const confirm = jest.spyOn(window, 'confirm');
    await user.click(button('Retour'));
    expect(confirm).not.toHaveBeenCalled();
    await server.put('/api/site', { ...before, PhotoMedia: undefined }, token);
  });

  test('bad input: a French message under each field, nothing sent', async () => {
    const before = await readSite();
    const { user } = await open('/admin/site', 'Nom de l’entreprise');
    await retype(user, 'Téléphone', '123');
    await retype(user, 'Adresse du réseau 1', 'javascript:alert(1)');
    await retype(user, 'Courriel (soumissions)', 'pas-un-courriel');
    await retype(user, 'Nom de l’entreprise', 'N'.repeat(61));
    await user.clear(field('Ville'));
    await retype(user, 'Code postal (facultatif)', '12345');
    await user.click(button('Enregistrer'));
    expect(await screen.findByText('Numéro de téléphone invalide : 10 chiffres (ex. 819 555-0142)')).toBeInTheDocument();
    // The form is long: the focus goes to the first refused field.
    await waitFor(() => expect(field('Nom de l’entreprise')).toHaveFocus());
    expect(screen.getByText('Adresse https:// requise (ex. https://www.facebook.com/mapage)')).toBeInTheDocument();
    expect(screen.getByText('Courriel invalide (ex. info@exemple.ca)')).toBeInTheDocument();
    expect(screen.getByText('60 charactères maximum')).toBeInTheDocument();
    expect(screen.getByText('Champ requis')).toBeInTheDocument();
    expect(screen.getByText('Code postal invalide (ex. J8X 1A1), ou laissez vide')).toBeInTheDocument();
    expect(field('Téléphone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Opération/)).not.toBeInTheDocument();
    expect(await readSite()).toEqual(before);
  });

  test('the server refuses a photo that is not in the library: the failure banner, nothing stored', async () => {
    const before = await readSite();
    const { user } = await open('/admin/site', 'Nom de l’entreprise');
    await retype(user, 'Photo de la page d’accueil', 'absente.jpg');
    await user.click(button('Enregistrer'));
    expect(await screen.findByText(/^Opération non effectuée\. Une erreur est survenue \( .*absente\.jpg.* \)$/)).toBeInTheDocument();
    expect(await readSite()).toEqual(before);
  });

  test('leaving with unsaved changes asks first; refused, the changes stay', async () => {
    const { user } = await open('/admin/site', 'Nom de l’entreprise');
    await user.type(field('Ville'), ' Ouest');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(button('Retour'));
    expect(confirm).toHaveBeenCalledWith('Des modifications ne sont pas enregistrées. Quitter quand même?');
    expect(field('Ville')).toHaveValue('Gatineau Ouest');
  });

  test('« Historique » shows a change with its old and new values; its version restored, the form and the server hold it again', async () => {
    const before = await readSite();
    const { user, version, row } = await changedInHistory('site', () => server.put('/api/site', { ...before, PhotoMedia: undefined, WelcomeTagline: 'Un slogan à reprendre' }, token), 'Slogan');
    expect(field('Slogan')).toHaveValue('Un slogan à reprendre');
    expect(within(row).getByRole('cell', { name: before.WelcomeTagline })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Un slogan à reprendre' })).toBeInTheDocument();
    await restore(user, version);
    await waitFor(() => expect(field('Slogan')).toHaveValue(before.WelcomeTagline));
    expect((await readSite()).WelcomeTagline).toBe(before.WelcomeTagline);
  });
});

describe('« Menu »', () => {
  const titles = (menu: Menu) => menu.Dropdowns.map((d) => d.Title);

  test('reorders a drop-down and an entry with the buttons, the focus following; saved, visitors get that order', async () => {
    const before = await readMenu();
    const { user } = await open('/admin/menu', 'Titre du menu 1');
    expect(field('Titre du menu 1')).toHaveValue('Projets extérieurs');
    await user.click(button('Descendre Projets extérieurs'));
    expect(field('Titre du menu 2')).toHaveValue('Projets extérieurs');
    expect(button('Descendre Projets extérieurs')).toHaveFocus();
    // An entry, by keyboard: the focused button, Enter.
    button('Monter Terrasses').focus();
    await user.keyboard('{Enter}');
    expect(button('Monter Terrasses')).toHaveFocus();
    await user.click(button('Enregistrer'));
    expect(await success()).toBeInTheDocument();
    const visitors = await server.get<Menu>('/api/menu');
    expect(titles(visitors)).toEqual(["Optimisation de l'espace", 'Projets extérieurs', 'Décoration']);
    expect(visitors.Dropdowns[1]?.Entries.map((e) => e.Label)).toEqual(['Bancs', 'Terrasses', 'Potagers']);
    await server.put('/api/menu', before, token);
  });

  test('adds an entry to a new project type, picked from the list; removes a drop-down', async () => {
    const before = await readMenu();
    const added = await server.post('/api/projecttype/', { Id: 0, CategoryId: 1, Name: 'Cabanons de jardin', Description: '', Image: '' }, token);
    expect(((await added.json()) as MutationResult).Result).toBe(true);
    const { user } = await open('/admin/menu', 'Titre du menu 1');
    const first = screen.getByRole('group', { name: 'Menu déroulant 1' });
    await user.click(within(first).getByRole('button', { name: 'Ajouter une entrée' }));
    const labels = within(first).getAllByLabelText('Libellé');
    const last = labels.at(-1) as HTMLElement;
    await user.clear(last);
    await user.type(last, 'Cabanons');
    const targets = within(first).getAllByLabelText('Page visée');
    await user.selectOptions(targets.at(-1) as HTMLElement, 'Type : Cabanons de jardin');
    await user.click(button('Retirer le menu Décoration'));
    await user.click(button('Enregistrer'));
    expect(await success()).toBeInTheDocument();
    const saved = await server.get<Menu>('/api/menu');
    expect(titles(saved)).toEqual(['Projets extérieurs', "Optimisation de l'espace"]);
    expect(saved.Dropdowns[0]?.Entries.at(-1)).toMatchObject({ Label: 'Cabanons' });
    expect(saved.Dropdowns[0]?.Entries.at(-1)?.Href).toMatch(/^\/projecttype\/\d+$/);
    await server.put('/api/menu', before, token);
  });

  test('an entry whose page was deleted is marked; an empty label is refused in French', async () => {
    const before = await readMenu();
    const added = await server.post('/api/projecttype/', { Id: 0, CategoryId: 1, Name: 'Pergolas en cèdre', Description: '', Image: '' }, token);
    expect(((await added.json()) as MutationResult).Result).toBe(true);
    const types = await server.get<Array<{ Id: number; Name: string }>>('/api/projecttype/all/');
    const pergolas = types.find((type) => type.Name === 'Pergolas en cèdre') as { Id: number };
    const menu = structuredClone(before);
    menu.Dropdowns[0]?.Entries.push({ Label: 'Pergolas', Href: `/projecttype/${pergolas.Id}`, En: { Label: '' } });
    expect(((await (await server.put('/api/menu', menu, token)).json()) as MutationResult).Result).toBe(true);
    await server.del(`/api/projecttype/${pergolas.Id}`, token);

    const { user } = await open('/admin/menu', 'Titre du menu 1');
    expect(screen.getByText('La page visée n’existe plus : cette entrée n’est pas affichée sur le site.')).toBeInTheDocument();
    await user.clear(field('Titre du menu 3'));
    await user.click(button('Enregistrer'));
    expect(await screen.findByText('Champ requis')).toBeInTheDocument();
    expect(await readMenu()).toEqual({ ...menu, Dropdowns: menu.Dropdowns.map((d, i) => (i === 0 ? { ...d, Entries: d.Entries.map((e) => (e.Label === 'Pergolas' ? { ...e, Missing: true } : e)) } : d)) });
    await server.put('/api/menu', before, token);
  });

  test('at most six drop-downs: the add button goes away at the limit', async () => {
    const { user } = await open('/admin/menu', 'Titre du menu 1');
    for (let i = 0; i < 3; i += 1) await user.click(button('Ajouter un menu déroulant'));
    expect(screen.getByLabelText('Titre du menu 6')).toHaveValue('Nouveau menu');
    expect(screen.queryByRole('button', { name: 'Ajouter un menu déroulant' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Menu déroulant \d$/ })).toHaveLength(6));
  });

  test('« Historique » shows a drop-down renamed; its version restored, the form and the server hold the old title again', async () => {
    const before = await readMenu();
    const renamed = { ...before, Dropdowns: before.Dropdowns.map((d, i) => (i === 0 ? { ...d, Title: 'Dehors' } : d)) };
    const { user, version, row } = await changedInHistory('menu', () => server.put('/api/menu', renamed, token), 'Titre du menu 1');
    expect(field('Titre du menu 1')).toHaveValue('Dehors');
    expect(within(row).getByRole('cell', { name: 'Projets extérieurs' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Dehors' })).toBeInTheDocument();
    await restore(user, version);
    await waitFor(() => expect(field('Titre du menu 1')).toHaveValue('Projets extérieurs'));
    expect(titles(await readMenu())[0]).toBe('Projets extérieurs');
  });
});

/** The label `label` gives each path (undefined: the path names no field), as `expected` says. */
function expectLabels(label: (path: string) => string | undefined, expected: Record<string, string | undefined>) {
  expect(Object.fromEntries(Object.keys(expected).map((path) => [path, label(path)]))).toStrictEqual(expected);
}

// The server names a changed field by its path in the document (history.service.ts, changesBetween).
describe('« Historique »’s field names', () => {
  test('the settings’ paths: a named field, a card, a day’s range, a network, a footer service, an English text', () => {
    expectLabels(siteFieldLabel, {
      WelcomeTagline: 'Slogan',
      'Specialties.2.Target': 'Carte 2 : page visée',
      'Hours.1.2.Close': 'Lundi : fermeture 2',
      'Social.1.Url': 'Adresse du réseau 1',
      'FooterServices.3': 'Service 3',
      'En.AboutServices.1.Text': 'Service 1 : texte (anglais)',
      Unknown: undefined,
    });
    // A project's gallery, in the record editors' « Historique » (places counted from 1, as the server names them).
    expectLabels(recordFieldLabel, {
      'Gallery.2.Caption': 'Galerie, photo 2 : légende',
      'Gallery.1.En.Alt': 'Galerie, photo 1 : texte de remplacement (anglais)',
      'En.Name': 'Nom (anglais)',
    });
  });

  test('the menu’s paths: a drop-down’s title, an entry’s label and page, a link, in English', () => {
    expectLabels(menuFieldLabel, {
      'Dropdowns.1.Title': 'Titre du menu 1',
      'Dropdowns.2.Entries.3.Label': 'Menu déroulant 2, Entrée 3 : Libellé',
      'Dropdowns.2.Entries.3.Href': 'Menu déroulant 2, Entrée 3 : Page visée',
      'Dropdowns.1.En.Title': 'Titre du menu 1 (anglais)',
      'Links.1.En.Label': 'Lien 1 : Libellé (anglais)',
      'Links.3': undefined,
    });
  });
});
