// Generates, from openapi.yaml:
//   src/api/generated.ts   the client's RTK Query endpoints and hooks that need no administrator's
//                          token and that public pages make (types from contract/api.ts);
//   src/api/generatedAdmin.ts  the others (security: bearer only, or x-admin-client), injected into the same API by
//                          the admin's chunk alone: public pages never load the admin's calls;
//   contract/api.ts        the schema and operation types both sides import (types only), the
//                          table of operations (operationId → [argument, answer]) and where each is;
//   contract/limits.ts     the length and pattern limits of every string the contract constrains
//                          (and the number of items of every array it bounds), as data the
//                          client's validators and the server's rules import;
//   contract/publicLimits.ts  those of what public pages send (the quote form, the statistics): what
//                          public pages load; limits.ts has the others.
//   npm run codegen                  write the files
//   node codegen.config.ts --check   exit 1 when a committed file is stale (used by a test)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConfigFile } from '@rtk-query/codegen-openapi';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const config: ConfigFile = {
  schemaFile: here('./openapi.yaml'),
  apiFile: './baseApi.ts', // relative to src/api, where the generated file lives
  apiImport: 'baseApi',
  outputFile: here('./src/api/generated.ts'),
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: false,
};

export default config;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const upperFirst = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * An operation of the admin's chunk: every security requirement names `bearer`, or it is marked
 * `x-admin-client: true` (a call only the admin's screens make without a token, e.g. a sign-in or its
 * second step: public pages never load it).
 */
const adminOnly = (operation: { security?: Array<Record<string, unknown>>; 'x-admin-client'?: unknown }): boolean =>
  operation['x-admin-client'] === true ||
  ((operation.security ?? []).length > 0 && (operation.security ?? []).every((requirement) => 'bearer' in requirement));

/** The type declarations of the RTK Query file, without the endpoints and hooks. */
function typesOf(rtk: string): string {
  const start = rtk.indexOf('export type ');
  const end = rtk.indexOf('export const {', start);
  if (start < 0 || end < 0) throw new Error('codegen: unexpected layout of the generated client');
  return rtk.slice(start, end).trimEnd() + '\n';
}

/** `operationId: [Arg, Answer]` and the method, path and tag of each operation. */
function operationsOf(doc: JsonObject): string {
  const rows: { id: string; method: string; path: string; tag: string }[] = [];
  for (const [path, item] of Object.entries(doc.paths as JsonObject)) {
    if (!isObject(item)) continue;
    for (const method of ['get', 'post', 'put', 'delete']) {
      const op = item[method];
      if (!isObject(op)) continue;
      const tags = op.tags as string[];
      rows.push({ id: String(op.operationId), method: method.toUpperCase(), path, tag: String(tags[0]) });
    }
  }
  const types = rows
    .map(({ id }) => `  ${id}: [${upperFirst(id)}ApiArg, ${upperFirst(id)}ApiResponse];`)
    .join('\n');
  const table = rows
    .map(({ id, method, path, tag }) => `  ${id}: { method: '${method}', path: '${path}', tag: '${tag}' },`)
    .join('\n');
  return (
    '\n/** Every operation of the contract: its argument (as the generated client names it) and its answer. */\n' +
    `export interface Operations {\n${types}\n}\n\n` +
    'export type OperationId = keyof Operations;\n\n' +
    '/** Where each operation is: its method, its path as written in the contract and its tag. */\n' +
    `export const operations = {\n${table}\n} as const satisfies Record<OperationId, { method: string; path: string; tag: string }>;\n`
  );
}

/**
 * minLength, maxLength, pattern and notPattern (`not: { pattern }`: a blank text) of every constrained string, and minItems and maxItems of every bounded array, per schema and property.
 * A schema marked `x-client-limits: false` is left out: JSON that machines write (a passkey
 * ceremony's, issue 29), which no form validates; the server still checks it from openapi.yaml.
 * The schemas that public pages' calls send (the quote form's, the statistics') are written apart, in
 * publicLimits.ts: a page loads one constant whole, and public pages no longer load the
 * administrator's (issue 33's budget for public JavaScript).
 */
function limitsOf(doc: JsonObject): { limits: string; publicLimits: string } {
  const schemas = (doc.components as JsonObject).schemas as JsonObject;
  const resolve = (node: Json): JsonObject => {
    let at = node;
    while (isObject(at) && typeof at.$ref === 'string') at = schemas[at.$ref.split('/').pop() as string] as Json;
    return isObject(at) ? at : {};
  };
  const limit = (schema: JsonObject): JsonObject | null => {
    if (schema.type === 'array') {
      const out: JsonObject = {};
      for (const key of ['minItems', 'maxItems']) if (key in schema) out[key] = schema[key] as Json;
      return Object.keys(out).length ? out : null;
    }
    if (schema.type !== 'string') return null;
    const out: JsonObject = {};
    for (const key of ['minLength', 'maxLength', 'pattern']) if (key in schema) out[key] = schema[key] as Json;
    if (isObject(schema.not) && typeof schema.not.pattern === 'string') out.notPattern = schema.not.pattern;
    return Object.keys(out).length ? out : null;
  };
  const all: Record<string, JsonObject> = {};
  for (const [name, node] of Object.entries(schemas)) {
    if (isObject(node) && node['x-client-limits'] === false) continue;
    const schema = resolve(node);
    const own = limit(schema);
    if (own) all[name] = own;
    if (!isObject(schema.properties)) continue;
    const properties: JsonObject = {};
    for (const [property, value] of Object.entries(schema.properties)) {
      const found = limit(resolve(value));
      if (found) properties[property] = found;
    }
    if (Object.keys(properties).length) all[name] = properties;
  }
  // The schemas the request bodies of public calls name (an administrator's token not required).
  const sent = new Set<string>();
  const refsIn = (node: Json): void => {
    if (Array.isArray(node)) node.forEach(refsIn);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string') sent.add(node.$ref.split('/').pop() as string);
      Object.values(node).forEach(refsIn);
    }
  };
  for (const item of Object.values(doc.paths as JsonObject)) {
    for (const operation of Object.values(item as JsonObject)) {
      if (isObject(operation) && !adminOnly(operation)) refsIn(operation.requestBody ?? null);
    }
  }
  const pick = (isPublic: boolean) => Object.fromEntries(Object.entries(all).filter(([name]) => sent.has(name) === isPublic));
  // One line per limit (a string schema's, or a property's): read as a table, a schema's
  // properties one under the other; pretty-printed JSON put each limit on four or five lines,
  // and many schemas (the site's settings, their English twins) repeat the same blocks.
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
  const isLimit = (value: JsonObject) => Object.values(value).every((entry) => !isObject(entry));
  const line = (value: JsonObject) =>
    `{ ${Object.entries(value).map(([name, entry]) => `${key(name)}: ${JSON.stringify(entry)}`).join(', ')} }`;
  const table = (chosen: Record<string, JsonObject>) =>
    '{\n' +
    Object.entries(chosen)
      .map(([name, value]) =>
        isLimit(value)
          ? `  ${key(name)}: ${line(value)},\n`
          : `  ${key(name)}: {\n${Object.entries(value).map(([property, found]) => `    ${key(property)}: ${line(found as JsonObject)},\n`).join('')}  },\n`,
      )
      .join('') +
    '}';
  const patterns = Object.entries(all)
    .filter(([, value]) => typeof value.pattern === 'string')
    .map(([name]) => `  ${name}: new RegExp(limits.${name}.pattern),`)
    .join('\n');
  return {
    publicLimits:
      '/** The limits of what public calls send (the quote form, the statistics): `publicLimits.<Schema>.<Property>`. */\n' +
      `export const publicLimits = ${table(pick(true))} as const;\n`,
    limits:
      '/** String (and array) limits of the contract (those of what public calls send: publicLimits.ts): `limits.<Schema>.<Property>`, or `limits.<Schema>` for a string schema. */\n' +
      `export const limits = ${table(pick(false))} as const;\n\n` +
      '/** The pattern of each string schema, compiled. */\n' +
      `export const patterns = {\n${patterns}\n};\n`,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { generateEndpoints } = await import('@rtk-query/codegen-openapi');
  const { parse } = await import('yaml');
  const check = process.argv.includes('--check');
  const source = readFileSync(config.schemaFile, 'utf8');
  const doc = parse(source, { maxAliasCount: 1000 }) as JsonObject;
  // The contract's hash in the banner: any change to openapi.yaml makes the files stale.
  const hash = createHash('sha256').update(source).digest('hex');
  const banner =
    `// GENERATED by \`npm run codegen\` from openapi.yaml (sha256 ${hash.slice(0, 16)}).\n` +
    '// Do not edit by hand.\n';
  process.chdir(here('./src/api'));
  const rtk = String(await generateEndpoints({ ...config, outputFile: undefined }));
  const types = typesOf(rtk);
  const names = [...types.matchAll(/^export type (\w+)/gm)].map((match) => match[1]);
  // Each client file keeps its endpoints and hooks and takes its types from contract/api.ts.
  const clientFile = async (admin: boolean, exportName: string, reexport: string) => {
    const code = String(
      await generateEndpoints({
        ...config,
        outputFile: undefined,
        exportName,
        // Public pages use no lazy query: their hooks would be made and shipped for nothing.
        hooks: { queries: true, lazyQueries: admin, mutations: true },
        // `x-browser-sent: true`: a call the browser makes itself (a keepalive beacon, an image), never through RTK Query.
        filterEndpoints: (_name, op) => (op.operation as { 'x-browser-sent'?: unknown })['x-browser-sent'] !== true && adminOnly(op.operation) === admin,
      }),
    );
    const own = typesOf(code);
    const used = names.filter((name) => new RegExp(`\\b${name}\\b`).test(code.replace(own, '')));
    return banner + code.replace(own, `import type { ${used.join(', ')} } from '../../contract/api';\n${reexport}`);
  };
  const limits = limitsOf(doc);
  const files: [string, string][] = [
    [config.outputFile, await clientFile(false, 'generatedApi', "export type * from '../../contract/api';\n")],
    [here('./src/api/generatedAdmin.ts'), await clientFile(true, 'generatedAdminApi', '')],
    [here('./contract/api.ts'), banner + '// Types only: no RTK Query, no DOM; the server and the client both import them.\n' + types + operationsOf(doc)],
    [here('./contract/limits.ts'), banner + limits.limits],
    [here('./contract/publicLimits.ts'), banner + limits.publicLimits],
  ];
  let stale = false;
  for (const [path, text] of files) {
    const name = path.slice(here('./').length);
    if (check) {
      let committed = '';
      try {
        committed = readFileSync(path, 'utf8');
      } catch {
        // missing: stale
      }
      if (committed !== text) {
        console.error(`${name} is stale: run \`npm run codegen\` and commit the result.`);
        stale = true;
      }
    } else {
      writeFileSync(path, text);
      console.log(`Wrote ${name}`);
    }
  }
  if (stale) process.exit(1);
  if (check) console.log('src/api/generated.ts, generatedAdmin.ts and contract/ match openapi.yaml');
}
