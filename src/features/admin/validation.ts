// Validation of the admin forms (specification section 5): plain functions, no React.
// A rule returns its message when the value breaks it, otherwise undefined; a field's first
// broken rule wins. `validator(rules)` turns a rule table into a React Final Form `validate`.
import { limits } from '../../../contract/limits';
import { messages } from '../../messages/withAdmin';

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

/** The contract's character rule of a text (no control, invisible or direction characters). */
const allowedCharacters =
  (pattern: string | undefined, message: string = t.forbiddenCharacter): Rule =>
  (value) =>
    pattern !== undefined && !new RegExp(pattern).test(text(value)) ? message : undefined;

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
  Name: [required(categoryName), minLength(Category.Name.minLength, categoryName), maxLength(Category.Name.maxLength, categoryName), allowedCharacters(Category.Name.pattern, categoryName)],
};

export const projectTypeRules: Rules = {
  Name: [required(t.projectTypeNameRequired), minLength(ProjectType.Name.minLength), maxLength(ProjectType.Name.maxLength), allowedCharacters(ProjectType.Name.pattern)],
  Description: [maxLength(ProjectType.Description.maxLength), allowedCharacters(ProjectType.Description.pattern)],
  Image: [maxLength(ProjectType.Image.maxLength)],
  CategoryId: [required(t.categoryRequired)],
};

export const projectRules: Rules = {
  Name: [required(t.projectNameRequired), minLength(Project.Name.minLength), maxLength(Project.Name.maxLength), allowedCharacters(Project.Name.pattern)],
  Description: [
    required(t.descriptionRequired),
    minLength(Project.Description.minLength),
    maxLength(Project.Description.maxLength),
    allowedCharacters(Project.Description.pattern),
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

// The site's settings and its menu (issue 14): nested forms, checked with the contract's limits
// of each text (contract/limits.ts) and the same messages as the other editors.

/** A contract limit of a text: lengths, allowed characters, and "not only spaces". */
interface TextLimit {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  notPattern?: string;
}

/** The first rule a text breaks, or undefined: required unless `optional`, then the limits. */
function checkText(value: unknown, limit: TextLimit, optional = false): string | undefined {
  const typed = text(value);
  if (isBlank(typed)) return optional ? undefined : t.required;
  if (limit.minLength !== undefined && typed.length < limit.minLength) return t.min(limit.minLength);
  if (limit.maxLength !== undefined && typed.length > limit.maxLength) return t.max(limit.maxLength);
  if (limit.pattern !== undefined && !new RegExp(limit.pattern).test(typed)) return t.forbiddenCharacter;
  return undefined;
}

/** Errors in the shape of the values (final-form reads `Social[0].Url` from `{Social: [{Url}]}`). */
type NestedErrors = { [key: string]: string | NestedErrors | Array<NestedErrors | string | undefined> | undefined };

const isEmpty = (error: NestedErrors | string | undefined) => error === undefined || (typeof error === 'object' && Object.keys(error).length === 0);

/** Without the fields that passed (an array that passed entirely goes too). */
const clean = (errors: NestedErrors): NestedErrors =>
  Object.fromEntries(Object.entries(errors).filter(([, error]) => !(Array.isArray(error) ? error.every(isEmpty) : isEmpty(error))));

const S = limits.SiteSettings;
const PHONE = new RegExp(S.Phone.pattern);
const POSTAL_CODE = new RegExp(S.PostalCode.pattern);
const HTTPS_URL = new RegExp(limits.SocialLink.Url.pattern);
const pageTarget = new RegExp(limits.PageTarget.pattern);
const siteTarget = new RegExp(limits.SiteTarget.pattern);

const checkEmail = (value: unknown, limit: TextLimit) =>
  isBlank(value) ? t.required : !EMAIL.test(text(value).trim()) ? t.emailInvalid : checkText(value, limit);

const checkTarget = (value: unknown, pattern: RegExp) => (isBlank(value) ? t.targetRequired : pattern.test(text(value)) ? undefined : t.targetRequired);

export function validateSite(values: FormValues, year = new Date().getFullYear()): NestedErrors {
  const v = values as Record<string, unknown> & {
    Social?: Array<Record<string, unknown>>;
    Specialties?: Array<Record<string, unknown>>;
    AboutServices?: Array<Record<string, unknown>>;
    FooterServices?: unknown[];
  };
  const since = text(v.Since).trim();
  return clean({
    BusinessName: checkText(v.BusinessName, S.BusinessName),
    OwnerName: checkText(v.OwnerName, S.OwnerName),
    Phone: isBlank(v.Phone) ? t.required : PHONE.test(text(v.Phone).trim()) ? undefined : t.phoneInvalid,
    InfoEmail: checkEmail(v.InfoEmail, S.InfoEmail),
    QuotesEmail: checkEmail(v.QuotesEmail, S.QuotesEmail),
    Social: (v.Social ?? []).map((link) =>
      clean({
        Network: checkText(link.Network, limits.SocialLink.Network),
        Url: isBlank(link.Url) ? t.required : HTTPS_URL.test(text(link.Url).trim()) ? checkText(link.Url, limits.SocialLink.Url) : t.httpsUrl,
      }),
    ),
    Street: checkText(v.Street, S.Street, true),
    City: checkText(v.City, S.City),
    Province: checkText(v.Province, S.Province),
    PostalCode: isBlank(v.PostalCode) || POSTAL_CODE.test(text(v.PostalCode).trim()) ? undefined : t.postalCodeInvalid,
    AreaServed: checkText(v.AreaServed, S.AreaServed),
    Since: /^[0-9]{4}$/.test(since) && Number(since) >= 1900 && Number(since) <= year ? undefined : t.sinceInvalid(year),
    WelcomeTagline: checkText(v.WelcomeTagline, S.WelcomeTagline),
    WelcomeIntro: checkText(v.WelcomeIntro, S.WelcomeIntro),
    Specialties: (v.Specialties ?? []).map((card) =>
      clean({
        Title: checkText(card.Title, limits.SiteCard.Title),
        Text: checkText(card.Text, limits.SiteCard.Text),
        Target: checkTarget(card.Target, pageTarget),
      }),
    ),
    AboutIntro: checkText(v.AboutIntro, S.AboutIntro),
    AboutServices: (v.AboutServices ?? []).map((service) =>
      clean({ Title: checkText(service.Title, limits.SiteService.Title), Text: checkText(service.Text, limits.SiteService.Text) }),
    ),
    FooterServices: (v.FooterServices ?? []).map((service) => checkText(service, limits.ShortText)),
    WelcomePhoto: checkText(v.WelcomePhoto, S.WelcomePhoto),
    AboutPhoto: checkText(v.AboutPhoto, S.AboutPhoto),
    ContactPhoto: checkText(v.ContactPhoto, S.ContactPhoto),
  });
}

export function validateMenu(values: FormValues): NestedErrors {
  const v = values as { Dropdowns?: Array<{ Title?: unknown; Entries?: Array<Record<string, unknown>> }>; Links?: Array<Record<string, unknown>> };
  const entry = (link: Record<string, unknown>) =>
    clean({ Label: checkText(link.Label, limits.MenuLink.Label), Href: checkTarget(link.Href, siteTarget) });
  return clean({
    Dropdowns: (v.Dropdowns ?? []).map((dropdown) =>
      clean({ Title: checkText(dropdown.Title, limits.MenuDropdown.Title), Entries: (dropdown.Entries ?? []).map(entry) }),
    ),
    Links: (v.Links ?? []).map(entry),
  });
}
