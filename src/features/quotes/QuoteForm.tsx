// The quote request form (issue 17) on the contact page. Without JavaScript it is a plain HTML
// form: POST /api/quote (multipart), answered by the server's French page. With JavaScript the
// same form is sent without leaving the page, with the progress of its photos, and replaced by a
// confirmation that says what happens next. Every field says in French what is wrong with it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useGetQuoteFormQuery, useSendQuoteMutation, type QuoteRequest, type QuoteResult } from '../../api/api.enhanced';
import { onUploadProgress } from '../../api/uploadTransport';
import type { PublicMessages } from '../../messages';
import { useLang } from '../../lib/lang';
import { MAX_IMAGE_BYTES } from '../../../contract/images';
import { publicLimits } from '../../../contract/publicLimits';
import { paths } from '../../../contract/paths';
import { quoteFormArg } from './formQuery';
import { photoErrors, validateQuote, type QuoteErrors, type QuoteField } from './validation';

const QUOTE_URL = '/api/quote';

/**
 * The form's fields as the browser would post them (what `new FormData(form)` gives, built by
 * hand so that it works with every FormData implementation): named, enabled controls; checked
 * boxes only; every chosen file.
 */
function formDataOf(form: HTMLFormElement): FormData {
  const data = new FormData();
  // The photos go last, after every text field: the server checks the fields (token included)
  // before it writes a byte of a photo (the form's own order is the same, for a post without JavaScript).
  const files: Array<[string, File]> = [];
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    if (!element.name || element.disabled) continue;
    if (element instanceof HTMLInputElement && element.type === 'file') {
      for (const file of Array.from(element.files ?? [])) files.push([element.name, file]);
    } else if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.checked) data.append(element.name, element.value);
    } else {
      data.append(element.name, element.value);
    }
  }
  for (const [name, file] of files) data.append(name, file, file.name);
  return data;
}

type Stage = { kind: 'editing' } | { kind: 'sending'; sent: number; total: number } | { kind: 'sent'; message: string };

/** What an answer of POST /api/quote says: stored, a field refused, or a refusal of the whole form. */
/** The server's answer; `field` 'Token' when the token is refused or unknown (no answer came: it may have been used). */
function readAnswer(result: { data?: QuoteResult; error?: unknown }, t: PublicMessages): { ok: true; message: string } | { ok: false; field: string; message: string } {
  const data = result.data ?? ((result.error as { data?: unknown } | undefined)?.data as Partial<QuoteResult> | undefined);
  if (data && typeof data.Message === 'string') {
    return data.Result === true ? { ok: true, message: data.Message } : { ok: false, field: data.Field ?? '', message: data.Message };
  }
  return { ok: false, field: 'Token', message: t.quotes.form.failed };
}

export function QuoteForm() {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.quotes.form;
  const id = useId();
  // The token arrives with the page (the server renders it for this visit) or with the first
  // visit of the page; an expired one is renewed when the server refuses it (below).
  const form = useGetQuoteFormQuery(quoteFormArg(lang));
  const [send] = useSendQuoteMutation();
  const [stage, setStage] = useState<Stage>({ kind: 'editing' });
  const [errors, setErrors] = useState<QuoteErrors>({});
  const [notice, setNotice] = useState('');
  const [messageLength, setMessageLength] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (stage.kind === 'sent') confirmation.current?.focus();
  }, [stage.kind]);

  const days = form.data?.RetentionDays ?? 365;
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: QuoteField) => `${id}-${name}-erreur`;
  const described = (name: QuoteField, hint?: string) => [hint, errors[name] ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined;

  function valuesOf(element: HTMLFormElement) {
    const data = formDataOf(element);
    const text = (name: string) => String(data.get(name) ?? '');
    const photos = data.getAll('Photos').filter((p): p is File => p instanceof File && p.size > 0);
    return { data, values: { Name: text('Name'), Email: text('Email'), Phone: text('Phone'), City: text('City'), Message: text('Message'), Consent: data.get('Consent') === 'oui', Photos: photos } };
  }

  /** A field being corrected loses its message (e-mail and phone share the « one of them » rule). */
  function edited(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as QuoteField;
    if (name === 'Photos' || !errors[name === 'Phone' ? 'Email' : name] && !errors[name]) return;
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      if (name === 'Phone' && next.Email === catalogue.quotes.errors.contact) delete next.Email;
      return next;
    });
  }

  function focusFirstError(found: QuoteErrors) {
    const first = (['Name', 'Email', 'Phone', 'City', 'Work', 'Message', 'Photos', 'Consent'] as QuoteField[]).find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stage.kind === 'sending') return;
    const { data, values } = valuesOf(event.currentTarget);
    const found = validateQuote(values, catalogue.quotes.errors);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice(t.fixErrors);
      focusFirstError(found);
      return;
    }
    setNotice('');
    const total = values.Photos.reduce((sum, p) => sum + p.size, 0);
    setStage({ kind: 'sending', sent: 0, total });
    const stop = onUploadProgress((sent, all) => setStage((s) => (s.kind === 'sending' ? { ...s, sent, total: all } : s)));
    try {
      const answer = readAnswer(await send({ quoteRequest: data as unknown as QuoteRequest }), catalogue);
      if (answer.ok) {
        setStage({ kind: 'sent', message: answer.message });
        return;
      }
      setStage({ kind: 'editing' });
      if (['Name', 'Email', 'Phone', 'City', 'Work', 'Message', 'Consent', 'Photos'].includes(answer.field)) {
        const fieldErrors = { [answer.field]: answer.message } as QuoteErrors;
        setErrors(fieldErrors);
        setNotice(t.fixErrors);
        focusFirstError(fieldErrors);
      } else {
        setNotice(answer.message);
        noticeRef.current?.focus();
      }
      // An expired or used token (or one whose fate is unknown) is renewed; what was written stays.
      // Not after « sent too soon »: the token is still good, and a new one would start the wait again.
      if (answer.field === 'Token') void form.refetch();
    } finally {
      stop();
    }
  }

  if (stage.kind === 'sent') {
    return (
      <section className="quote" aria-labelledby={fieldId('titre')}>
        <div className="quote-sent" ref={confirmation} tabIndex={-1} role="status">
          <h2 id={fieldId('titre')}>{t.sentTitle}</h2>
          <p>{stage.message}</p>
          <p>{t.sentNext}</p>
          <button
            type="button"
            className="button button-light"
            onClick={() => {
              setStage({ kind: 'editing' });
              setErrors({});
              setMessageLength(0);
              void form.refetch();
            }}
          >
            {t.another}
          </button>
        </div>
      </section>
    );
  }

  const sending = stage.kind === 'sending';
  const percent = sending && stage.total > 0 ? Math.min(100, Math.round((stage.sent / stage.total) * 100)) : 0;
  const fieldError = (name: QuoteField) =>
    errors[name] ? (
      <p className="quote-error" id={errorId(name)}>
        {errors[name]}
      </p>
    ) : null;
  const input = (name: 'Name' | 'Email' | 'Phone' | 'City', label: string, type: string, autoComplete: string, hint?: string) => (
    <div className="quote-field">
      <label htmlFor={fieldId(name)}>{label}</label>
      <input
        id={fieldId(name)}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={publicLimits.QuoteRequest[name].maxLength}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={described(name, hint)}
        disabled={sending}
      />
      {fieldError(name)}
    </div>
  );

  return (
    <section className="quote" id="demande" aria-labelledby={fieldId('titre')}>
      <h2 id={fieldId('titre')}>{t.title}</h2>
      <p>{t.intro}</p>
      <form ref={formRef} action={QUOTE_URL} method="post" encType="multipart/form-data" noValidate onSubmit={(e) => void submit(e)} onInput={edited}>
        {input('Name', t.name, 'text', 'name')}
        <p className="quote-hint" id={fieldId('contact-aide')}>
          {t.contactHint}
        </p>
        {input('Email', t.email, 'email', 'email', fieldId('contact-aide'))}
        {input('Phone', t.phone, 'tel', 'tel', fieldId('contact-aide'))}
        {input('City', t.city, 'text', 'address-level2')}
        <div className="quote-field">
          <label htmlFor={fieldId('Work')}>{t.work}</label>
          <select id={fieldId('Work')} name="Work" defaultValue="" disabled={sending} aria-invalid={errors.Work ? true : undefined} aria-describedby={described('Work')}>
            <option value="">{t.workNone}</option>
            {(form.data?.Works ?? ['Autre']).map((work) => (
              <option key={work} value={work}>
                {work}
              </option>
            ))}
          </select>
          {fieldError('Work')}
        </div>
        <div className="quote-field">
          <label htmlFor={fieldId('Message')}>{t.message}</label>
          <textarea
            id={fieldId('Message')}
            name="Message"
            rows={6}
            maxLength={publicLimits.QuoteRequest.Message.maxLength}
            disabled={sending}
            aria-invalid={errors.Message ? true : undefined}
            aria-describedby={described('Message', fieldId('Message-aide'))}
            onChange={(e) => setMessageLength([...e.target.value].length)}
          />
          <p className="quote-hint" id={fieldId('Message-aide')}>
            {t.messageHint(messageLength)}
          </p>
          {fieldError('Message')}
        </div>
        {/* Spam: people never see this field; robots that fill every field are refused. */}
        <div className="quote-trap" aria-hidden="true">
          <label htmlFor={fieldId('Website')}>{t.honeypot}</label>
          <input id={fieldId('Website')} name="Website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name="Token" value={form.data?.Token ?? ''} />
        {/* The form's language, posted with JavaScript or without (absent: French). */}
        {lang === 'en' ? <input type="hidden" name="Lang" value={lang} /> : null}
        <div className="quote-field quote-consent">
          <input
            id={fieldId('Consent')}
            name="Consent"
            type="checkbox"
            value="oui"
            disabled={sending}
            aria-invalid={errors.Consent ? true : undefined}
            aria-describedby={described('Consent')}
          />
          <label htmlFor={fieldId('Consent')}>
            {t.consent(days)} <Link to={to(paths.privacy.href())}>{t.privacyLink}</Link>
          </label>
          {fieldError('Consent')}
        </div>
        <div className="quote-field">
          <label htmlFor={fieldId('Photos')}>{t.photos}</label>
          <input
            id={fieldId('Photos')}
            name="Photos"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            disabled={sending}
            aria-invalid={errors.Photos ? true : undefined}
            aria-describedby={described('Photos', fieldId('Photos-aide'))}
            onChange={(e) => {
              const problem = photoErrors([...(e.target.files ?? [])], catalogue.quotes.errors);
              setErrors((current) => {
                const next = { ...current };
                if (problem) next.Photos = problem;
                else delete next.Photos;
                return next;
              });
            }}
          />
          <p className="quote-hint" id={fieldId('Photos-aide')}>
            {t.photosHint(publicLimits.QuoteRequest.Photos.maxItems, MAX_IMAGE_BYTES / 1024 / 1024)}
          </p>
          {fieldError('Photos')}
        </div>
        <p className="quote-notice" ref={noticeRef} tabIndex={-1} role="alert">
          {notice}
        </p>
        {sending && (
          <div className="quote-progress" role="status">
            {stage.total > 0 ? (
              <>
                <progress max={100} value={percent} aria-label={t.progress(percent)} />
                <span>{percent < 100 ? t.progress(percent) : t.processing}</span>
              </>
            ) : (
              <span>{t.sending}</span>
            )}
          </div>
        )}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t.sending : t.submit}
        </button>
      </form>
    </section>
  );
}
