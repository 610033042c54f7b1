/**
 * @jest-environment node
 */
// openapi.yaml is the single source of truth: it must be a valid OpenAPI document, hold every
// call of the specification's section 7 table, and match the committed generated client.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';

const root = resolve(__dirname, '../..');
const contractPath = resolve(root, 'openapi.yaml');

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
}
type Document = { paths: Record<string, Record<string, Operation>> };
const contract = parse(readFileSync(contractPath, 'utf8')) as Document;

// Section 7 of the specification, row by row (method, path exactly as written there).
const section7 = `
POST /api/login/
POST /api/refreshtoken/
GET /api/category/all/
POST /api/category/
PUT /api/category/{Id}
DELETE /api/category/{Id}
GET /api/projecttype/all/
GET /api/projecttype/{id}
POST /api/projecttype/
PUT /api/projecttype/{Id}
DELETE /api/projecttype/{Id}
GET /api/projects/{typeId}
GET /api/project/{id}
GET /api/project/all/
GET /api/randomprojects/{count}
POST /api/project/
PUT /api/project/{Id}
DELETE /api/project/{Id}
POST /api/subtype/add/
POST /api/subtype/del/
GET /api/user/all/
POST /api/user/
PUT /api/user/{id}
DELETE /api/user/{id}
GET /api/menu
`
  .trim()
  .split('\n')
  .map((row) => row.split(' ') as [string, string]);

// Calls the specification leaves unshown or that this contract adds.
const added: [string, string][] = [
  ['GET', '/api/subtype/{id}'],
  ['POST', '/api/logout/'],
  // Issue 6: the image library.
  ['GET', '/api/image/all/'],
  ['POST', '/api/image/'],
  ['DELETE', '/api/image/{name}'],
  // Issue 17: quote requests (the public form, the admin inbox).
  ['GET', '/api/quote/form'],
  ['POST', '/api/quote'],
  ['GET', '/api/quote/all/'],
  ['GET', '/api/quote/{Id}'],
  ['PUT', '/api/quote/{Id}'],
  ['DELETE', '/api/quote/{Id}'],
  ['GET', '/api/quote/{Id}/photo/{Number}'],
  // Issue 14: the site's settings and the menu, edited by the owner.
  ['GET', '/api/site'],
  ['PUT', '/api/site'],
  ['PUT', '/api/menu'],
  ['GET', '/api/menu/all/'],
  // Issue 15: the owner's order of categories, types and projects.
  ['PUT', '/api/category/order/'],
  ['PUT', '/api/projecttype/order/{categoryId}'],
  ['PUT', '/api/projects/{typeId}/order'],
  // Issue 15: a project's gallery.
  ['GET', '/api/project/{id}/gallery'],
  ['POST', '/api/project/{id}/gallery'],
  ['PUT', '/api/project/{id}/gallery/order'],
  ['PUT', '/api/project/{id}/gallery/{itemId}'],
  ['DELETE', '/api/project/{id}/gallery/{itemId}'],
  // Issue 31: clients' testimonials.
  ['GET', '/api/testimonial/all/'],
  ['POST', '/api/testimonial/'],
  ['PUT', '/api/testimonial/{Id}'],
  ['DELETE', '/api/testimonial/{Id}'],
  ['PUT', '/api/testimonial/order/'],
  // Issue 28: the trash, the versions of a record, the journal.
  ['GET', '/api/trash/'],
  ['POST', '/api/trash/{Id}/restore'],
  ['DELETE', '/api/trash/{Id}'],
  ['GET', '/api/history/{Kind}/{RecordId}'],
  ['POST', '/api/history/{Kind}/{RecordId}/{Version}/restore'],
  ['GET', '/api/journal/'],
  // Issue 29: an administrator's second factor (the sign-in's second step, the account's factors).
  ['POST', '/api/login/totp/'],
  ['POST', '/api/login/recovery/'],
  ['GET', '/api/account/security'],
  ['POST', '/api/account/totp/'],
  ['DELETE', '/api/account/totp/'],
  ['POST', '/api/account/totp/confirm'],
  ['POST', '/api/account/recovery/'],
  // Issue 29: passkeys (sign-in alone or as the second step; registration, proof, removal).
  ['POST', '/api/login/passkey/options'],
  ['POST', '/api/login/passkey/'],
  ['POST', '/api/account/passkey/options'],
  ['POST', '/api/account/passkey/proof-options'],
  ['POST', '/api/account/passkey/'],
  ['DELETE', '/api/account/passkey/{Id}'],
  // Issue 30: visit statistics (the beacon, its <noscript> image, the owner's figures).
  ['POST', '/api/stats/view'],
  ['GET', '/api/stats/view'],
  ['GET', '/api/stats/'],
];

const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
    .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

test('openapi.yaml is a valid OpenAPI 3.1 document', async () => {
  const validator = new Validator();
  const result = await validator.validate(contractPath);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

test.each(section7)('section 7 call %s %s is in the contract', (method, path) => {
  expect(operations.some((o) => o.method === method && o.path === path)).toBe(true);
});

test('the contract has exactly the calls of section 7 plus the documented additions', () => {
  const expected = [...section7, ...added].map(([m, p]) => `${m} ${p}`).sort();
  expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(expected);
});

test('every operation has a unique operationId and a tag', () => {
  const ids = operations.map((o) => o.op.operationId);
  expect(ids.every(Boolean)).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect(operations.every((o) => (o.op.tags ?? []).length === 1)).toBe(true);
});

test('every mutation except login (and its second step), refresh, logout, a visitor\'s quote request and page view declares bearer security', () => {
  const open = ['login', 'loginTotp', 'loginRecovery', 'loginPasskeyOptions', 'loginPasskey', 'refreshToken', 'logout', 'sendQuote', 'sendStatsView'];
  for (const { method, op } of operations) {
    if (method === 'GET' || open.includes(op.operationId ?? '')) continue;
    expect(op.security?.some((s) => 'bearer' in s)).toBe(true);
  }
});

test('the committed generated client and contract/ match openapi.yaml', () => {
  // Throws (exit 1) when src/api/generated.ts, contract/api.ts or contract/limits.ts is stale.
  const out = execFileSync(process.execPath, ['codegen.config.ts', '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(out).toContain('match openapi.yaml');
});
