// « Sécurité du compte » (/admin/security, issue 29): the signed-in administrator's second factors.
// « Ajouter une clé d’accès » registers a passkey under the name typed first in « Nom de la clé »;
// the list shows each with its name, when it was added and last used, and « Retirer ».
// « Activer les codes d’une application » shows a QR code (drawn here, as SVG, from the otpauth URI:
// no third-party service) and the secret as text, and turns on once a current code is typed; the
// first factor's 10 recovery codes are shown once. A current factor — a code of the app, a recovery
// code, or (the field left empty) one of the account's passkeys — removes a passkey, turns the codes
// off or makes new recovery codes (« Générer de nouveaux codes »).
import { useState, type FormEvent } from 'react';
import { encode } from 'uqr';
import {
  useAddPasskeyMutation,
  useConfirmTotpMutation,
  useDeletePasskeyMutation,
  useDeleteTotpMutation,
  useGetAccountSecurityQuery,
  usePasskeyProofOptionsMutation,
  usePasskeyRegistrationOptionsMutation,
  useRegenerateRecoveryCodesMutation,
  useSetupTotpMutation,
  type FactorProof,
  type TotpSetup,
} from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, BackButton, Banner } from '../AdminPage';
import { bannerOf, outcomeOf, type CallResult } from '../navigator/outcome';
import type { Banner as BannerState } from '../navigator/navigatorSlice';
import { assertPasskey, createPasskey, usePasskeysSupported } from './passkeyCeremony';

const t = messages.admin.security;

/** The code as typed, without spaces (the apps show « 123 456 »). */
const typed = (code: string) => code.replace(/\s/g, '');

/** A moment of the API (ISO 8601) as a person reads it here. */
const when = (iso: string) => new Date(iso).toLocaleString('fr-CA', { dateStyle: 'long', timeStyle: 'short' });

export function SecurityScreen() {
  const security = useGetAccountSecurityQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setupTotp, setupState] = useSetupTotpMutation();
  const [confirmTotp, confirmState] = useConfirmTotpMutation();
  const [deleteTotp, deleteState] = useDeleteTotpMutation();
  const [regenerate, regenerateState] = useRegenerateRecoveryCodesMutation();
  const [registrationOptions] = usePasskeyRegistrationOptionsMutation();
  const [proofOptions] = usePasskeyProofOptionsMutation();
  const [addPasskey] = useAddPasskeyMutation();
  const [deletePasskey] = useDeletePasskeyMutation();
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [passkeyName, setPasskeyName] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [banner, setBanner] = useState<BannerState>(null);
  const [ceremony, setCeremony] = useState(false);
  const supported = usePasskeysSupported();
  const busy = ceremony || setupState.isLoading || confirmState.isLoading || deleteState.isLoading || regenerateState.isLoading;

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

  /** A ceremony's options: their answer, or null with the refusal in the banner (no success banner: the device's prompt comes next). */
  const optionsOf = <T extends { Result: boolean; Message: string }>(result: { data?: T; error?: unknown }): T | null => {
    const outcome = outcomeOf(result as CallResult);
    if (!outcome.ok) setBanner(bannerOf(outcome));
    return outcome.ok ? (result.data ?? null) : null;
  };

  /** A ceremony of the browser's (a passkey made or used): the buttons wait for it. */
  const during = async <T,>(run: () => Promise<T>): Promise<T> => {
    setCeremony(true);
    try {
      return await run();
    } finally {
      setCeremony(false);
    }
  };

  const state = security.data;
  const hasPasskeys = (state?.Passkeys.length ?? 0) > 0;

  /** « Ajouter une clé d’accès »: the name first, then the device's own prompt; the first factor's recovery codes once. */
  const register = (event: FormEvent) => {
    event.preventDefault();
    const name = passkeyName.trim();
    if (name === '' || [...name].length > 60) {
      setBanner({ kind: 'failure', message: t.nameRequired });
      return;
    }
    void during(async () => {
      setCodes([]);
      setBanner(null);
      const options = optionsOf(await registrationOptions());
      if (!options?.Options) return;
      const credential = await createPasskey(options.Options);
      if (!credential) {
        setBanner({ kind: 'failure', message: t.passkeyCancelled });
        return;
      }
      const answer = settle(await addPasskey({ passkeyRegistration: { Name: name, Credential: credential } }));
      if (!answer) return;
      setPasskeyName('');
      setCodes(answer.RecoveryCodes);
    });
  };

  /** The current factor a change needs: the code typed, else (the field empty) one of the account's passkeys; null when none was given. */
  const currentFactor = async (): Promise<FactorProof | null> => {
    const typedProof = proof.trim();
    if (typedProof === '' && hasPasskeys && supported) {
      const options = optionsOf(await proofOptions());
      if (!options?.Options) return null;
      const assertion = await assertPasskey(options.Options);
      if (!assertion) setBanner({ kind: 'failure', message: t.passkeyCancelled });
      return assertion ? { Passkey: assertion } : null;
    }
    if (!/^[0-9A-Za-z -]{1,40}$/.test(typedProof)) {
      setBanner({ kind: 'failure', message: t.proofRequired });
      return null;
    }
    setProof('');
    return { Code: typedProof };
  };

  const withProof = (action: 'disable' | 'regenerate' | { remove: number }) =>
    during(async () => {
      const factorProof = await currentFactor();
      if (!factorProof) return;
      if (action === 'disable') {
        settle(await deleteTotp({ factorProof }));
        setCodes([]);
      } else if (action === 'regenerate') {
        const answer = settle(await regenerate({ factorProof }));
        if (answer) setCodes(answer.RecoveryCodes);
      } else {
        settle(await deletePasskey({ id: action.remove, factorProof }));
      }
    });

  return (
    <AdminPage title={t.title}>
      <Banner banner={banner} />
      {state?.SetupRequired && (
        <p className="admin-banner admin-banner--failure" role="alert">
          {t.required}
        </p>
      )}
      <p>{t.intro}</p>

      <section aria-labelledby="security-passkeys">
        <h2 id="security-passkeys">{t.passkeysTitle}</h2>
        <p>{t.passkeysIntro}</p>
        {state && state.Passkeys.length === 0 && <p>{t.passkeysNone}</p>}
        {state && state.Passkeys.length > 0 && (
          <ul className="admin-passkeys" aria-label={t.passkeysLabel}>
            {state.Passkeys.map((passkey) => (
              <li key={passkey.Id}>
                <strong id={`passkey-${passkey.Id}`}>{passkey.Name}</strong>
                <span>{t.created(when(passkey.Created))}</span>
                <span>{t.lastUsed(passkey.LastUsed === null ? null : when(passkey.LastUsed))}</span>
                <button type="button" aria-describedby={`passkey-${passkey.Id}`} disabled={busy} onClick={() => void withProof({ remove: passkey.Id })}>
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
        {!supported && <p>{t.passkeyUnsupported}</p>}
        <form className="admin-form admin-passkey-add" onSubmit={register} noValidate>
          <div className="admin-field">
            <label htmlFor="security-passkey-name">{t.passkeyName}</label>
            <input
              id="security-passkey-name"
              maxLength={60}
              autoComplete="off"
              aria-describedby="security-passkey-name-hint"
              value={passkeyName}
              onChange={(event) => setPasskeyName(event.target.value)}
            />
            <small id="security-passkey-name-hint">{t.passkeyNameHint}</small>
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-primary" disabled={busy || !supported}>
              {t.addPasskey}
            </button>
          </div>
        </form>
      </section>

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

      {state && (state.Totp || hasPasskeys) && (
        <section aria-labelledby="security-recovery">
          <h2 id="security-recovery">{t.recoveryTitle}</h2>
          <p>{t.recoveryLeft(state.RecoveryCodesLeft)}</p>
          <div className="admin-field">
            <label htmlFor="security-proof">{t.proof}</label>
            <input
              id="security-proof"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              value={proof}
              onChange={(event) => setProof(event.target.value)}
              {...(hasPasskeys ? { 'aria-describedby': 'security-proof-hint' } : {})}
            />
            {hasPasskeys && <small id="security-proof-hint">{t.proofHint}</small>}
          </div>
          <div className="admin-actions">
            <button type="button" disabled={busy} onClick={() => void withProof('regenerate')}>
              {t.regenerate}
            </button>
            {state.Totp && (
              <button type="button" disabled={busy} onClick={() => void withProof('disable')}>
                {t.disable}
              </button>
            )}
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
