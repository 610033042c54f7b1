// Each editor's own configuration (fields, rules and their messages, texts, lists of names),
// through the screens, against the real API server. The shared navigation, modes and banners
// are tested once in navigator/RecordEditor.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Category, Project, ProjectType, User } from '../../../api/adminApi';
import { renderSignedIn } from '../../../test/render';
import { startApiServer, type ApiServer } from '../../../test/apiServer';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => jest.restoreAllMocks());

async function open(route: string, counter: RegExp) {
  const view = await renderSignedIn(server, route);
  await screen.findByText(counter);
  return view;
}

const button = (name: string) => screen.getByRole('button', { name });
const field = (label: string) => screen.getByLabelText(label);
const success = () => screen.findByText('Opération effectuée avec succès');

/** Types each value in the field of its label (in a select, chooses the option of that name). */
async function fillIn(user: UserEvent, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    if (input instanceof HTMLSelectElement) await user.selectOptions(input, value);
    else await user.type(input, value);
  }
}

/** Nouveau, the fields filled in, Ajouter. */
async function add(user: UserEvent, values: Record<string, string>) {
  await user.click(button('Nouveau'));
  await fillIn(user, values);
  await user.click(button('Ajouter'));
}

/** Adds a record through the screen (the success banner) and reads back the last one of the server's list at `url`. */
async function addAndRead<T>(user: UserEvent, values: Record<string, string>, url: string): Promise<T | undefined> {
  await add(user, values);
  await success();
  return (await server.get<T[]>(url)).at(-1);
}

describe('category editor', () => {
  it('shows no per-field message, but refuses a name under 4 characters', async () => {
    const { user } = await open('/admin/category', /^Projet: 1 de : \d+$/);
    await user.click(button('Nouveau'));
    await user.type(field('Nom'), 'abc');
    await user.tab();
    expect(field('Nom')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/charactères|requis|caractères/)).not.toBeInTheDocument();
    expect(button('Ajouter')).toBeDisabled();
    await user.type(field('Nom'), 'd');
    expect(button('Ajouter')).toBeEnabled();
    expect(button('Cancel')).toBeInTheDocument();
  });
});

describe('project-type editor', () => {
  it('shows the messages of section 5 once a field is touched', async () => {
    const { user } = await open('/admin/projecttype', /^Projet: 1 de : \d+$/);
    await user.click(button('Nouveau'));
    await user.click(field('Nom'));
    await user.tab();
    expect(await screen.findByText('Nom de type de projet requis')).toBeInTheDocument();
    await user.type(field('Nom'), 'Bancs');
    expect(screen.getByText('7 charactères minimum')).toBeInTheDocument();
    await user.type(field('Nom'), 'x'.repeat(46));
    expect(screen.getByText('50 charactères maximum')).toBeInTheDocument();
    await user.click(field('Catégorie'));
    await user.tab();
    expect(screen.getByText('Catégorie requise')).toBeInTheDocument();
    await user.click(field('Description'));
    await user.paste('d'.repeat(251));
    await user.tab();
    await user.click(field('Image'));
    await user.paste(`${'i'.repeat(47)}.jpg`);
    await user.tab();
    expect(screen.getAllByText('250 charactères maximum')).toHaveLength(1);
    expect(screen.getAllByText('50 charactères maximum')).toHaveLength(2);
    expect(button('Ajouter')).toBeDisabled();
  });

  it('chooses the category by name and creates the type', async () => {
    const { user } = await open('/admin/projecttype', /^Projet: 1 de : \d+$/);
    const categories = await server.get<Category[]>('/api/category/all/');
    const decoration = categories.find((c) => c.Name === 'Décoration') as Category;
    const select = field('Catégorie');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '— Choisir —',
      ...categories.map((c) => c.Name),
    ]);
    // The selected record's category is shown by name.
    const types = await server.get<ProjectType[]>('/api/projecttype/all/');
    const firstCategory = categories.find((c) => c.Id === types[0]?.CategoryId);
    expect((select as HTMLSelectElement).selectedOptions[0]?.textContent).toBe(firstCategory?.Name);

    const created = await addAndRead<ProjectType>(
      user,
      { Nom: 'Cadres de miroir', 'Catégorie': 'Décoration', Description: 'Cadres en bois massif.', Image: 'cadres.jpg' },
      '/api/projecttype/all/',
    );
    expect(created).toMatchObject({
      Name: 'Cadres de miroir',
      CategoryId: decoration.Id,
      Description: 'Cadres en bois massif.',
      Image: 'cadres.jpg',
    });
    expect(screen.getByText(`Projet: ${types.length + 1} de : ${types.length + 1}`)).toBeInTheDocument();
  });
});

describe('project editor', () => {
  it('shows the messages of section 5 once a field is touched', async () => {
    const { user } = await open('/admin/project', /^Projet: 1 de : \d+$/);
    await user.click(button('Nouveau'));
    for (const label of ['Nom', 'Type de projet', 'Description', 'Image']) {
      await user.click(field(label));
      await user.tab();
    }
    expect(screen.getByText('Nom de projet requis')).toBeInTheDocument();
    expect(field('Type de projet')).toHaveAccessibleDescription('Type de projet');
    expect(screen.getByText('Description requise')).toBeInTheDocument();
    expect(screen.getByText('Image requise')).toBeInTheDocument();
    await user.type(field('Nom'), 'Banc 1');
    await user.type(field('Description'), 'Un banc');
    expect(screen.getAllByText('7 charactères minimum')).toHaveLength(1);
    expect(screen.getByText('8 charactères minimum')).toBeInTheDocument();
    await user.click(field('Description'));
    await user.paste('x'.repeat(250));
    await user.click(field('Nom'));
    await user.paste('x'.repeat(50));
    expect(screen.getByText('250 charactères maximum')).toBeInTheDocument();
    expect(screen.getByText('50 charactères maximum')).toBeInTheDocument();
    expect(button('Ajouter')).toBeDisabled();
  });

  it('creates a project of a type chosen by name; the public page shows it without a reload', async () => {
    const { user, router } = await open('/admin/project', /^Projet: 1 de : \d+$/);
    const types = await server.get<ProjectType[]>('/api/projecttype/all/');
    const benches = types.find((t) => t.Name === 'Bancs de jardin') as ProjectType;
    // The public page of the type, visited first: its list is in the cache.
    await router.navigate(`/projecttype/${benches.Id}`);
    await screen.findByRole('heading', { name: 'Bancs de jardin', level: 1 });
    await router.navigate('/admin/project');
    await screen.findByText(/^Projet: 1 de : \d+$/);

    const created = await addAndRead<Project>(
      user,
      { Nom: 'Banc de lecture en noyer', 'Type de projet': 'Bancs de jardin', Description: 'Un banc large pour lire au soleil.', Image: 'banc-cedre-rouge.jpg' },
      '/api/project/all/',
    );
    expect(created).toMatchObject({ Name: 'Banc de lecture en noyer', ProjectTypeId: benches.Id });

    await router.navigate(`/projecttype/${benches.Id}`);
    expect(await screen.findByText('Banc de lecture en noyer')).toBeInTheDocument();
  });

  it('keeps a project unchecked « Publié » as a draft: « Brouillon » in the admin, on no public page until published', async () => {
    const { user, router } = await open('/admin/project', /^Projet: 1 de : \d+$/);
    const types = await server.get<ProjectType[]>('/api/projecttype/all/');
    const benches = types.find((t) => t.Name === 'Bancs de jardin') as ProjectType;
    expect(screen.queryByText('Brouillon')).not.toBeInTheDocument();

    await user.click(button('Nouveau'));
    expect(field('Publié')).toBeChecked(); // a new project is published unless the owner says otherwise
    await fillIn(user, {
      Nom: 'Banc courbe en cours',
      'Type de projet': 'Bancs de jardin',
      Description: 'Un banc courbe, encore à l’atelier.',
      Image: 'banc-cedre-rouge.jpg',
    });
    await user.click(field('Publié'));
    await user.click(button('Ajouter'));
    await success();
    // The navigator shows the new (last) record, marked.
    expect(screen.getByText('Brouillon')).toBeInTheDocument();
    expect(field('Publié')).not.toBeChecked();
    expect(field('Nom')).toHaveValue('Banc courbe en cours');

    // Visitors (no token) and the public pages do not see it.
    const created = (await server.get<Project[]>('/api/project/all/', (await server.login()).Token)).at(-1);
    expect(created).toMatchObject({ Name: 'Banc courbe en cours', Published: false });
    expect((await server.get<Project[]>('/api/project/all/')).map((p) => p.Id)).not.toContain(created?.Id);
    await router.navigate(`/projecttype/${benches.Id}`);
    await screen.findByRole('heading', { name: 'Bancs de jardin', level: 1 });
    expect(screen.queryByText('Banc courbe en cours')).not.toBeInTheDocument();

    // Published: the mark goes, the public page shows it.
    await router.navigate('/admin/project');
    await screen.findByText('Brouillon');
    await user.click(button('Mettre à jour'));
    await user.click(field('Publié'));
    await user.click(button('Accepter'));
    await success();
    expect(screen.queryByText('Brouillon')).not.toBeInTheDocument();
    await router.navigate(`/projecttype/${benches.Id}`);
    expect(await screen.findByText('Banc courbe en cours')).toBeInTheDocument();
  });
});

describe('user editor', () => {
  const users = (token: string) => server.get<User[]>('/api/user/all/', token);

  it("counts users, says Canceler, and keeps its fields disabled outside add and update", async () => {
    const { user } = await open('/admin/user', /^Usager: 1 de : 1$/);
    expect(field("Nom d'usager (courriel)")).toHaveValue('admin@atelier.test');
    for (const label of ["Nom d'usager (courriel)", 'Mot-de-passe', 'Confirmation du mot-de-passe']) {
      expect(field(label)).toBeDisabled();
    }
    await user.click(button('Mettre à jour'));
    expect(field('Mot-de-passe')).toHaveValue('');
    expect(field('Confirmation du mot-de-passe')).toHaveValue('');
    expect(field('Mot-de-passe')).toBeEnabled();
    expect(button('Accepter')).toBeDisabled();
    await user.click(button('Canceler'));
    expect(field('Mot-de-passe')).toBeDisabled();
    expect(button('Mettre à jour')).toBeEnabled();
  });

  it('shows the messages of section 5 once a field is touched', async () => {
    const { user } = await open('/admin/user', /^Usager: 1 de : \d+$/);
    await user.click(button('Nouveau'));
    const email = field("Nom d'usager (courriel)");
    for (const label of ["Nom d'usager (courriel)", 'Mot-de-passe', 'Confirmation du mot-de-passe']) {
      await user.click(field(label));
      await user.tab();
    }
    expect(screen.getByText("Nom d'usager requis")).toBeInTheDocument();
    expect(screen.getByText('Mot-de-passe requis')).toBeInTheDocument();
    expect(screen.getByText('Confirmation requise')).toBeInTheDocument();
    await user.type(email, 'marie');
    expect(screen.getByText("Nom d'usager invalide")).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'a@b.ca');
    expect(screen.getByText('7 charactères minimum')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, `${'a'.repeat(40)}@exemple.ca`);
    expect(screen.getByText('50 charactères maximum')).toBeInTheDocument();
    await user.type(field('Mot-de-passe'), 'court');
    expect(screen.getByText('8 charactères minimum')).toBeInTheDocument();
    await user.type(field('Confirmation du mot-de-passe'), 'autre');
    expect(screen.getByText('Confirmation différente du mot-de-passe')).toBeInTheDocument();
    await user.type(field('Mot-de-passe'), 'x'.repeat(46));
    expect(screen.getAllByText('50 charactères maximum')).toHaveLength(2);
    expect(button('Ajouter')).toBeDisabled();
  });

  it('adds an administrator who can then sign in (the password travels as its MD5 hex)', async () => {
    const { user, tokens } = await open('/admin/user', /^Usager: 1 de : \d+$/);
    await add(user, {
      "Nom d'usager (courriel)": 'julie@atelier.test',
      'Mot-de-passe': 'copeaux-2026',
      'Confirmation du mot-de-passe': 'copeaux-2026',
    });
    await success();
    expect(screen.getByText(/^Usager: 2 de : 2$/)).toBeInTheDocument();
    expect((await users(tokens.Token)).map((u) => u.Email)).toContain('julie@atelier.test');
    expect((await server.login('julie@atelier.test', 'copeaux-2026')).Result).toBe(true);

    // A refused add (the e-mail is taken): the failure banner; the e-mail stays, the passwords go.
    await add(user, {
      "Nom d'usager (courriel)": 'julie@atelier.test',
      'Mot-de-passe': 'autre-mot-de-passe',
      'Confirmation du mot-de-passe': 'autre-mot-de-passe',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Opération non effectuée\. Une erreur est survenue \( .+ \)$/);
    expect(field("Nom d'usager (courriel)")).toHaveValue('julie@atelier.test');
    expect(field('Mot-de-passe')).toHaveValue('');
    expect(field('Confirmation du mot-de-passe')).toHaveValue('');
    expect(button('Ajouter')).toBeDisabled();
    await user.click(button('Canceler'));

    // Changing the password: Accepter with the new one; the old one no longer works.
    await user.click(button('Mettre à jour'));
    expect(field("Nom d'usager (courriel)")).toHaveValue('julie@atelier.test');
    await user.type(field('Mot-de-passe'), 'rabot-2027!');
    await user.type(field('Confirmation du mot-de-passe'), 'rabot-2027!');
    await user.click(button('Accepter'));
    await success();
    expect((await server.login('julie@atelier.test', 'rabot-2027!')).Result).toBe(true);
    expect((await server.login('julie@atelier.test', 'copeaux-2026')).Result).toBe(false);

    // Effacer asks 'Voulez-vous supprimer l'usager?'.
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(button('Effacer'));
    expect(confirm).toHaveBeenCalledWith("Voulez-vous supprimer l'usager?");
    await success();
    await waitFor(() => expect(screen.getByText(/^Usager: 1 de : 1$/)).toBeInTheDocument());
    expect((await users(tokens.Token)).map((u) => u.Email)).toEqual(['admin@atelier.test']);
  });
});
