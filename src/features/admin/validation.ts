// Validation of the admin forms (specification section 5): plain functions, no React.
// A rule returns its message when the value breaks it, otherwise undefined; a field's first
// broken rule wins. `validator(rules)` turns a rule table into a React Final Form `validate`.
import { messages } from '../../app/messages/withAdmin';

const t = messages.admin.validation;

export type FormValues = Record<string, unknown>;
export type Rule = (value: unknown, values: FormValues) => string | undefined;
export type Rules = Record<string, Rule[]>;
export type Errors = Record<string, string>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const isBlank = (value: unknown) =>
  value === undefined || value === null || text(value).trim() === '' || value === 0;

export const required =
  (message: string): Rule =>
  (value) =>
    isBlank(value) ? message : undefined;

/** Checked only when there is a value: an empty optional field passes. */
export const minLength =
  (n: number, message: string = t.min(n)): Rule =>
  (value) =>
    !isBlank(value) && text(value).length < n ? message : undefined;

export const maxLength =
  (n: number, message: string = t.max(n)): Rule =>
  (value) =>
    text(value).length > n ? message : undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email =
  (message: string): Rule =>
  (value) =>
    !isBlank(value) && !EMAIL.test(text(value).trim()) ? message : undefined;

export const sameAs =
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

// The rule tables of section 5, one per form. The login form has none.

export const categoryRules: Rules = {
  Name: [required(t.categoryName), minLength(4, t.categoryName), maxLength(50, t.categoryName)],
};

export const projectTypeRules: Rules = {
  Name: [required(t.projectTypeNameRequired), minLength(7), maxLength(50)],
  Description: [maxLength(250)],
  Image: [maxLength(50)],
  CategoryId: [required(t.categoryRequired)],
};

export const projectRules: Rules = {
  Name: [required(t.projectNameRequired), minLength(7), maxLength(50)],
  Description: [required(t.descriptionRequired), minLength(8), maxLength(250)],
  Image: [required(t.imageRequired)],
  ProjectTypeId: [required(t.projectTypeRequired)],
};

export const userRules: Rules = {
  Email: [required(t.userNameRequired), email(t.userNameInvalid), minLength(7), maxLength(50)],
  Pwd: [required(t.passwordRequired), minLength(8), maxLength(50)],
  Confirm: [required(t.confirmationRequired), sameAs('Pwd', t.confirmationDifferent)],
};
