// The environment → config: token lifetimes (ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL) are strict, and
// the lifetimes configured are the ones the tokens carry.
import { configFromEnv } from './config.ts';
import { build } from './test/helper.ts';

const lifetimes = (env: NodeJS.ProcessEnv) => configFromEnv(env, '/repo').app.tokenLifetimes;

test('token lifetimes default to 15 minutes and 30 days', () => {
  expect(lifetimes({})).toEqual({ accessSeconds: 900, refreshSeconds: 30 * 24 * 3600 });
});

test('token lifetimes are read in seconds', () => {
  expect(lifetimes({ ACCESS_TOKEN_TTL: '2', REFRESH_TOKEN_TTL: '8' })).toEqual({ accessSeconds: 2, refreshSeconds: 8 });
  expect(lifetimes({ ACCESS_TOKEN_TTL: '600' })).toEqual({ accessSeconds: 600, refreshSeconds: 30 * 24 * 3600 });
});

test.each(['0', '-5', '1.5', '2s', ' 2', '', '1e3', '0x10', '99999999999999999999'])(
  'ACCESS_TOKEN_TTL=%j is refused at start-up',
  (value) => {
    expect(() => lifetimes({ ACCESS_TOKEN_TTL: value })).toThrow(/^ACCESS_TOKEN_TTL invalide/);
    expect(() => lifetimes({ REFRESH_TOKEN_TTL: value })).toThrow(/^REFRESH_TOKEN_TTL invalide/);
  },
);

test('a refresh token must outlive the access token', () => {
  expect(() => lifetimes({ ACCESS_TOKEN_TTL: '60', REFRESH_TOKEN_TTL: '60' })).toThrow(/REFRESH_TOKEN_TTL \(60\) doit dépasser/);
  expect(() => lifetimes({ ACCESS_TOKEN_TTL: '3600', REFRESH_TOKEN_TTL: '60' })).toThrow(/doit dépasser/);
});

test('the tokens carry the configured lifetimes', async () => {
  const t = await build({ config: { tokenLifetimes: { accessSeconds: 2, refreshSeconds: 7 } } });
  try {
    const { Token } = await t.login();
    const payload = JSON.parse(Buffer.from(Token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, number>;
    expect(Number(payload.exp) - Number(payload.iat)).toBe(2);
    const [stored] = await t.db.selectFrom('refresh_token').selectAll().execute();
    expect(Number(stored?.expires_at) - Number(stored?.created_at)).toBe(7);
  } finally {
    await t.close();
  }
});

test('PUBLIC_URL is an origin: kept without a trailing slash; a path or another scheme is refused', () => {
  const publicUrl = (value?: string) => configFromEnv(value === undefined ? {} : { PUBLIC_URL: value }, '/repo').app.publicUrl;
  expect(publicUrl()).toBeUndefined();
  expect(publicUrl('https://www.exemple.ca/')).toBe('https://www.exemple.ca');
  expect(publicUrl('http://localhost:8080')).toBe('http://localhost:8080');
  for (const bad of ['www.exemple.ca', 'ftp://exemple.ca', 'https://exemple.ca/site', 'https://exemple.ca/?a=1']) {
    expect(() => publicUrl(bad)).toThrow(/^PUBLIC_URL invalide/);
  }
});

test('REQUIRE_SECOND_FACTOR (issue 29): true or false, off when unset; anything else is refused at start-up', () => {
  const required = (value?: string) => configFromEnv(value === undefined ? {} : { REQUIRE_SECOND_FACTOR: value }, '/repo').app.requireSecondFactor;
  expect([required(), required('false'), required('true')]).toEqual([false, false, true]);
  for (const value of ['1', 'yes', 'TRUE', 'oui']) expect(() => required(value)).toThrow(`REQUIRE_SECOND_FACTOR=${value} : attendu true ou false.`);
});
