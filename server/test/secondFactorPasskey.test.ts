// Issue 29: passkeys (WebAuthn) for administrators, against the real server and database, with a
// software authenticator (server/test/softAuthenticator.ts: real ES256 keys and signatures, a
// 'none' attestation). One app for the file, its clock moved by the tests (never slept on); each
// test signs in from its own address, so that the sign-in limits of one do not reach the next.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import type {
  AccountSecurity,
  MutationResult,
  PasskeyAssertion,
  PasskeyCreationOptionsResult,
  PasskeyCredential,
  PasskeyRequestOptionsResult,
  RecoveryCodesResult,
  TokenResponse,
  TotpSetup,
} from '../../contract/api.ts';
import { md5hex } from '../auth/passwords.ts';
import { sha256 } from '../auth/secondFactor.repository.ts';
import { totpAt, TOTP_STEP_SECONDS } from '../auth/totp.ts';
import { serverEnv } from './database.ts';
import { ADMIN_EMAIL, ADMIN_PWD, build, repoRoot, XSRF, type TestApp } from './helper.ts';
import { SoftAuthenticator, type CeremonyOptions } from './softAuthenticator.ts';

const ORIGIN = 'http://localhost';
const OTHER = 'deuxieme@exemple.ca';
const OTHER_PWD = md5hex('motdepasse-2');
let t: TestApp;
let clock = 1_900_000_000_000 - (1_900_000_000_000 % (TOTP_STEP_SECONDS * 1000)) + 10_000;
let nextAddress = 1;
/** The administrator's session, opened before any factor, kept for the file (tokens live a day). */
let token: string;
let otherToken: string;

beforeAll(async () => {
  t = await build({ config: { now: () => clock, tokenLifetimes: { accessSeconds: 86_400, refreshSeconds: 30 * 86_400 } } });
  ({ Token: token } = await t.login());
  expect((await t.call('POST', '/api/user/', { token, body: { Id: 0, Email: OTHER, Pwd: OTHER_PWD } })).json()).toMatchObject({ Result: true });
  ({ Token: otherToken } = await t.login(OTHER, OTHER_PWD));
});
afterAll(() => t.close());

const newAddress = () => `10.30.0.${nextAddress++}`;

/** A call as the browser on http://localhost sends it (the Host header the relying party comes from). */
async function send<T>(method: InjectOptions['method'], url: string, body: unknown, { token: bearer, address = '10.30.1.1', host = 'localhost' }: { token?: string; address?: string; host?: string } = {}) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: address,
    headers: { host, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    payload: JSON.stringify(body ?? {}),
  });
  return { status: res.statusCode, json: res.json<T>() };
}
const post = <T>(url: string, body: unknown, options?: Parameters<typeof send>[3]) => send<T>('POST', url, body, options);

const security = async (bearer: string) => (await t.call('GET', '/api/account/security', { token: bearer })).json<AccountSecurity>();
const registrationOptions = async (bearer = token) => {
  const answer = (await post<PasskeyCreationOptionsResult>('/api/account/passkey/options', {}, { token: bearer })).json;
  if (!answer.Options) throw new Error(JSON.stringify(answer));
  return answer.Options;
};
const addPasskey = (Name: string, Credential: PasskeyCredential, { bearer = token, address }: { bearer?: string; address?: string } = {}) =>
  post<RecoveryCodesResult>('/api/account/passkey/', { Name, Credential }, { token: bearer, ...(address ? { address } : {}) });
const signInOptions = async (address: string, Challenge?: string) => {
  const answer = (await post<PasskeyRequestOptionsResult>('/api/login/passkey/options', { Challenge: Challenge ?? null }, { address })).json;
  if (!answer.Options) throw new Error(JSON.stringify(answer));
  return answer.Options;
};
const signInWith = (assertion: PasskeyAssertion, address: string) => post<TokenResponse>('/api/login/passkey/', assertion, { address });
const passwordStep = async (address: string, email = ADMIN_EMAIL, pwd = ADMIN_PWD) => (await post<TokenResponse>('/api/login/', { Email: email, Pwd: pwd }, { address })).json;
const proofOptions = async (bearer = token) => {
  const answer = (await post<PasskeyRequestOptionsResult>('/api/account/passkey/proof-options', {}, { token: bearer })).json;
  if (!answer.Options) throw new Error(JSON.stringify(answer));
  return answer.Options;
};
const removePasskey = (id: number, proof: unknown, bearer = token, address?: string) =>
  send<MutationResult>('DELETE', `/api/account/passkey/${id}`, proof, { token: bearer, ...(address ? { address } : {}) });

/** What a refusal must leave as it was: the passkeys, the sessions, the recovery codes. */
const stored = async () => ({
  passkeys: await t.db.selectFrom('passkey').selectAll().orderBy('id').execute(),
  sessions: (await t.db.selectFrom('refresh_token').select('id').execute()).length,
  codes: await t.db.selectFrom('recovery_code').selectAll().orderBy('id').execute(),
});
const attempts = async () => (await t.db.selectFrom('rate_limit_hit').select('key').where('scope', '=', 'login').execute()).length;

const phone = new SoftAuthenticator();
const at = (ceremony: Partial<CeremonyOptions> = {}): CeremonyOptions => ({ origin: ORIGIN, ...ceremony });
let recoveryCodes: string[] = [];
let phoneId = 0;

test('registering: the options ask for a discoverable credential and user verification for this site; the passkey is stored under its name, with the 10 recovery codes once; the password now asks for it', async () => {
  expect(await security(token)).toEqual({ Totp: false, Passkeys: [], RecoveryCodesLeft: 0, SetupRequired: false });
  const options = await registrationOptions();
  expect(options).toMatchObject({
    rp: { id: 'localhost', name: expect.any(String) },
    user: { name: ADMIN_EMAIL },
    authenticatorSelection: { residentKey: 'required', userVerification: 'required', requireResidentKey: true },
    attestation: 'none',
    excludeCredentials: [],
    timeout: 300_000,
  });
  expect(options.pubKeyCredParams.map((p) => p.alg)).toEqual([-7, -8, -257]);
  expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The challenge is kept as its SHA-256 only.
  const kept = await t.db.selectFrom('passkey_challenge').select(['purpose', 'user_id', 'challenge_hash', 'expires_at']).execute();
  expect(kept).toEqual([{ purpose: 'register', user_id: 1, challenge_hash: sha256(options.challenge), expires_at: clock + 300_000 }]);

  const added = (await addPasskey('  iPhone de Marc ', phone.create(options, at()))).json;
  expect(added).toMatchObject({ Result: true, Message: 'Clé d’accès « iPhone de Marc » ajoutée.' });
  expect(added.RecoveryCodes).toHaveLength(10);
  recoveryCodes = added.RecoveryCodes;
  const state = await security(token);
  expect(state).toEqual({
    Totp: false,
    Passkeys: [{ Id: expect.any(Number), Name: 'iPhone de Marc', Created: new Date(clock).toISOString(), LastUsed: null }],
    RecoveryCodesLeft: 10,
    SetupRequired: false,
  });
  phoneId = state.Passkeys[0]?.Id ?? 0;
  const row = await t.db.selectFrom('passkey').selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ user_id: 1, credential_id: phone.credentials[0]?.id, counter: 1, transports: '["internal","hybrid"]' });
  expect(await t.db.selectFrom('passkey_challenge').selectAll().execute()).toEqual([]); // used

  // Journaled as the other account calls are: who, what, which passkey.
  const entry = await t.db.selectFrom('journal').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ by: ADMIN_EMAIL, action: 'add', kind: 'account', record_id: String(phoneId), name: 'iPhone de Marc', outcome: 'done' });

  // The same authenticator is excluded from a new registration.
  expect((await registrationOptions()).excludeCredentials).toEqual([{ id: phone.credentials[0]?.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
  // The right password answers the challenge and the factors, no session.
  expect(await passwordStep(newAddress())).toEqual({ Result: false, Token: '', RefreshToken: '', SecondFactor: ['passkey', 'recovery'], Challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
});

test('« Se connecter avec une clé d’accès »: the passkey alone signs in (no e-mail, no password); its last use and counter are stored', async () => {
  clock += 60_000;
  const address = newAddress();
  const options = await signInOptions(address);
  expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required', timeout: 300_000 });
  expect(options.allowCredentials).toBeUndefined(); // a discoverable credential: the authenticator says whose
  const answer = (await signInWith(phone.get(options, at()), address)).json;
  expect(answer).toEqual({ Result: true, Token: expect.any(String), RefreshToken: expect.any(String) });
  expect((await t.call('GET', '/api/user/all/', { token: answer.Token })).statusCode).toBe(200);
  expect((await security(answer.Token)).Passkeys[0]?.LastUsed).toBe(new Date(clock).toISOString());
  expect((await t.db.selectFrom('passkey').select('counter').executeTakeFirstOrThrow()).counter).toBe(2);
  const entry = await t.db.selectFrom('journal').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ by: ADMIN_EMAIL, action: 'sign-in', outcome: 'done' });
});

test('the password, then the passkey as the second step: that account’s passkeys offered; the sign-in’s challenge ends with it', async () => {
  clock += 60_000;
  const address = newAddress();
  const { Challenge } = await passwordStep(address);
  const options = await signInOptions(address, Challenge);
  expect(options.allowCredentials).toEqual([{ id: phone.credentials[0]?.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
  expect((await signInWith(phone.get(options, at()), address)).json.Result).toBe(true);
  // Used: neither a recovery code nor new passkey options finish it again.
  expect((await post<TokenResponse>('/api/login/recovery/', { Challenge, Code: recoveryCodes[0] }, { address })).json.Result).toBe(false);
  expect((await post<PasskeyRequestOptionsResult>('/api/login/passkey/options', { Challenge }, { address })).json).toEqual({
    Result: false,
    Message: 'Cette connexion a expiré : recommencez avec le mot de passe.',
  });
});

test('replay: the same assertion again is refused (its challenge is used); a counter that does not increase is refused; nothing stored', async () => {
  clock += 60_000;
  let address = newAddress();
  const options = await signInOptions(address);
  const assertion = phone.get(options, at());
  expect((await signInWith(assertion, address)).json.Result).toBe(true);
  const before = await stored();
  expect((await signInWith(assertion, address)).json).toEqual({ Result: false, Token: '', RefreshToken: '' });

  // A new challenge, signed with the counter already seen (a cloned authenticator, a recorded signature).
  address = newAddress();
  const counter = (await t.db.selectFrom('passkey').select('counter').executeTakeFirstOrThrow()).counter;
  expect((await signInWith(phone.get(await signInOptions(address), at()), address)).json.Result).toBe(true);
  const seen = counter + 1;
  expect((await t.db.selectFrom('passkey').select('counter').executeTakeFirstOrThrow()).counter).toBe(seen);
  const after = await stored();
  for (const old of [seen, seen - 1, 0]) {
    const replayed = phone.get(await signInOptions(address), { ...at(), credential: phone.credentials[0], counter: old });
    expect([old, (await signInWith(replayed, address)).json.Result]).toEqual([old, false]);
  }
  expect(await stored()).toEqual(after);
  expect(after.sessions).toBe(before.sessions + 1);
});

test('an authenticator that keeps no counter (0, as synced passkeys): accepted each time', async () => {
  clock += 60_000;
  const synced = new SoftAuthenticator(0);
  expect((await addPasskey('Trousseau iCloud', synced.create(await registrationOptions(), at()))).json).toMatchObject({ Result: true, RecoveryCodes: [] });
  for (let i = 0; i < 2; i++) {
    const address = newAddress();
    expect((await signInWith(synced.get(await signInOptions(address), at()), address)).json.Result).toBe(true);
  }
  expect((await t.db.selectFrom('passkey').select('counter').where('name', '=', 'Trousseau iCloud').executeTakeFirstOrThrow()).counter).toBe(0);
});

describe('refused, nothing stored, counted in the sign-in limits', () => {
  /** Runs `attempt` and expects a refusal that changed nothing but one more counted attempt (or two: options count too). */
  async function refused(attempt: () => Promise<{ json: { Result: boolean } }>): Promise<void> {
    const before = await stored();
    const counted = await attempts();
    expect((await attempt()).json.Result).toBe(false);
    expect(await stored()).toEqual(before);
    expect(await attempts()).toBeGreaterThan(counted);
  }

  test('registrations: from another origin, for another RP ID, without user verification, a webauthn.get answer, another administrator’s challenge, a forged or expired challenge, a credential already registered', async () => {
    clock += 60_000;
    const key = new SoftAuthenticator();
    // Each from its own address: five refusals for one address and e-mail would answer 429 first.
    const add = (name: string, credential: PasskeyCredential, bearer = token) => addPasskey(name, credential, { bearer, address: newAddress() });
    await refused(async () => add('Ailleurs', key.create(await registrationOptions(), at({ origin: 'https://localhost.exemple.com' }))));
    await refused(async () => add('Ailleurs', key.create(await registrationOptions(), at({ origin: 'http://localhost:8080' }))));
    await refused(async () => add('Ailleurs', key.create(await registrationOptions(), at({ rpId: 'exemple.com' }))));
    await refused(async () => add('Sans empreinte', key.create(await registrationOptions(), at({ userVerified: false }))));
    await refused(async () => add('Mauvais type', key.create(await registrationOptions(), at({ type: 'webauthn.get' }))));
    // The other administrator's challenge, answered by this one.
    const theirs = await registrationOptions(otherToken);
    await refused(async () => add('Pas la mienne', key.create(theirs, at())));
    await refused(async () => add('Inventée', key.create(await registrationOptions(), at({ challenge: 'A'.repeat(43) }))));
    const old = await registrationOptions();
    clock += 5 * 60_000 + 1;
    await refused(async () => add('Trop tard', key.create(old, at())));
    // The phone's credential again, for the other account: a credential belongs to one account.
    await refused(async () => add('Copie', phone.create(await registrationOptions(otherToken), at({ reuse: phone.credentials[0] })), otherToken));
    // An answer the server can read nothing from.
    await refused(async () => {
      const garbage = key.create(await registrationOptions(), at());
      garbage.response.attestationObject = 'AAAA';
      return add('Illisible', garbage);
    });
    expect(await security(otherToken)).toMatchObject({ Passkeys: [], RecoveryCodesLeft: 0 });
    expect((await security(token)).Passkeys.map((p) => p.Name)).toEqual(['iPhone de Marc', 'Trousseau iCloud']);
  });

  test('sign-ins: another origin, another RP ID, no user verification, a forged or expired challenge, a signature of another key, an unknown passkey, a registration’s challenge', async () => {
    clock += 60_000;
    const address = newAddress();
    const options = async () => signInOptions(address);
    await refused(async () => signInWith(phone.get(await options(), at({ origin: 'https://localhost.exemple.com' })), address));
    await refused(async () => signInWith(phone.get(await options(), at({ rpId: 'exemple.com' })), address));
    await refused(async () => signInWith(phone.get(await options(), at({ userVerified: false })), address));
    await refused(async () => signInWith(phone.get(await options(), at({ type: 'webauthn.create' })), address));
    await refused(async () => signInWith(phone.get(await options(), at({ challenge: 'B'.repeat(43) })), address));
    const late = await options();
    clock += 5 * 60_000 + 1;
    await refused(async () => signInWith(phone.get(late, at()), address));
    // Signed by another key than the one registered under that credential id.
    const thief = new SoftAuthenticator();
    thief.create(await registrationOptions(), at());
    const forged = thief.get(await options(), at());
    forged.id = forged.rawId = phone.credentials[0]?.id ?? '';
    await refused(async () => signInWith(forged, address));
    await refused(async () => signInWith(thief.get(await options(), at()), address)); // never registered
    // A registration's challenge is not a sign-in's.
    const registration = await registrationOptions();
    await refused(async () => signInWith(phone.get({ rpId: 'localhost', challenge: registration.challenge, timeout: 0, userVerification: 'required' }, at()), address));
  });

  test('after enough refusals the address is refused (429), even the passkey’s options; another address is not', async () => {
    clock += 120_000; // a new window
    const address = newAddress();
    let status = 200;
    for (let i = 0; i < 30 && status === 200; i++) {
      const options = (await post<PasskeyRequestOptionsResult>('/api/login/passkey/options', { Challenge: null }, { address })).json.Options;
      status = options ? (await signInWith(phone.get(options, at({ origin: 'http://ailleurs.exemple' })), address)).status : 429;
    }
    expect(status).toBe(429);
    expect((await post('/api/login/passkey/options', { Challenge: null }, { address })).status).toBe(429);
    expect((await post('/api/login/passkey/options', {}, { address: newAddress() })).status).toBe(400); // Challenge said, even when null
    expect((await post('/api/login/', { Email: ADMIN_EMAIL, Pwd: ADMIN_PWD }, { address })).status).toBe(429);
    const other = newAddress();
    expect((await signInWith(phone.get(await signInOptions(other), at()), other)).json.Result).toBe(true);
  });

  test('the second step with another account’s passkey: refused, and counted against that sign-in’s challenge', async () => {
    clock += 120_000;
    const theirs = new SoftAuthenticator();
    expect((await addPasskey('Clé de Julie', theirs.create(await registrationOptions(otherToken), at()), { bearer: otherToken })).json.Result).toBe(true);
    const address = newAddress();
    const { Challenge } = await passwordStep(address);
    const options = await signInOptions(address, Challenge);
    // Their passkey answering my sign-in's challenge (its credential not among the options').
    await refused(async () => signInWith(theirs.get(options, { ...at(), credential: theirs.credentials[0] }), address));
    expect((await t.db.selectFrom('login_challenge').select('failures').where('token_hash', '=', sha256(String(Challenge))).executeTakeFirstOrThrow()).failures).toBe(1);
    // Alone, their passkey signs them in.
    const mine = newAddress();
    const alone = (await signInWith(theirs.get(await signInOptions(mine), at()), mine)).json;
    expect(alone.Result).toBe(true);
    expect((await security(alone.Token)).Passkeys.map((p) => p.Name)).toEqual(['Clé de Julie']);
  });
});

test('removing: another administrator’s passkey is refused; a wrong proof changes nothing; a passkey’s assertion or a recovery code removes it; the last factor gone takes the recovery codes', async () => {
  clock += 120_000;
  const theirId = (await security(otherToken)).Passkeys[0]?.Id ?? 0;
  let before = await stored();
  let counted = await attempts();
  expect((await removePasskey(theirId, { Code: recoveryCodes[0] }, token, newAddress())).json).toEqual({ Result: false, Message: 'Aucune clé d’accès de ce compte ne porte ce numéro.' });
  expect(await stored()).toEqual(before); // the recovery code not spent either
  expect(await attempts()).toBeGreaterThan(counted);

  before = await stored();
  counted = await attempts();
  expect((await removePasskey(phoneId, { Code: '000000' }, token, newAddress())).json).toMatchObject({ Result: false });
  // A passkey of the other account as proof, and this account's answering another purpose's challenge.
  const theirs = (await removePasskey(phoneId, { Passkey: phone.get(await proofOptions(otherToken), at()) }, token, newAddress())).json;
  expect(theirs).toEqual({ Result: false, Message: 'Clé d’accès refusée : recommencez avec une clé d’accès de ce compte, ou tapez un code.' });
  const signInChallenge = await signInOptions(newAddress());
  expect((await removePasskey(phoneId, { Passkey: phone.get(signInChallenge, at()) }, token, newAddress())).json.Result).toBe(false);
  expect((await stored()).passkeys).toEqual(before.passkeys);
  expect(await attempts()).toBeGreaterThan(counted + 2);

  // With an assertion of the phone itself.
  const removed = (await removePasskey(phoneId, { Passkey: phone.get(await proofOptions(), at()) })).json;
  expect(removed).toEqual({ Result: true, Message: 'Clé d’accès « iPhone de Marc » retirée.' });
  expect((await security(token)).Passkeys.map((p) => p.Name)).toEqual(['Trousseau iCloud']);
  const entry = await t.db.selectFrom('journal').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ by: ADMIN_EMAIL, action: 'delete', kind: 'account', record_id: String(phoneId), name: 'iPhone de Marc', outcome: 'done' });
  // A removed passkey signs in no more.
  const address = newAddress();
  expect((await signInWith(phone.get(await signInOptions(address), { ...at(), credential: phone.credentials[0] }), address)).json.Result).toBe(false);

  // The last one, with a recovery code: no factor left, the recovery codes go too; the password alone signs in.
  const lastId = (await security(token)).Passkeys[0]?.Id ?? 0;
  expect((await removePasskey(lastId, { Code: recoveryCodes[1] })).json.Result).toBe(true);
  expect(await security(token)).toEqual({ Totp: false, Passkeys: [], RecoveryCodesLeft: 0, SetupRequired: false });
  expect(await passwordStep(newAddress())).toMatchObject({ Result: true });
});

test('a passkey proves a current factor for the app’s codes too: new recovery codes, the codes turned off', async () => {
  clock += 120_000;
  const key = new SoftAuthenticator();
  expect((await addPasskey('YubiKey', key.create(await registrationOptions(), at()))).json.RecoveryCodes).toHaveLength(10);
  const setup = (await post<TotpSetup>('/api/account/totp/', {}, { token })).json;
  expect((await post<RecoveryCodesResult>('/api/account/totp/confirm', { Code: totpAt(setup.Secret, clock) }, { token })).json).toMatchObject({ Result: true, RecoveryCodes: [] });
  expect(await passwordStep(newAddress())).toMatchObject({ SecondFactor: ['passkey', 'totp', 'recovery'] });
  const renewed = (await post<RecoveryCodesResult>('/api/account/recovery/', { Passkey: key.get(await proofOptions(), at()) }, { token })).json;
  expect(renewed).toMatchObject({ Result: true });
  expect(renewed.RecoveryCodes).toHaveLength(10);
  expect((await send<MutationResult>('DELETE', '/api/account/totp/', { Passkey: key.get(await proofOptions(), at()) }, { token })).json).toMatchObject({ Result: true });
  expect(await security(token)).toMatchObject({ Totp: false, RecoveryCodesLeft: 10 });
});

test('PUBLIC_URL is the relying party, whatever Host the request names', async () => {
  const site = await build({ config: { publicUrl: 'https://www.exemple.ca' } });
  try {
    const { Token } = await site.login();
    const call = async <T>(url: string, body: unknown, host: string) =>
      (await site.app.inject({ method: 'POST', url, headers: { host, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'content-type': 'application/json', authorization: `Bearer ${Token}` }, payload: JSON.stringify(body) })).json<T>();
    const options = (await call<PasskeyCreationOptionsResult>('/api/account/passkey/options', {}, 'pirate.exemple.com')).Options;
    expect(options?.rp.id).toBe('www.exemple.ca');
    const key = new SoftAuthenticator();
    if (!options) throw new Error('no options');
    // An answer made for the forged host is refused; one made for the site is accepted.
    expect((await call<RecoveryCodesResult>('/api/account/passkey/', { Name: 'Pirate', Credential: key.create(options, { origin: 'http://pirate.exemple.com', rpId: 'pirate.exemple.com' }) }, 'pirate.exemple.com')).Result).toBe(false);
    const again = (await call<PasskeyCreationOptionsResult>('/api/account/passkey/options', {}, 'pirate.exemple.com')).Options;
    if (!again) throw new Error('no options');
    expect((await call<RecoveryCodesResult>('/api/account/passkey/', { Name: 'Portable', Credential: key.create(again, { origin: 'https://www.exemple.ca' }) }, 'pirate.exemple.com')).Result).toBe(true);
  } finally {
    await site.close();
  }
});

test('npm run admin -- reset-2fa EMAIL: the passkeys go too, the sessions end; a deleted administrator’s passkeys go with the account', async () => {
  clock += 120_000;
  expect((await security(token)).Passkeys).toHaveLength(1);
  const run = spawnSync(process.execPath, [join(repoRoot, 'server', 'admin.ts'), 'reset-2fa', ADMIN_EMAIL], { env: { ...process.env, ...(await serverEnv(t.dataDir)) }, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout).toContain(`Deuxième étape de connexion de ${ADMIN_EMAIL} retirée (clés d’accès`);
  expect(run.status).toBe(0);
  expect((await t.call('GET', '/api/account/security', { token })).statusCode).toBe(401);
  expect(await t.db.selectFrom('passkey').select('name').where('user_id', '=', 1).execute()).toEqual([]);
  const again = await passwordStep(newAddress());
  expect(again).toMatchObject({ Result: true });
  token = again.Token;
  expect(await security(token)).toEqual({ Totp: false, Passkeys: [], RecoveryCodesLeft: 0, SetupRequired: false });

  // The other administrator, deleted: their passkey goes with them (restored from the trash, the account comes back without it).
  const otherId = Number((await t.db.selectFrom('app_user').select('id').where('email', '=', OTHER).executeTakeFirstOrThrow()).id);
  expect((await t.call('DELETE', `/api/user/${otherId}`, { token })).json()).toMatchObject({ Result: true });
  expect(await t.db.selectFrom('passkey').select('name').execute()).toEqual([]);
  const trashId = (await t.db.selectFrom('trash').select('id').where('kind', '=', 'user').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  expect((await t.call('POST', `/api/trash/${trashId}/restore`, { token })).json()).toMatchObject({ Result: true });
  expect(await passwordStep(newAddress(), OTHER, OTHER_PWD)).toMatchObject({ Result: true });
});
