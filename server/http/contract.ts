// Reads openapi.yaml and turns each operation into what Fastify needs: method, URL, JSON schemas
// for params, body and responses, security requirements, tag, and how to name the handler's
// argument the way the generated client does (path params camelCased, the body under the
// lower-camel name of its schema: `category`, `projectType`, `userInput`, ...).
import { readFileSync, statSync } from 'node:fs';
import { parse } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface ContractOperation {
  operationId: string;
  tag: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The contract path, e.g. `/api/category/{Id}`. */
  path: string;
  /** The Fastify URL, e.g. `/api/category/:Id`. */
  url: string;
  /** Path parameter names as written in the contract. */
  pathParams: string[];
  /** Query parameter names as written in the contract (others in the query are ignored). */
  queryParams: string[];
  /** Key of the body in the handler argument (null when the call has no body). */
  bodyKey: string | null;
  /**
   * The body is multipart/form-data (a file upload): the handler streams it from the request
   * itself, so no body schema is handed to Fastify; `multipartSchema` is the contract's, for
   * reference (the fields the handler must check).
   */
  multipart: boolean;
  multipartSchema?: JsonObject;
  /** Security schemes named by the operation (`bearer`, `refreshBearer`, `xsrf`). */
  security: string[];
  /**
   * One of its requirements is empty (`security: [{}, { bearer: [] }]`): the call may be made
   * without a token; one that is sent must be valid (the answer depends on it).
   */
  securityOptional: boolean;
  /** `x-no-store: true`: a public GET whose answer no cache may keep (e.g. a form's token). */
  noStore: boolean;
  /** `x-keeps-public-reads: true`: a write that changes nothing a public read shows (sign-in, quote request). */
  keepsPublicReads: boolean;
  schema: {
    params?: JsonObject;
    querystring?: JsonObject;
    body?: JsonObject;
    response: Record<string, JsonObject>;
  };
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const lowerFirst = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/**
 * A response schema as fast-json-stringify needs it: an `anyOf` whose every branch is a plain
 * scalar (an English text: '' or the French field's rule; an id or null) becomes that type or
 * list of types. Answers are serialized, never validated, and fast-json-stringify picks an
 * `anyOf` branch by validating the value against each in turn: two validations per English text,
 * a fifth of GET /api/randomprojects/7's time (issue 26). Branches with a `format` (a date-time
 * serialized from a Date) or any structure are kept.
 */
function forSerialization(node: Json): Json {
  if (Array.isArray(node)) return node.map(forSerialization);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = forSerialization(value);
  const branches = out.anyOf ?? out.oneOf;
  if (!Array.isArray(branches)) return out;
  const scalar = (branch: Json): branch is JsonObject =>
    isObject(branch) && typeof branch.type === 'string' && SCALAR_TYPES.has(branch.type) && Object.keys(branch).every((key) => !['format', 'properties', 'items', 'anyOf', 'oneOf', 'allOf'].includes(key));
  if (!branches.every(scalar)) return out;
  const types = [...new Set(branches.map((branch) => String((branch as JsonObject).type)))];
  delete out.anyOf;
  delete out.oneOf;
  return { ...out, type: types.length === 1 ? (types[0] as string) : types };
}

/** The operations read from each contract file, with the file's size and date when read. */
const loaded = new Map<string, { stamp: string; operations: ContractOperation[] }>();

/**
 * The operations of the contract at `openapiPath`. A process that builds several apps (the
 * tests build hundreds) reads and resolves the file once while it is unchanged; each app gets
 * its own copy (Fastify may annotate the schemas it is given).
 */
export function loadContract(openapiPath: string): ContractOperation[] {
  const { size, mtimeMs } = statSync(openapiPath);
  const stamp = `${size} ${mtimeMs}`;
  let entry = loaded.get(openapiPath);
  if (entry?.stamp !== stamp) {
    entry = { stamp, operations: readContract(openapiPath) };
    loaded.set(openapiPath, entry);
  }
  return structuredClone(entry.operations);
}

function readContract(openapiPath: string): ContractOperation[] {
  // `yaml` resolves the anchors and aliases (the shared mutation responses) itself.
  const doc: unknown = parse(readFileSync(openapiPath, 'utf8'), { maxAliasCount: 1000 });
  if (!isObject(doc) || !isObject(doc.paths)) throw new Error(`${openapiPath}: no paths`);
  const root = doc;

  const lookup = (ref: string): Json => {
    if (!ref.startsWith('#/')) throw new Error(`Unsupported $ref ${ref}`);
    let node: Json = root;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(node) || !(key in node)) throw new Error(`Unresolved $ref ${ref}`);
      node = node[key] as Json;
    }
    return node;
  };

  // Inline every $ref (the contract has no recursive schema) and drop annotations that only
  // document, so the schemas handed to Ajv and fast-json-stringify are plain JSON Schema.
  const resolve = (node: Json, depth = 0): Json => {
    if (depth > 50) throw new Error('$ref nesting too deep');
    if (Array.isArray(node)) return node.map((item) => resolve(item, depth + 1));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') return resolve(lookup(node.$ref), depth + 1);
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' || key === 'summary' || key === 'example') continue;
      out[key] = resolve(value, depth + 1);
    }
    return out;
  };

  const refName = (node: Json): string | null =>
    isObject(node) && typeof node.$ref === 'string' ? (node.$ref.split('/').pop() ?? null) : null;

  const operations: ContractOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    if (!isObject(rawItem)) continue;
    const sharedParams = Array.isArray(rawItem.parameters) ? rawItem.parameters : [];
    for (const method of METHODS) {
      const op = rawItem[method];
      if (!isObject(op)) continue;
      const operationId = String(op.operationId);
      const tags = Array.isArray(op.tags) ? op.tags : [];
      const rawParams = [...sharedParams, ...(Array.isArray(op.parameters) ? op.parameters : [])];
      const params = rawParams.map((p) => resolve(p)).filter(isObject);
      const pathParamDefs = params.filter((p) => p.in === 'path');
      const queryParamDefs = params.filter((p) => p.in === 'query');

      const schema: ContractOperation['schema'] = { response: {} };
      if (pathParamDefs.length > 0) {
        const properties: JsonObject = {};
        for (const p of pathParamDefs) properties[String(p.name)] = p.schema as Json;
        schema.params = {
          type: 'object',
          properties,
          required: pathParamDefs.map((p) => String(p.name)),
          additionalProperties: false,
        };
      }
      if (queryParamDefs.length > 0) {
        const properties: JsonObject = {};
        for (const p of queryParamDefs) properties[String(p.name)] = p.schema as Json;
        schema.querystring = { type: 'object', properties, required: queryParamDefs.filter((p) => p.required === true).map((p) => String(p.name)) };
      }

      let bodyKey: string | null = null;
      let multipart = false;
      let multipartSchema: JsonObject | undefined;
      if (op.requestBody !== undefined) {
        // Name the body after its schema, as the generated client does.
        const rawBody = isObject(op.requestBody) && op.requestBody.$ref ? lookup(String(op.requestBody.$ref)) : op.requestBody;
        const content = isObject(rawBody) && isObject(rawBody.content) ? rawBody.content : {};
        const types = Object.keys(content);
        if (types.length !== 1 || (types[0] !== 'application/json' && types[0] !== 'multipart/form-data')) {
          throw new Error(`${operationId}: the body must be application/json or multipart/form-data (one of them)`);
        }
        multipart = types[0] === 'multipart/form-data';
        const media = content[types[0] as string];
        const rawSchema = isObject(media) ? media.schema : undefined;
        const name = rawSchema === undefined ? null : refName(rawSchema);
        if (!name || rawSchema === undefined) throw new Error(`${operationId}: the body must be a named schema`);
        bodyKey = lowerFirst(name);
        if (multipart) multipartSchema = resolve(rawSchema) as JsonObject;
        else schema.body = resolve(rawSchema) as JsonObject;
      }

      if (isObject(op.responses)) {
        for (const [code, rawResponse] of Object.entries(op.responses)) {
          const response = resolve(rawResponse);
          if (isObject(response) && isObject(response.content) && isObject(response.content['application/json'])) {
            const s = response.content['application/json'].schema;
            if (isObject(s)) schema.response[code] = forSerialization(s) as JsonObject;
          }
        }
      }

      const security = new Set<string>();
      const requirements = Array.isArray(op.security) ? op.security : [];
      for (const requirement of requirements) if (isObject(requirement)) for (const k of Object.keys(requirement)) security.add(k);

      operations.push({
        operationId,
        tag: String(tags[0] ?? ''),
        method: method.toUpperCase() as ContractOperation['method'],
        path,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        pathParams: pathParamDefs.map((p) => String(p.name)),
        queryParams: queryParamDefs.map((p) => String(p.name)),
        bodyKey,
        multipart,
        ...(multipartSchema ? { multipartSchema } : {}),
        security: [...security],
        securityOptional: requirements.some((requirement) => isObject(requirement) && Object.keys(requirement).length === 0),
        noStore: op['x-no-store'] === true,
        keepsPublicReads: op['x-keeps-public-reads'] === true,
        schema,
      });
    }
  }
  return operations;
}

/** The handler argument key of a path or query parameter, as the generated client names it (`Id` → `id`). */
export const argKeyOfParam = lowerFirst;
