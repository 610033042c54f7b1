// Issue 29: a second factor for administrators - authenticator codes (RFC 6238) and recovery
// codes. One app for the file, its clock moved by the tests (never slept on); each test signs in
// from its own address, so the sign-in limits of one do not reach the next.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import type { AccountSecurity, RecoveryCodesResult, TokenResponse, TotpSetup } from '../../contract/api.ts';
import { md5hex } from '../auth/passwords.ts';
import { sha256 } from '../auth/secondFactor.repository.ts';
import { hotp, stepOf, totpAt, TOTP_STEP_SECONDS } from '../auth/totp.ts';
import { ADMIN_EMAIL, ADMIN_PWD, build, repoRoot, XSRF, type TestApp } from './helper.ts';
import { serverEnv } from './database.ts';

const STEP = TOTP_STEP_SECONDS * 1000;
let t: TestApp;
// Ten seconds into a step: a step's codes stay the step's while a test runs.
let clock = 1_900_000_000_000 - (1_900_000_000_000 % STEP) + 10_000;
let nextAddress = 1;

beforeAll(async () => {
  // Access tokens live a day: the clock moves past the 5 minutes of a challenge.
  t = await build({ config: { now: () => clock, tokenLifetimes: { accessSeconds: 86_400, refreshSeconds: 30 * 86_400 } } });
});
afterAll(() => t.close());

/** A new client address (the sign-in limits count per address). */
const newAddress = () => `10.29.0.${nextAddress++}`;

async function post<T>(url: string, body: unknown, { token, address = '10.29.1.1', method = 'POST' }: { token?: string; address?: string; method?: InjectOptions['method'] } = {}) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json<T>() };
}

const security = async (token: string) => (await t.call('GET', '/api/account/security', { token })).json<AccountSecurity>();
const signIn = (address: string, email = ADMIN_EMAIL, pwd = ADMIN_PWD) => post<TokenResponse>('/api/login/', { Email: email, Pwd: pwd }, { address });

/** An administrator with the codes of an app on (a new one, added with `adminToken`): its token, secret and recovery codes. */
async function withTotp(email: string, adminToken?: string): Promise<{ token: string; secret: string; codes: string[] }> {
  if (adminToken) {
    expect((await t.call('POST', '/api/user/', { token: adminToken, body: { Id: 0, Email: email, Pwd: md5hex('motdepasse-2') } })).json()).toMatchObject({ Result: true });
  }
  const { Token: token } = adminToken ? await t.login(email, md5hex('motdepasse-2')) : await t.login();
  const setup = await post<TotpSetup>('/api/account/totp/', {}, { token });
  const secret = setup.json.Secret;
  const confirmed = await post<RecoveryCodesResult>('/api/account/totp/confirm', { Code: totpAt(secret, clock) }, { token });
  expect(confirmed.json.Result).toBe(true);
  clock += 2 * STEP; // the confirmation's step is used: the next codes, even one step early, are new steps'
  return { token, secret, codes: confirmed.json.RecoveryCodes };
}

/** The password step: its challenge. */
async function challenge(address: string, email = ADMIN_EMAIL, pwd = ADMIN_PWD): Promise<string> {
  const answer = await signIn(address, email, pwd);
  expect(answer.json).toMatchObject({ Result: false, Token: '', RefreshToken: '' });
  return String(answer.json.Challenge);
}

const withTotpCode = (Challenge: string, Code: string, address: string) => post<TokenResponse>('/api/login/totp/', { Challenge, Code }, { address });
const withRecoveryCode = (Challenge: string, Code: string, address: string) => post<TokenResponse>('/api/login/recovery/', { Challenge, Code }, { address });

test('RFC 6238 Appendix B: the SHA-1 test vectors (8 digits, 30 s)', () => {
  const key = Buffer.from('12345678901234567890');
  const vectors: Array<[number, string]> = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, code] of vectors) expect(hotp(key, stepOf(seconds * 1000), 8)).toBe(code);
});

test('an account without a second factor signs in with the single call of the specification, unchanged', async () => {
  const answer = await signIn(newAddress());
  expect(Object.keys(answer.json).sort()).toEqual(['RefreshToken', 'Result', 'Token']);
  expect(answer.json.Result).toBe(true);
});

test('setting up the codes: a 160-bit secret and its URI, on only with a current code, with 10 recovery codes shown once and stored hashed; twice is refused', async () => {
  const { Token: token } = await t.login();
  expect(await security(token)).toEqual({ Totp: false, Passkeys: [], RecoveryCodesLeft: 0, SetupRequired: false });
  const setup = (await post<TotpSetup>('/api/account/totp/', {}, { token })).json;
  expect(setup.Secret).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 characters: 160 bits
  const uri = new URL(setup.Uri);
  expect([uri.protocol, uri.host, decodeURIComponent(uri.pathname).endsWith(`:${ADMIN_EMAIL}`)]).toEqual(['otpauth:', 'totp', true]);
  expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: setup.Secret, algorithm: 'SHA1', digits: '6', period: '30' });

  // A wrong code: refused, nothing turned on, no recovery codes.
  const wrong = String((Number(totpAt(setup.Secret, clock)) + 1) % 1_000_000).padStart(6, '0');
  const refused = (await post<RecoveryCodesResult>('/api/account/totp/confirm', { Code: wrong }, { token })).json;
  expect(refused).toEqual({ Result: false, Message: 'Code incorrect ou expiré : tapez le code affiché maintenant par l’application (6 chiffres).', RecoveryCodes: [] });
  expect(await security(token)).toMatchObject({ Totp: false, RecoveryCodesLeft: 0 });

  const confirmed = (await post<RecoveryCodesResult>('/api/account/totp/confirm', { Code: totpAt(setup.Secret, clock) }, { token })).json;
  expect(confirmed).toMatchObject({ Result: true, Message: 'Les codes d’une application sont activés.' });
  expect(confirmed.RecoveryCodes).toHaveLength(10);
  expect(new Set(confirmed.RecoveryCodes).size).toBe(10);
  for (const code of confirmed.RecoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
  expect(await security(token)).toEqual({ Totp: true, Passkeys: [], RecoveryCodesLeft: 10, SetupRequired: false });
  // Stored hashed: no code in clear in the database.
  const stored = JSON.stringify(await t.db.selectFrom('recovery_code').selectAll().execute());
  for (const code of confirmed.RecoveryCodes) expect(stored).not.toContain(code.replace(/-/g, ''));

  // Twice: refused, the secret kept.
  const again = (await post<TotpSetup>('/api/account/totp/', {}, { token })).json;
  expect(again).toMatchObject({ Result: false, Secret: '', Uri: '' });
  expect(again.Message).toContain('déjà activés');
  expect((await t.db.selectFrom('user_totp').select('secret').executeTakeFirst())?.secret).toBe(setup.Secret);

  // Off again with a current code (the next step's): the recovery codes go with the last factor.
  clock += STEP;
  expect((await post('/api/account/totp/', { Code: totpAt(setup.Secret, clock) }, { token, method: 'DELETE' })).json).toEqual({ Result: true, Message: 'Les codes d’une application sont désactivés.' });
  expect(await security(token)).toEqual({ Totp: false, Passkeys: [], RecoveryCodesLeft: 0, SetupRequired: false });
  expect((await signIn(newAddress())).json.Result).toBe(true);
});

describe('with the codes on', () => {
  let secret: string;
  let codes: string[];
  let token: string;
  beforeAll(async () => {
    ({ secret, codes, token } = await withTotp(ADMIN_EMAIL));
  });

  test('the right password answers the challenge and the factors, no session; a wrong password answers as the specification says', async () => {
    const address = newAddress();
    const answer = (await signIn(address)).json;
    expect(answer).toEqual({ Result: false, Token: '', RefreshToken: '', SecondFactor: ['totp', 'recovery'], Challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect((await signIn(address, ADMIN_EMAIL, md5hex('pas-le-bon'))).json).toEqual({ Result: false, Token: '', RefreshToken: '' });
    expect((await signIn(address, 'personne@exemple.ca')).json).toEqual({ Result: false, Token: '', RefreshToken: '' });
  });

  test('one step of drift either way is accepted, two are refused; a code already used is refused (RFC 6238 §5.2)', async () => {
    const address = newAddress();
    const c1 = await challenge(address);
    expect((await withTotpCode(c1, totpAt(secret, clock - 2 * STEP), address)).json.Result).toBe(false);
    expect((await withTotpCode(c1, totpAt(secret, clock + 2 * STEP), address)).json.Result).toBe(false);
    const early = await withTotpCode(c1, totpAt(secret, clock - STEP), address);
    expect(early.json).toMatchObject({ Result: true, Token: expect.any(String), RefreshToken: expect.any(String) });
    expect((await t.call('GET', '/api/user/all/', { token: early.json.Token })).statusCode).toBe(200);

    const c2 = await challenge(address);
    const late = totpAt(secret, clock + STEP);
    expect((await withTotpCode(c2, late, address)).json.Result).toBe(true);
    const c3 = await challenge(address);
    expect((await withTotpCode(c3, late, address)).json).toEqual({ Result: false, Token: '', RefreshToken: '' }); // replayed
    // Still refused a step later (the clock moved on, the code is now the current step's... used).
    clock += STEP;
    expect((await withTotpCode(c3, late, address)).json.Result).toBe(false);
    clock += 2 * STEP;
    expect((await withTotpCode(c3, totpAt(secret, clock), address)).json.Result).toBe(true);
  });

  test('a challenge: used once, ended by its fifth wrong code, over after 5 minutes, forged refused', async () => {
    clock += STEP;
    let address = newAddress();
    const used = await challenge(address);
    expect((await withTotpCode(used, totpAt(secret, clock), address)).json.Result).toBe(true);
    clock += STEP;
    expect((await withTotpCode(used, totpAt(secret, clock), address)).json.Result).toBe(false); // single use

    address = newAddress();
    const ended = await challenge(address);
    for (let i = 0; i < 4; i++) expect((await withTotpCode(ended, '000000', address)).json.Result).toBe(false);
    address = newAddress(); // the pair's limit (5) would refuse the fifth with a 429 first
    expect((await withTotpCode(ended, '000001', address)).json.Result).toBe(false);
    expect((await withTotpCode(ended, totpAt(secret, clock), address)).json.Result).toBe(false); // ended
    expect(await t.db.selectFrom('login_challenge').selectAll().where('token_hash', '=', sha256(ended)).execute()).toEqual([]);

    address = newAddress();
    const expired = await challenge(address);
    clock += 5 * 60_000 + 1;
    expect((await withTotpCode(expired, totpAt(secret, clock), address)).json.Result).toBe(false);

    expect((await withTotpCode('A'.repeat(43), totpAt(secret, clock), newAddress())).json.Result).toBe(false);
    expect((await withTotpCode('forged', totpAt(secret, clock), newAddress())).status).toBe(400);
    // A refused second step opened no session.
    const sessions = await t.db.selectFrom('refresh_token').select('id').execute();
    expect((await withTotpCode('B'.repeat(43), totpAt(secret, clock), newAddress())).json.Result).toBe(false);
    expect(await t.db.selectFrom('refresh_token').select('id').execute()).toEqual(sessions);
  });

  test('wrong codes count in the sign-in limits: with the password, five attempts for an address and e-mail, then even the password is refused (429)', async () => {
    clock += 60_000; // a new window
    const address = newAddress();
    const c = await challenge(address);
    const wrong = '123456' === totpAt(secret, clock) ? '654321' : '123456';
    for (let i = 0; i < 4; i++) expect((await withTotpCode(c, wrong, address)).json.Result).toBe(false);
    expect((await withTotpCode(c, totpAt(secret, clock), address)).status).toBe(429);
    const refused = await signIn(address);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ Result: false, Message: expect.stringContaining('Trop de tentatives') });
    // Another address is not refused.
    expect((await signIn(newAddress())).json.SecondFactor).toEqual(['totp', 'recovery']);
  });

  test('a code for another account, and another account’s challenge: refused', async () => {
    clock += 60_000;
    const other = await withTotp('deuxieme@exemple.ca', token);
    const address = newAddress();
    const mine = await challenge(address);
    expect((await withTotpCode(mine, totpAt(other.secret, clock), address)).json.Result).toBe(false);
    expect((await withRecoveryCode(mine, other.codes[0] as string, address)).json.Result).toBe(false);
    const theirs = await challenge(newAddress(), 'deuxieme@exemple.ca', md5hex('motdepasse-2'));
    expect((await withTotpCode(theirs, totpAt(secret, clock), address)).json.Result).toBe(false);
    expect((await withRecoveryCode(theirs, codes[0] as string, address)).json.Result).toBe(false);
    // Both codes of the other account still work for it.
    expect((await withRecoveryCode(theirs, other.codes[0] as string, newAddress())).json.Result).toBe(true);
  });

  test('a recovery code signs in once (typed in capitals with spaces too); twice is refused', async () => {
    clock += 60_000;
    const code = codes[1] as string;
    let address = newAddress();
    const c1 = await challenge(address);
    expect((await withRecoveryCode(c1, code.toUpperCase().replace(/-/g, ' '), address)).json.Result).toBe(true);
    address = newAddress();
    const c2 = await challenge(address);
    expect((await withRecoveryCode(c2, code, address)).json).toEqual({ Result: false, Token: '', RefreshToken: '' });
    expect((await security(token)).RecoveryCodesLeft).toBe(9);
  });

  test('new recovery codes need a current factor; the old ones stop working', async () => {
    clock += 60_000;
    const refused = (await post<RecoveryCodesResult>('/api/account/recovery/', { Code: '000000' === totpAt(secret, clock) ? '111111' : '000000' }, { token })).json;
    expect(refused).toMatchObject({ Result: false, RecoveryCodes: [] });
    expect(refused.Message).toContain('Code incorrect');
    expect((await security(token)).RecoveryCodesLeft).toBe(9);

    const renewed = (await post<RecoveryCodesResult>('/api/account/recovery/', { Code: totpAt(secret, clock) }, { token })).json;
    expect(renewed).toMatchObject({ Result: true, Message: 'Nouveaux codes de récupération : les anciens ne fonctionnent plus.' });
    expect(renewed.RecoveryCodes).toHaveLength(10);
    let address = newAddress();
    expect((await withRecoveryCode(await challenge(address), codes[2] as string, address)).json.Result).toBe(false);
    address = newAddress();
    expect((await withRecoveryCode(await challenge(address), renewed.RecoveryCodes[0] as string, address)).json.Result).toBe(true);
    codes = renewed.RecoveryCodes;
  });

  test('turning the codes off needs a current code (or a recovery code); a wrong one changes nothing', async () => {
    clock += 60_000;
    const refused = (await post('/api/account/totp/', { Code: '999999' === totpAt(secret, clock) ? '888888' : '999999' }, { token, method: 'DELETE' })).json;
    expect(refused).toMatchObject({ Result: false });
    expect((await security(token)).Totp).toBe(true);
    // The sign-in journal holds the steps, never a code nor a secret.
    const journal = JSON.stringify(await t.db.selectFrom('journal').selectAll().execute());
    expect(journal).toContain('"action":"sign-in"');
    expect(journal).not.toContain(secret);
    for (const code of codes) expect(journal).not.toContain(code);
  });

  test('REQUIRE_SECOND_FACTOR: an administrator without a factor gets only the account calls until one is on', async () => {
    // A third administrator, without a factor.
    expect((await t.call('POST', '/api/user/', { token, body: { Id: 0, Email: 'troisieme@exemple.ca', Pwd: md5hex('motdepasse-3') } })).json()).toMatchObject({ Result: true });
    const { Token: third } = await t.login('troisieme@exemple.ca', md5hex('motdepasse-3'));
    // The switch is read at each call: set it on this app as REQUIRE_SECOND_FACTOR=true does at start-up.
    t.app.services.requireSecondFactor = true;
    try {
      expect(await security(third)).toEqual({ Totp: false, Passkeys: [], RecoveryCodesLeft: 0, SetupRequired: true });
      const refused = await t.call('GET', '/api/user/all/', { token: third });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ Result: false, Message: 'Configurez d’abord une deuxième étape de connexion dans « Sécurité du compte ».' });
      expect((await t.call('POST', '/api/category/', { token: third, body: { Id: 0, Name: 'Refusée' } })).statusCode).toBe(403);
      // The public site still answers that browser, as to a visitor (it sends the token on public reads too).
      const publicRead = await t.call('GET', '/api/project/all/', { token: third });
      expect(publicRead.statusCode).toBe(200);
      expect(publicRead.json()).toEqual((await t.call('GET', '/api/project/all/')).json());
      const setup = (await post<TotpSetup>('/api/account/totp/', {}, { token: third })).json;
      expect((await post<RecoveryCodesResult>('/api/account/totp/confirm', { Code: totpAt(setup.Secret, clock) }, { token: third })).json.Result).toBe(true);
      expect(await security(third)).toMatchObject({ Totp: true, SetupRequired: false });
      expect((await t.call('GET', '/api/user/all/', { token: third })).statusCode).toBe(200);
    } finally {
      t.app.services.requireSecondFactor = false;
    }
  });

  test('npm run admin -- reset-2fa EMAIL: the factors go, the sessions end, the password alone signs in again', async () => {
    const before = await security(token);
    expect(before.Totp).toBe(true);
    const run = spawnSync(process.execPath, [join(repoRoot, 'server', 'admin.ts'), 'reset-2fa', ADMIN_EMAIL], { env: { ...process.env, ...(await serverEnv(t.dataDir)) }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Deuxième étape de connexion de ${ADMIN_EMAIL} retirée`);
    expect(run.status).toBe(0);
    expect((await t.call('GET', '/api/account/security', { token })).statusCode).toBe(401); // session ended
    const again = await signIn(newAddress());
    expect(again.json).toMatchObject({ Result: true });
    expect(await security(again.json.Token)).toEqual({ Totp: false, Passkeys: [], RecoveryCodesLeft: 0, SetupRequired: false });
  });
});
