// How requests are read and checked: JSON bodies (an empty body is no body; text with half of a
// surrogate pair is refused) and Ajv validation from the contract's schemas (bodies as sent, path
// parameters coerced to integers only when they are plain decimal digits).
import type { FastifyInstance } from 'fastify';
import type { FastifyValidationResult } from 'fastify/types/schema.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when every string (and key) of a parsed JSON value is well-formed Unicode. */
function wellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(wellFormed);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).every(([key, item]) => !LONE_SURROGATE.test(key) && wellFormed(item));
  }
  return true;
}

// Bodies are checked as sent (no coercion, no removal); path params are strings coerced to the
// contract's integers. One pair of Ajv instances for the process, and one compiled validator per
// schema: a process that builds several apps (the tests build hundreds) compiles each once.
const bodyAjv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, strict: false });
const paramAjv = new Ajv({ allErrors: false, coerceTypes: true, removeAdditional: false, useDefaults: false, strict: false });
addFormats.default(bodyAjv);
addFormats.default(paramAjv);
const compiled = new Map<string, FastifyValidationResult>();

function compile(schema: object, httpPart: string | undefined): FastifyValidationResult {
  const key = `${httpPart === 'body' ? 'body' : 'param'} ${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = httpPart === 'body' ? bodyAjv.compile(schema) : paramValidator(schema);
    compiled.set(key, validate);
  }
  return validate;
}

function paramValidator(schema: object): FastifyValidationResult {
  const validate = paramAjv.compile(schema);
  // Ajv coerces any numeric string ('0x10', '1e1', ' 1', '+1') to an integer, so one record
  // would answer to many URLs: only plain decimal digits are an integer path parameter.
  const properties = (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
  if (integers.length === 0) return validate;
  const strict: FastifyValidationResult = (data: unknown): boolean => {
    const values = (data ?? {}) as Record<string, unknown>;
    const bad = integers.find((name) => typeof values[name] === 'string' && !/^[0-9]{1,10}$/.test(values[name]));
    if (bad !== undefined) {
      strict.errors = [{ keyword: 'type', instancePath: `/${bad}`, schemaPath: '#/type', params: { type: 'integer' }, message: 'must be integer' }];
      return false;
    }
    const ok = validate(data);
    strict.errors = validate.errors;
    return ok as boolean;
  };
  return strict;
}

export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }): FastifyValidationResult => compile(schema, httpPart));

  // A POST without a body (refreshtoken, logout) may still say Content-Type: application/json.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return jsonParser(req, text, (error, value) => {
      // JSON may escape half of a surrogate pair ("\ud83e"): SQLite would store U+FFFD instead,
      // so what is read back would not be what was sent. Refuse such text.
      if (!error && !wellFormed(value)) {
        return done(Object.assign(new Error('lone surrogate'), { statusCode: 400, code: 'BODY_INVALID_UNICODE' }), undefined);
      }
      return done(error, value);
    });
  });
}
