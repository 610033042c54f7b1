// admin/login: user and password, 'Connexion'; the password leaves the browser as its MD5 hex.
// No validation on this form (section 5). Success stores the tokens (tokensRefreshed: the auth
// slice, in every page's bundle, knows no sign-in call) and goes to admin. An account with a
// second factor (issue 29): the right password answers a challenge, and the screen asks for the
// passkey, the app's code or a recovery code. « Se connecter avec une clé d’accès » signs in with a
// passkey alone (no e-mail or password: the device says whose it is).
import md5 from 'blueimp-md5';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import {
  useLazyGetAccountSecurityQuery,
  useLoginMutation,
  useLoginPasskeyMutation,
  useLoginPasskeyOptionsMutation,
  useLoginRecoveryMutation,
  useLoginTotpMutation,
  type LoginChallenge,
  type LoginErrorData,
  type SecondFactorKind,
  type TokenResponse,
} from '../../api/adminApi';
import { messages } from '../../messages/withAdmin';
import { tokensRefreshed } from '../../api/session';
import { useAppDispatch } from '../../hooks/store';
import { paths } from '../../../contract/paths';
import { AdminPage } from './AdminPage';
import { assertPasskey, usePasskeysSupported } from './security/passkeyCeremony';

const t = messages.admin.login;
const s = messages.admin.security.login;

/**
 * A sign-in with a passkey: the server's options (for the password step's `challenge`, or for a
 * passkey alone), the device's prompt, the answer. The tokens, or the French message of the refusal.
 */
function usePasskeySignIn() {
  const [options] = useLoginPasskeyOptionsMutation();
  const [answer] = useLoginPasskeyMutation();
  const [busy, setBusy] = useState(false);
  const run = async (challenge: LoginChallenge | null): Promise<TokenResponse | string> => {
    setBusy(true);
    try {
      const asked = await options({ passkeySignInStart: { Challenge: challenge } });
      if (!asked.data?.Options) return asked.data ? s.passkeyFailed : problemOf(asked.error as { status?: unknown; data?: unknown }, s.passkeyFailed);
      const assertion = await assertPasskey(asked.data.Options);
      if (!assertion) return s.passkeyFailed;
      const result = await answer({ passkeyAssertion: assertion });
      if (result.data?.Result) return result.data;
      return result.data ? s.passkeyFailed : problemOf(result.error as { status?: unknown; data?: unknown }, s.passkeyFailed);
    } finally {
      setBusy(false);
    }
  };
  return [run, busy] as const;
}

/** The French message of a refused sign-in call (the password's or the second step's). */
function problemOf(error: { status?: unknown; data?: unknown }, failed: string): string {
  const status = error.status;
  const data = error.data as LoginErrorData | undefined;
  if (status === 429) return data?.RetryAfter ? t.tooMany(data.RetryAfter) : (data?.Message ?? t.tooManyLater);
  if (status === 400) return failed;
  return data?.Message ?? t.unavailable;
}

export function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [login, { isLoading }] = useLoginMutation();
  const [second, setSecond] = useState<{ challenge: string; factors: SecondFactorKind[] } | null>(null);
  const [readSecurity] = useLazyGetAccountSecurityQuery();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [withPasskey, passkeyBusy] = usePasskeySignIn();
  const supported = usePasskeysSupported();

  /** Signed in: to the admin menu, or first to « Sécurité du compte » when REQUIRE_SECOND_FACTOR asks for a factor. */
  const signedIn = async () => {
    const security = await readSecurity().then((answer) => answer.data, () => undefined);
    void navigate(security?.SetupRequired ? paths.admin.security.href() : paths.admin.menu.href(), { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const result = await login({ loginRequest: { Email: email.trim(), Pwd: md5(password) } });
    if (result.data?.Result) {
      dispatch(tokensRefreshed(result.data));
      await signedIn();
      return;
    }
    if (result.data?.Challenge && result.data.SecondFactor?.length) {
      setPassword('');
      setSecond({ challenge: result.data.Challenge, factors: result.data.SecondFactor });
      return;
    }
    if (result.data) {
      setProblem(t.failed);
      return;
    }
    setProblem(problemOf(result.error as { status?: unknown; data?: unknown }, t.failed));
  };

  /** « Se connecter avec une clé d’accès »: no e-mail, no password. */
  const passkeyAlone = async () => {
    setProblem(null);
    const outcome = await withPasskey(null);
    if (typeof outcome === 'string') {
      setProblem(outcome);
      return;
    }
    // The session, as the auth slice stores a renewal's (see SecondStep).
    dispatch(tokensRefreshed(outcome));
    await signedIn();
  };

  if (second) {
    return (
      <SecondStep
        {...second}
        onDone={() => void signedIn()}
        onRestart={() => {
          setSecond(null);
          setProblem(null);
        }}
      />
    );
  }

  return (
    <AdminPage title={t.title}>
      <form className="admin-form admin-login" onSubmit={(event) => void submit(event)} noValidate>
        <LoginField
          label={t.user}
          id="login-user"
          name="username"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onValue={setEmail}
        />
        <LoginField label={t.password} id="login-password" name="password" type="password" autoComplete="current-password" value={password} onValue={setPassword} />
        {problem && (
          <p className="admin-banner admin-banner--failure" role="alert">
            {problem}
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" className="admin-primary" disabled={isLoading || passkeyBusy}>
            {t.submit}
          </button>
          {supported && (
            <button type="button" disabled={isLoading || passkeyBusy} onClick={() => void passkeyAlone()}>
              {s.withPasskey}
            </button>
          )}
        </div>
      </form>
    </AdminPage>
  );
}

/**
 * The second step: the passkey, the app's code, or a recovery code (the first the account has, in
 * that order; the others a button away); a refused one may be tried again until the challenge ends.
 */
function SecondStep({ challenge, factors, onDone, onRestart }: { challenge: string; factors: SecondFactorKind[]; onDone(): void; onRestart(): void }) {
  const supported = usePasskeysSupported();
  const modes = factors.filter((kind) => kind !== 'passkey' || supported);
  const [chosen, setMode] = useState<SecondFactorKind | null>(null);
  const mode: SecondFactorKind = chosen ?? modes[0] ?? 'recovery';
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [withTotp, totp] = useLoginTotpMutation();
  const [withRecovery, recovery] = useLoginRecoveryMutation();
  const [withPasskey, passkeyBusy] = usePasskeySignIn();
  const dispatch = useAppDispatch();
  const busy = totp.isLoading || recovery.isLoading || passkeyBusy;

  /** Signed in: the session, as the auth slice stores a renewal's (it knows no sign-in call). */
  const done = (tokens: TokenResponse) => {
    dispatch(tokensRefreshed(tokens));
    onDone();
  };

  const passkey = async () => {
    setProblem(null);
    const outcome = await withPasskey(challenge);
    if (typeof outcome === 'string') setProblem(outcome);
    else done(outcome);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (mode === 'passkey') {
      await passkey();
      return;
    }
    const typed = code.replace(/\s/g, '');
    if (!/^[0-9A-Za-z-]{1,40}$/.test(typed)) {
      setProblem(s.failed);
      return;
    }
    const secondFactorCode = { Challenge: challenge, Code: typed };
    const result = mode === 'totp' ? await withTotp({ secondFactorCode }) : await withRecovery({ secondFactorCode });
    if (result.data?.Result) done(result.data);
    else if (result.data) setProblem(s.failed);
    else setProblem(problemOf(result.error as { status?: unknown; data?: unknown }, s.failed));
  };

  const switchTo: Record<SecondFactorKind, string> = { passkey: s.usePasskey, totp: s.useTotp, recovery: s.useRecovery };
  return (
    <AdminPage title={t.title}>
      <form className="admin-form admin-login" onSubmit={(event) => void submit(event)} noValidate>
        <p>{mode === 'passkey' ? s.passkeyIntro : mode === 'totp' ? s.intro : s.recoveryIntro}</p>
        {mode !== 'passkey' && (
          <LoginField
            key={mode}
            label={mode === 'totp' ? s.code : s.recoveryCode}
            id="login-code"
            name="one-time-code"
            type="text"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={code}
            onValue={setCode}
          />
        )}
        {problem && (
          <p className="admin-banner admin-banner--failure" role="alert">
            {problem}
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" className="admin-primary" disabled={busy}>
            {mode === 'passkey' ? s.usePasskey : s.submit}
          </button>
          {modes
            .filter((other) => other !== mode)
            .map((other) => (
              <button
                key={other}
                type="button"
                onClick={() => {
                  setMode(other);
                  setCode('');
                  setProblem(null);
                }}
              >
                {switchTo[other]}
              </button>
            ))}
          <button type="button" onClick={onRestart}>
            {s.restart}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

type LoginFieldProps = { label: string; id: string; onValue(value: string): void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'>;

/** A field of the form: its label, its input. */
function LoginField({ label, id, onValue, ...input }: LoginFieldProps) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} onChange={(event) => onValue(event.target.value)} />
    </div>
  );
}
