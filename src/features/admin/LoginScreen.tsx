// admin/login: user and password, 'Connexion'; the password leaves the browser as its MD5 hex.
// No validation on this form (section 5). Success goes to admin; the tokens are stored by the
// auth slice, which listens to the login call.
import md5 from 'blueimp-md5';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { useLoginMutation, type LoginErrorData } from '../../api/adminApi';
import { messages } from '../../messages/withAdmin';
import { paths } from '../../../contract/paths';
import { AdminPage } from './AdminPage';

const t = messages.admin.login;

export function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [login, { isLoading }] = useLoginMutation();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const result = await login({ loginRequest: { Email: email.trim(), Pwd: md5(password) } });
    if (result.data?.Result) {
      void navigate(paths.admin.menu.href(), { replace: true });
      return;
    }
    if (result.data) {
      setProblem(t.failed);
      return;
    }
    const error = result.error;
    const status = 'status' in error ? error.status : undefined;
    const data = ('data' in error ? error.data : undefined) as LoginErrorData | undefined;
    if (status === 429) {
      setProblem(data?.RetryAfter ? t.tooMany(data.RetryAfter) : (data?.Message ?? t.tooManyLater));
    } else if (status === 400) {
      setProblem(t.failed);
    } else {
      setProblem(data?.Message ?? t.unavailable);
    }
  };

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
