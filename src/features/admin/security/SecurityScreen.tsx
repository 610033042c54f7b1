// « Sécurité du compte » (/admin/security, issue 29): the signed-in administrator's second factors.
// « Activer les codes d’une application » shows a QR code (drawn here, as SVG, from the otpauth URI:
// no third-party service) and the secret as text, and turns on once a current code is typed; the
// first factor's 10 recovery codes are shown once. A current code (or a recovery code) turns the
// codes off or makes new recovery codes (« Générer de nouveaux codes »).
import { useState, type FormEvent } from 'react';
import { encode } from 'uqr';
import {
  useConfirmTotpMutation,
  useDeleteTotpMutation,
  useGetAccountSecurityQuery,
  useRegenerateRecoveryCodesMutation,
  useSetupTotpMutation,
  type TotpSetup,
} from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, BackButton, Banner } from '../AdminPage';
import { bannerOf, outcomeOf, type CallResult } from '../navigator/outcome';
import type { Banner as BannerState } from '../navigator/navigatorSlice';

const t = messages.admin.security;

/** The code as typed, without spaces (the apps show « 123 456 »). */
const typed = (code: string) => code.replace(/\s/g, '');

export function SecurityScreen() {
  const security = useGetAccountSecurityQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setupTotp, setupState] = useSetupTotpMutation();
  const [confirmTotp, confirmState] = useConfirmTotpMutation();
  const [deleteTotp, deleteState] = useDeleteTotpMutation();
  const [regenerate, regenerateState] = useRegenerateRecoveryCodesMutation();
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [banner, setBanner] = useState<BannerState>(null);
  const busy = setupState.isLoading || confirmState.isLoading || deleteState.isLoading || regenerateState.isLoading;

  /** A call's outcome in the banner; its answer when it succeeded. */
  const settle = <T extends { Result: boolean; Message: string }>(result: { data?: T; error?: unknown }): T | null => {
    const outcome = outcomeOf(result as CallResult);
    setBanner(outcome.ok ? { kind: 'success' } : bannerOf(outcome));
    return outcome.ok ? (result.data ?? null) : null;
  };

  const start = async () => {
    setCodes([]);
    const answer = settle(await setupTotp());
    setPending(answer);
    setCode('');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[0-9]{6}$/.test(typed(code))) {
      setBanner({ kind: 'failure', message: t.codeRequired });
      return;
    }
    const answer = settle(await confirmTotp({ factorProof: { Code: typed(code) } }));
    if (!answer) return;
    setPending(null);
    setCode('');
    setCodes(answer.RecoveryCodes);
  };

  const withProof = async (action: 'disable' | 'regenerate') => {
    if (!/^[0-9A-Za-z -]{1,40}$/.test(proof.trim())) {
      setBanner({ kind: 'failure', message: t.proofRequired });
      return;
    }
    const factorProof = { Code: proof.trim() };
    setProof('');
    if (action === 'disable') {
      settle(await deleteTotp({ factorProof }));
      setCodes([]);
    } else {
      const answer = settle(await regenerate({ factorProof }));
      if (answer) setCodes(answer.RecoveryCodes);
    }
  };

  const state = security.data;
  return (
    <AdminPage title={t.title}>
      <Banner banner={banner} />
      {state?.SetupRequired && (
        <p className="admin-banner admin-banner--failure" role="alert">
          {t.required}
        </p>
      )}
      <p>{t.intro}</p>

      <section aria-labelledby="security-totp">
        <h2 id="security-totp">{t.totpTitle}</h2>
        {state && <p>{state.Totp ? t.totpOn : t.totpOff}</p>}
        {state && !state.Totp && !pending && (
          <div className="admin-actions">
            <button type="button" className="admin-primary" disabled={busy} onClick={() => void start()}>
              {t.enableTotp}
            </button>
          </div>
        )}
        {pending && (
          <form className="admin-form" onSubmit={(event) => void confirm(event)} noValidate>
            <p>{t.scan}</p>
            <QrCode text={pending.Uri} label={t.qrLabel} />
            <p>
              {t.secret} : <code className="admin-secret">{pending.Secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </p>
            <div className="admin-field">
              <label htmlFor="security-code">{t.code}</label>
              <input id="security-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
            </div>
            <div className="admin-actions">
              <button type="submit" className="admin-primary" disabled={busy}>
                {t.confirm}
              </button>
            </div>
          </form>
        )}
      </section>

      {codes.length > 0 && (
        <section aria-labelledby="security-codes">
          <h2 id="security-codes">{t.codesLabel}</h2>
          <p role="status">{t.codesShownOnce}</p>
          <ol className="admin-recovery-codes" aria-label={t.codesLabel}>
            {codes.map((one) => (
              <li key={one}>
                <code>{one}</code>
              </li>
            ))}
          </ol>
        </section>
      )}

      {state?.Totp && (
        <section aria-labelledby="security-recovery">
          <h2 id="security-recovery">{t.recoveryTitle}</h2>
          <p>{t.recoveryLeft(state.RecoveryCodesLeft)}</p>
          <div className="admin-field">
            <label htmlFor="security-proof">{t.proof}</label>
            <input id="security-proof" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} value={proof} onChange={(event) => setProof(event.target.value)} />
          </div>
          <div className="admin-actions">
            <button type="button" disabled={busy} onClick={() => void withProof('regenerate')}>
              {t.regenerate}
            </button>
            <button type="button" disabled={busy} onClick={() => void withProof('disable')}>
              {t.disable}
            </button>
          </div>
        </section>
      )}
      <div className="admin-actions">
        <BackButton />
      </div>
    </AdminPage>
  );
}

/** A QR code as SVG: one square a dark module, drawn from the encoder's matrix (no markup injected). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width="220" height="220" shapeRendering="crispEdges" className="admin-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
