import { getIn } from 'final-form';
import { limits } from '../../../contract/limits';
import {
  categoryRules,
  projectRules,
  projectTypeRules,
  userRules,
  validator,
  type FormValues,
} from './validation';

const validCategory = { Id: 0, Name: 'Extérieur' };
const validType = { Id: 0, CategoryId: 1, Name: 'Bancs de parc', Description: '', Image: '' };
const validProject = {
  Id: 0,
  ProjectTypeId: 1,
  Name: 'Banc en cèdre',
  Description: 'Un banc robuste',
  Image: 'banc.jpg',
};
const validUser = { Id: 0, Email: 'marie@exemple.ca', Pwd: 'motdepasse', Confirm: 'motdepasse' };

const errorOf = (rules: Parameters<typeof validator>[0], values: FormValues, field: string) =>
  validator(rules)(values)[field];

describe('valid records pass', () => {
  it.each([
    ['category', categoryRules, validCategory],
    ['project type', projectTypeRules, validType],
    ['project', projectRules, validProject],
    ['user', userRules, validUser],
  ])('%s', (_name, rules, values) => {
    expect(validator(rules)(values)).toEqual({});
  });
});

describe('category name: required, 4 to 50 (no message shown, but the form is invalid)', () => {
  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['3 characters', 'abc'],
    ['51 characters', 'a'.repeat(51)],
  ])('%s is refused', (_label, Name) => {
    expect(errorOf(categoryRules, { ...validCategory, Name }, 'Name')).toBeTruthy();
  });
  it.each([
    ['4 characters', 'abcd'],
    ['50 characters', 'a'.repeat(50)],
  ])('%s is accepted', (_label, Name) => {
    expect(errorOf(categoryRules, { ...validCategory, Name }, 'Name')).toBeUndefined();
  });
});

describe('project type', () => {
  it.each([
    ['Name', '', 'Nom de type de projet requis'],
    ['Name', 'Bancs1', '7 charactères minimum'],
    ['Name', 'a'.repeat(51), '50 charactères maximum'],
    ['Description', 'a'.repeat(251), '250 charactères maximum'],
    ['Image', `${'a'.repeat(47)}.jpg`, '50 charactères maximum'],
    ['CategoryId', undefined, 'Catégorie requise'],
    ['CategoryId', 0, 'Catégorie requise'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorOf(projectTypeRules, { ...validType, [field]: value }, field)).toBe(message);
  });
  it('accepts the limits and the optional fields left empty', () => {
    const values = { ...validType, Name: 'a'.repeat(7), Description: 'd'.repeat(250), Image: 'i'.repeat(50) };
    expect(validator(projectTypeRules)(values)).toEqual({});
    expect(validator(projectTypeRules)({ ...validType, Name: 'a'.repeat(50) })).toEqual({});
  });
});

describe('project', () => {
  it.each([
    ['Name', '', 'Nom de projet requis'],
    ['Name', 'Banc 1', '7 charactères minimum'],
    ['Name', 'a'.repeat(51), '50 charactères maximum'],
    ['Description', '', 'Description requise'],
    ['Description', 'Un banc', '8 charactères minimum'],
    ['Description', 'a'.repeat(251), '250 charactères maximum'],
    ['Image', '', 'Image requise'],
    ['ProjectTypeId', undefined, 'Type de projet'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorOf(projectRules, { ...validProject, [field]: value }, field)).toBe(message);
  });
  it('accepts the limits', () => {
    const values = { ...validProject, Name: 'a'.repeat(7), Description: 'd'.repeat(8) };
    expect(validator(projectRules)(values)).toEqual({});
    const longest = { ...validProject, Name: 'a'.repeat(50), Description: 'd'.repeat(250) };
    expect(validator(projectRules)(longest)).toEqual({});
  });
});

describe('user', () => {
  it.each([
    ['Email', '', "Nom d'usager requis"],
    ['Email', 'marie.exemple.ca', "Nom d'usager invalide"],
    ['Email', 'a@b.ca', '7 charactères minimum'],
    ['Email', `${'a'.repeat(40)}@exemple.ca`, '50 charactères maximum'],
    ['Pwd', '', 'Mot-de-passe requis'],
    ['Pwd', 'court', '8 charactères minimum'],
    ['Pwd', 'a'.repeat(51), '50 charactères maximum'],
  ])('%s = %j → %s', (field, value, message) => {
    const values = { ...validUser, [field]: value, Confirm: field === 'Pwd' ? value : validUser.Confirm };
    expect(errorOf(userRules, values, field)).toBe(message);
  });
  it('confirmation: required, then equal to the password', () => {
    expect(errorOf(userRules, { ...validUser, Confirm: '' }, 'Confirm')).toBe('Confirmation requise');
    expect(errorOf(userRules, { ...validUser, Confirm: 'autrechose' }, 'Confirm')).toBe(
      'Confirmation différente du mot-de-passe',
    );
  });
  it('the first broken rule of a field wins', () => {
    expect(errorOf(userRules, { ...validUser, Email: 'a@b' }, 'Email')).toBe("Nom d'usager invalide");
  });
});

describe('English texts (En, issue 27): the French field’s rules and messages, empty allowed', () => {
  const translated = [
    ['category', categoryRules, validCategory, limits.Category, ['Name']],
    ['project type', projectTypeRules, validType, limits.ProjectType, ['Name', 'Description']],
    ['project', projectRules, validProject, limits.Project, ['Name', 'Description']],
  ] as const;
  it.each(translated)('%s', (_name, rules, valid, schema, fields) => {
    const french = (field: string, value: string) => errorOf(rules, { ...valid, [field]: value }, field);
    const frenchOf = valid as Record<string, unknown>;
    // Not translated: every English text empty.
    expect(validator(rules)({ ...valid, En: Object.fromEntries(fields.map((field) => [field, ''])) })).toEqual({});
    // One text beside a whole English version (a project's English name needs its description).
    const whole = Object.fromEntries(fields.map((field) => [field, String(frenchOf[field] || 'Une description.')]));
    const english = (field: string, value: string) => getIn(validator(rules)({ ...valid, En: { ...whole, [field]: value } }), `En.${field}`) as unknown;
    for (const field of fields) {
      const limit = (schema as Record<string, { minLength?: number; maxLength: number }>)[field] as { minLength?: number; maxLength: number };
      const refused = [`${whole[field]}\u202E`, 'a'.repeat(limit.maxLength + 1), ...(limit.minLength ? ['a'.repeat(limit.minLength - 1)] : [])];
      for (const value of refused) {
        expect([field, value, english(field, value)]).toEqual([field, value, french(field, value)]);
        expect(english(field, value)).toBeDefined();
      }
    }
  });
  it('project: an English name needs its English description (not the reverse)', () => {
    const error = (En: object) => getIn(validator(projectRules)({ ...validProject, En }), 'En.Description') as unknown;
    expect(error({ Name: 'Cedar bench', Description: '' })).toBe('Description requise');
    expect(error({ Name: '', Description: 'A sturdy bench.' })).toBeUndefined();
    expect(validator(projectRules)({ ...validProject, En: { Name: '', Description: '' } })).toEqual({});
  });
});

describe('the forms and the contract agree on every string limit', () => {
  type Limit = { minLength?: number; maxLength?: number; pattern?: string; notPattern?: string };
  const forms = [
    ['category', categoryRules, 'Category', validCategory],
    ['project type', projectTypeRules, 'ProjectType', validType],
    ['project', projectRules, 'Project', validProject],
    ['user', userRules, 'UserInput', validUser],
  ] as const;
  /**
   * Limits the forms leave to the server, which refuses them with its own message: the image
   * name's characters and the project photo's length (the field is a library name), and the
   * MD5 the user form sends in place of the typed password.
   */
  const serverOnly = ['ProjectType.Image.pattern', 'Project.Image.minLength', 'Project.Image.maxLength', 'Project.Image.pattern', 'UserInput.Pwd.pattern'];
  /** A valid value of `n` characters for the field. */
  const sized = (field: string, n: number) => (field === 'Email' ? `${'a'.repeat(n - 5)}@e.ca` : 'a'.repeat(n));

  it.each(forms)('%s', (_name, rules, schema, valid) => {
    const fields = limits[schema] as Record<string, Limit>;
    const checked: string[] = [];
    const error = (field: string, value: string) => errorOf(rules, { ...valid, [field]: value }, field);
    for (const [field, limit] of Object.entries(fields)) {
      const at = (key: keyof Limit) => `${schema}.${field}.${key}`;
      if (limit.minLength !== undefined && !serverOnly.includes(at('minLength'))) {
        expect([field, error(field, sized(field, limit.minLength))]).toEqual([field, undefined]);
        expect([field, error(field, sized(field, limit.minLength - 1))]).toEqual([field, expect.any(String)]);
        checked.push(at('minLength'));
      }
      if (limit.maxLength !== undefined && !serverOnly.includes(at('maxLength'))) {
        expect([field, error(field, sized(field, limit.maxLength))]).toEqual([field, undefined]);
        expect([field, error(field, sized(field, limit.maxLength + 1))]).toEqual([field, expect.any(String)]);
        checked.push(at('maxLength'));
      }
      // Not only spaces: `required` checks it.
      if (limit.notPattern === '^\\s*$') {
        expect([field, error(field, '   ')]).toEqual([field, expect.any(String)]);
        checked.push(at('notPattern'));
      }
      // The characters a text refuses (control, invisible, direction): U+202E is one of them.
      if (limit.pattern?.startsWith('^[^')) {
        const value = String((valid as Record<string, unknown>)[field]);
        expect([field, error(field, value)]).toEqual([field, undefined]);
        expect([field, error(field, `${value}\u202E`)]).toEqual([field, expect.any(String)]);
        checked.push(at('pattern'));
      } else if (limit.pattern !== undefined) {
        expect(serverOnly).toContain(at('pattern'));
      }
    }
    expect(checked.length).toBeGreaterThan(0);
  });
});
