// admin/login: user and password, 'Connexion'; the password leaves the browser as its MD5 hex.
// No validation on this form (section 5). Success goes to admin; the tokens are stored by the
// auth slice, which listens to the login call. An account with a second factor (issue 29): the
// right password answers a challenge, and the screen asks for the app's code or a recovery code.
import md5 from 'blueimp-md5';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { useLazyGetAccountSecurityQuery, useLoginMutation, useLoginRecoveryMutation, useLoginTotpMutation, type LoginErrorData, type SecondFactorKind } from '../../api/adminApi';
import { messages } from '../../messages/withAdmin';
import { tokensRefreshed } from '../../api/session';
import { useAppDispatch } from '../../hooks/store';
import { paths } from '../../../contract/paths';
import { AdminPage } from './AdminPage';

const t = messages.admin.login;
const s = messages.admin.security.login;

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
          <button type="submit" className="admin-primary" disabled={isLoading}>
            {t.submit}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

/** The second step: the app's code, or a recovery code; a refused code may be typed again until the challenge ends. */
function SecondStep({ challenge, factors, onDone, onRestart }: { challenge: string; factors: SecondFactorKind[]; onDone(): void; onRestart(): void }) {
  const [mode, setMode] = useState<'totp' | 'recovery'>(factors.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [withTotp, totp] = useLoginTotpMutation();
  const [withRecovery, recovery] = useLoginRecoveryMutation();
  const dispatch = useAppDispatch();
  const busy = totp.isLoading || recovery.isLoading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const typed = code.replace(/\s/g, '');
    if (!/^[0-9A-Za-z-]{1,40}$/.test(typed)) {
      setProblem(s.failed);
      return;
    }
    const secondFactorCode = { Challenge: challenge, Code: typed };
    const result = mode === 'totp' ? await withTotp({ secondFactorCode }) : await withRecovery({ secondFactorCode });
    if (result.data?.Result) {
      // The session, as the auth slice stores a renewal's: the slice (in every page's bundle) does
      // not know these admin-chunk endpoints, so public pages' JavaScript stays as it was.
      dispatch(tokensRefreshed(result.data));
      onDone();
    }
    else if (result.data) setProblem(s.failed);
    else setProblem(problemOf(result.error as { status?: unknown; data?: unknown }, s.failed));
  };

  const other = mode === 'totp' ? 'recovery' : 'totp';
  return (
    <AdminPage title={t.title}>
      <form className="admin-form admin-login" onSubmit={(event) => void submit(event)} noValidate>
        <p>{mode === 'totp' ? s.intro : s.recoveryIntro}</p>
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
        {problem && (
          <p className="admin-banner admin-banner--failure" role="alert">
            {problem}
          </p>
        )}
        <div className="admin-actions">
          <button type="submit" className="admin-primary" disabled={busy}>
            {s.submit}
          </button>
          {factors.includes(other) && (
            <button
              type="button"
              onClick={() => {
                setMode(other);
                setCode('');
                setProblem(null);
              }}
            >
              {other === 'recovery' ? s.useRecovery : s.useTotp}
            </button>
          )}
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
