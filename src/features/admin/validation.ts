// Validation of the admin forms (specification section 5): plain functions, no React.
// A rule returns its message when the value breaks it, otherwise undefined; a field's first
// broken rule wins. `validator(rules)` turns a rule table into a React Final Form `validate`.
// A field's English text (issue 27, `En.Name`…) follows its French field's rules and messages,
// except that it may stay empty (not translated).
import { getIn, setIn } from 'final-form';
import { limits } from '../../../contract/limits';
import { messages } from '../../messages/withAdmin';

const t = messages.admin.validation;

export type FormValues = Record<string, unknown>;
type Rule = (value: unknown, values: FormValues) => string | undefined;
export type Rules = Record<string, Rule[]>;
type Errors = Record<string, unknown>;

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

/** Required once the field `other` (a path, e.g. `En.Name`) has a value. */
const requiredWith =
  (other: string, message: string): Rule =>
  (value, values) =>
    !isBlank(getIn(values, other)) ? required(message)(value, values) : undefined;

/** A rule table's fields are paths (`En.Name`); the errors take the values' shape, as final-form reads them. */
export function validator(rules: Rules): (values: FormValues) => Errors {
  return (values) => {
    let errors: Errors = {};
    for (const [field, fieldRules] of Object.entries(rules)) {
      for (const rule of fieldRules) {
        const message = rule(getIn(values, field), values);
        if (message) {
          errors = setIn(errors, field, message) as Errors;
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
/** The rules of a text once it is there; its French field adds `required`, its English one (may be empty) does not. */
const categoryNameText = [minLength(Category.Name.minLength, categoryName), maxLength(Category.Name.maxLength, categoryName), allowedCharacters(Category.Name.pattern, categoryName)];
export const categoryRules: Rules = {
  Name: [required(categoryName), ...categoryNameText],
  'En.Name': categoryNameText,
};

const projectTypeName = [minLength(ProjectType.Name.minLength), maxLength(ProjectType.Name.maxLength), allowedCharacters(ProjectType.Name.pattern)];
const projectTypeDescription = [maxLength(ProjectType.Description.maxLength), allowedCharacters(ProjectType.Description.pattern)];
export const projectTypeRules: Rules = {
  Name: [required(t.projectTypeNameRequired), ...projectTypeName],
  'En.Name': projectTypeName,
  Description: projectTypeDescription,
  'En.Description': projectTypeDescription,
  Image: [maxLength(ProjectType.Image.maxLength)],
  CategoryId: [required(t.categoryRequired)],
};

const projectName = [minLength(Project.Name.minLength), maxLength(Project.Name.maxLength), allowedCharacters(Project.Name.pattern)];
const projectDescription = [minLength(Project.Description.minLength), maxLength(Project.Description.maxLength), allowedCharacters(Project.Description.pattern)];
export const projectRules: Rules = {
  Name: [required(t.projectNameRequired), ...projectName],
  'En.Name': projectName,
  Description: [required(t.descriptionRequired), ...projectDescription],
  // A project shown in English needs its English description too.
  'En.Description': [requiredWith('En.Name', t.descriptionRequired), ...projectDescription],
  Image: [required(t.imageRequired)],
  ProjectTypeId: [required(t.projectTypeRequired)],
};

// Testimonials (issue 31): the contract's limits; published only with the client's consent.
const T = limits.Testimonial;
const testimonialText = [minLength(T.Text.minLength), maxLength(T.Text.maxLength), allowedCharacters(T.Text.pattern, t.plainText)];
const pattern =
  (source: string, message: string): Rule =>
  (value) =>
    !isBlank(value) && !new RegExp(source).test(text(value).trim()) ? message : undefined;
export const testimonialRules: Rules = {
  Text: [required(t.required), ...testimonialText],
  'En.Text': testimonialText,
  ClientName: [required(t.required), minLength(T.ClientName.minLength), maxLength(T.ClientName.maxLength), allowedCharacters(T.ClientName.pattern)],
  Place: [required(t.required), minLength(T.Place.minLength), maxLength(T.Place.maxLength), allowedCharacters(T.Place.pattern)],
  Month: [required(t.required), pattern(limits.YearMonth.pattern, t.monthInvalid)],
  Published: [(value, values) => (value === true && values.Consent !== true ? t.consentRequired : undefined)],
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

const LICENCE = new RegExp(limits.RbqLicence.pattern);
const TIME = new RegExp(limits.Time.pattern);
type Range = { Open?: unknown; Close?: unknown };

/** A day's ranges (issue 31): each a time HH:MM, closing after opening; the second after the first. */
function checkDay(ranges: Range[] | undefined) {
  const errors = (ranges ?? []).map((range, i) => {
    const open = text(range.Open).trim();
    const close = text(range.Close).trim();
    const previous = i > 0 ? text(ranges?.[i - 1]?.Close).trim() : '';
    return clean({
      Open: !TIME.test(open) ? t.timeInvalid : previous && TIME.test(previous) && open < previous ? t.hoursOverlap : undefined,
      Close: !TIME.test(close) ? t.timeInvalid : TIME.test(open) && close <= open ? t.hoursOrder : undefined,
    });
  });
  // An array of errors where final-form reads `Hours[0][1].Close`.
  return errors.every(isEmpty) ? undefined : (errors as unknown as NestedErrors);
}

const checkTarget = (value: unknown, pattern: RegExp) => (isBlank(value) ? t.targetRequired : pattern.test(text(value)) ? undefined : t.targetRequired);

type Texts = Record<string, unknown> & {
  Hours?: unknown;
  Specialties?: Array<Record<string, unknown>>;
  AboutServices?: Array<Record<string, unknown>>;
  FooterServices?: unknown[];
};

/**
 * The errors of the site's texts that have an English version, in French (`optional` false) or
 * in English (`optional`: each may stay empty; the footer's English list may be empty, but not
 * one of its entries).
 */
function checkSiteTexts(v: Texts, optional: boolean) {
  return {
    AreaServed: checkText(v.AreaServed, S.AreaServed, optional),
    WelcomeTagline: checkText(v.WelcomeTagline, S.WelcomeTagline, optional),
    WelcomeIntro: checkText(v.WelcomeIntro, S.WelcomeIntro, optional),
    Specialties: (v.Specialties ?? []).map((card) => ({
      Title: checkText(card.Title, limits.SiteCard.Title, optional),
      Text: checkText(card.Text, limits.SiteCard.Text, optional),
    })),
    AboutIntro: checkText(v.AboutIntro, S.AboutIntro, optional),
    AboutServices: (v.AboutServices ?? []).map((service) =>
      clean({ Title: checkText(service.Title, limits.SiteService.Title, optional), Text: checkText(service.Text, limits.SiteService.Text, optional) }),
    ),
    FooterServices: (v.FooterServices ?? []).map((service) => checkText(service, limits.ShortText)),
  };
}

export function validateSite(values: FormValues, year = new Date().getFullYear()): NestedErrors {
  const v = values as Texts & { Social?: Array<Record<string, unknown>>; En?: Texts };
  const since = text(v.Since).trim();
  const texts = checkSiteTexts(v, false);
  const english = checkSiteTexts(v.En ?? {}, true);
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
    Since: /^[0-9]{4}$/.test(since) && Number(since) >= 1900 && Number(since) <= year ? undefined : t.sinceInvalid(year),
    ...texts,
    Specialties: texts.Specialties.map((card, i) => clean({ ...card, Target: checkTarget(v.Specialties?.[i]?.Target, pageTarget) })),
    WelcomePhoto: checkText(v.WelcomePhoto, S.WelcomePhoto),
    AboutPhoto: checkText(v.AboutPhoto, S.AboutPhoto),
    ContactPhoto: checkText(v.ContactPhoto, S.ContactPhoto),
    RbqLicence: isBlank(v.RbqLicence) || LICENCE.test(text(v.RbqLicence).trim()) ? undefined : t.licenceInvalid,
    Hours: ((v.Hours as Range[][] | undefined) ?? []).map(checkDay),
    HoursNote: checkText(v.HoursNote, S.HoursNote, true),
    En: clean({ ...english, Specialties: english.Specialties.map(clean), HoursNote: checkText(v.En?.HoursNote, S.HoursNote, true) }),
  });
}

/** The errors of a menu item's English text (`En.Label`, `En.Title`): as its French text's, but it may be empty. */
const checkEnglish = (en: unknown, key: string, limit: TextLimit) => clean({ [key]: checkText((en as Record<string, unknown> | undefined)?.[key], limit, true) });

export function validateMenu(values: FormValues): NestedErrors {
  const v = values as { Dropdowns?: Array<{ Title?: unknown; En?: unknown; Entries?: Array<Record<string, unknown>> }>; Links?: Array<Record<string, unknown>> };
  const entry = (link: Record<string, unknown>) =>
    clean({ Label: checkText(link.Label, limits.MenuLink.Label), Href: checkTarget(link.Href, siteTarget), En: checkEnglish(link.En, 'Label', limits.MenuLink.Label) });
  return clean({
    Dropdowns: (v.Dropdowns ?? []).map((dropdown) =>
      clean({
        Title: checkText(dropdown.Title, limits.MenuDropdown.Title),
        En: checkEnglish(dropdown.En, 'Title', limits.MenuDropdown.Title),
        Entries: (dropdown.Entries ?? []).map(entry),
      }),
    ),
    Links: (v.Links ?? []).map(entry),
  });
}
