// Validation of the admin forms (specification section 5): plain functions, no React.
// A rule returns its message when the value breaks it, otherwise undefined; a field's first
// broken rule wins. `validator(rules)` turns a rule table into a React Final Form `validate`.
import { limits } from '../../../contract/limits';
import { messages } from '../../app/messages/withAdmin';

const t = messages.admin.validation;

export type FormValues = Record<string, unknown>;
type Rule = (value: unknown, values: FormValues) => string | undefined;
export type Rules = Record<string, Rule[]>;
type Errors = Record<string, string>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const isBlank = (value: unknown) =>
  value === undefined || value === null || text(value).trim() === '' || value === 0;

const required =
  (message: string): Rule =>
  (value) =>
    isBlank(value) ? message : undefined;

/** Checked only when there is a value: an empty optional field passes. */
const minLength =
  (n: number, message: string = t.min(n)): Rule =>
  (value) =>
    !isBlank(value) && text(value).length < n ? message : undefined;

const maxLength =
  (n: number, message: string = t.max(n)): Rule =>
  (value) =>
    text(value).length > n ? message : undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email =
  (message: string): Rule =>
  (value) =>
    !isBlank(value) && !EMAIL.test(text(value).trim()) ? message : undefined;

const sameAs =
  (field: string, message: string): Rule =>
  (value, values) =>
    !isBlank(value) && text(value) !== text(values[field]) ? message : undefined;

export function validator(rules: Rules): (values: FormValues) => Errors {
  return (values) => {
    const errors: Errors = {};
    for (const [field, fieldRules] of Object.entries(rules)) {
      for (const rule of fieldRules) {
        const message = rule(values[field], values);
        if (message) {
          errors[field] = message;
          break;
        }
      }
    }
    return errors;
  };
}

// The rule tables of section 5, one per form, with the lengths of the contract (openapi.yaml,
// through contract/limits.ts). The login form has none.
const { Category, ProjectType, Project, UserInput } = limits;

/**
 * The password as typed: the server only ever sees its MD5 (UserInput.Pwd), so these lengths
 * are the form's own.
 */
const PASSWORD = { minLength: 8, maxLength: 50 } as const;

const categoryName = t.categoryName(Category.Name.minLength, Category.Name.maxLength);
export const categoryRules: Rules = {
  Name: [required(categoryName), minLength(Category.Name.minLength, categoryName), maxLength(Category.Name.maxLength, categoryName)],
};

export const projectTypeRules: Rules = {
  Name: [required(t.projectTypeNameRequired), minLength(ProjectType.Name.minLength), maxLength(ProjectType.Name.maxLength)],
  Description: [maxLength(ProjectType.Description.maxLength)],
  Image: [maxLength(ProjectType.Image.maxLength)],
  CategoryId: [required(t.categoryRequired)],
};

export const projectRules: Rules = {
  Name: [required(t.projectNameRequired), minLength(Project.Name.minLength), maxLength(Project.Name.maxLength)],
  Description: [
    required(t.descriptionRequired),
    minLength(Project.Description.minLength),
    maxLength(Project.Description.maxLength),
  ],
  Image: [required(t.imageRequired)],
  ProjectTypeId: [required(t.projectTypeRequired)],
};

export const userRules: Rules = {
  Email: [
    required(t.userNameRequired),
    email(t.userNameInvalid),
    minLength(UserInput.Email.minLength),
    maxLength(UserInput.Email.maxLength),
  ],
  Pwd: [required(t.passwordRequired), minLength(PASSWORD.minLength), maxLength(PASSWORD.maxLength)],
  Confirm: [required(t.confirmationRequired), sameAs('Pwd', t.confirmationDifferent)],
};
