// Turns Ajv errors (schema violations) into one French sentence a person can act on. The words
// are in messages.ts; this file picks the sentence and the field's label. An English text (issue
// 27, under En) is '' or follows its French field's rules: its sentence is the one of the French
// rule it broke, its label the French field's « en anglais ».
import type { FastifySchemaValidationError } from 'fastify';
import { messages } from '../domain/messages.ts';

const { minLength, maxLength, minItems, maxItems, minimum, maximum } = messages.validation;
/** The keywords whose sentence gives the schema's limit: a count (of characters, of items)… */
const countLimits = new Map(Object.entries({ minLength, maxLength, minItems, maxItems }));
/** …or a bound (of a number). */
const boundLimits = new Map(Object.entries({ minimum, maximum }));

/**
 * The error to explain. Ajv reports a value that matches no branch of an `anyOf` (the English
 * texts' `'' or the French field's rules`) with each branch's error first, in order: the one to
 * tell is the last branch's, the French field's rule.
 */
function reported(errors: FastifySchemaValidationError[]): FastifySchemaValidationError | undefined {
  const anyOf = errors.find((e) => e.keyword === 'anyOf');
  const rule = anyOf && errors.filter((e) => e.keyword !== 'anyOf' && e.instancePath === anyOf.instancePath).at(-1);
  return rule ?? errors[0];
}

/** How a field is named: « Le nom (Name) », and under En « Le nom en anglais (En.Name) ». */
function labelOf(field: string, english: boolean): string {
  const t = messages.validation;
  if (field === 'En') return t.englishTexts;
  const label = t.labels[field] ?? t.field;
  return english ? `${label} ${t.inEnglish} (En.${field})` : `${label} (${field})`;
}

export function frenchValidationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const t = messages.validation;
  const error = reported(errors);
  if (!error) return t.invalid;
  const params = (error.params ?? {}) as Record<string, unknown>;
  const path = error.instancePath.split('/').filter(Boolean);
  let field = path[path.length - 1];
  if (error.keyword === 'required') field = String(params.missingProperty ?? '');
  let label = field ? labelOf(field, path.includes('En')) : context === 'body' ? t.body : t.request;
  // A field of the opening hours (issue 31) is named with its day: « L'heure d'ouverture du lundi (Hours[0][0].Open) ».
  const day = path[0] === 'Hours' && path[1] !== undefined ? messages.site.days[Number(path[1])] : undefined;
  if (day && field) label = `${t.ofDay(t.labels[field] ?? t.labels.Hours ?? '', day)} (${path.slice(0, 3).map((p, i) => (i ? `[${p}]` : p)).join('')}${path[3] ? `.${path[3]}` : ''})`;

  const counted = countLimits.get(error.keyword);
  if (counted) return counted(label, Number(params.limit));
  const bounded = boundLimits.get(error.keyword);
  if (bounded) return bounded(label, String(params.limit));
  switch (error.keyword) {
    case 'required':
      return t.required(label);
    case 'additionalProperties':
      return t.notAllowed(String(params.additionalProperty));
    case 'type':
      return t.type(label, t.typeNames[String(params.type)] ?? String(params.type));
    case 'format':
      return params.format === 'email' ? t.email(label) : t.format(label);
    case 'not':
      // The contract's only `not`: a text made of spaces alone.
      return t.blank(label);
    case 'pattern': {
      // The message follows the rule (the pattern of openapi.yaml), not the field's name.
      const pattern = String(params.pattern);
      if (pattern === '^[0-9a-f]{32}$') return t.md5(label);
      if (pattern.startsWith('^([0-9]{4}')) return t.rbqLicence(label);
      if (pattern.startsWith('^(19|20)')) return t.month(label);
      if (pattern.startsWith('^([01][0-9]')) return t.time(label);
      if (pattern.startsWith('^[^<>')) return t.plainText(label);
      if (pattern.startsWith('^https://')) return t.httpsUrl(label);
      if (pattern.startsWith('^\\+?1?')) return t.phone(label);
      if (pattern.startsWith('^([A-Za-z][0-9]')) return t.postalCode(label);
      if (pattern.startsWith('^/(')) return t.sitePage(label);
      if (pattern.includes('[A-Za-z0-9]')) return t.fileName(label);
      if (pattern.startsWith('^[^')) return t.forbiddenCharacter(label);
      return t.format(label);
    }
    default:
      return t.other(label);
  }
}
