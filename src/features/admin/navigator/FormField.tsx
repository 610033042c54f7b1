// One field of a record editor: label, input, and its message once touched (section 5).
import { useField } from 'react-final-form';
import { ImageTools } from '../images/ImageTools';
import { OptionList } from '../RecordSelect';
import type { FieldSpec, Option } from './types';

const toNumber = (value: unknown) => (value === '' || value === undefined ? undefined : Number(value));
const toText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

interface Props {
  spec: FieldSpec;
  idPrefix: string;
  disabled: boolean;
  options?: Option[];
}

/** The ids of a field's hint and message (FieldNotes), for its aria-describedby. */
const describedBy = (id: string, hint: unknown, error: unknown) => [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A field's hint, then its message when it has one. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <small id={`${id}-hint`} className="admin-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="admin-error">
          {error}
        </small>
      )}
    </>
  );
}

export function FormField(props: Props) {
  return props.spec.kind === 'checkbox' ? <CheckboxField {...props} /> : <InputField {...props} />;
}

/** A yes/no field, laid out as the others: its label, the box, its hint. */
function CheckboxField({ spec, idPrefix, disabled }: Props) {
  const { input, meta } = useField(spec.name, { type: 'checkbox' });
  const id = `${idPrefix}-${spec.name}`;
  // A box's rule links it to another field (« Publié » needs the client's consent): said at once.
  const error = !disabled && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <div className="admin-field admin-field--checkbox">
      <label htmlFor={id}>{spec.label}</label>
      <input
        {...input}
        id={id}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, spec.hint, error)}
      />
      <FieldNotes id={id} hint={spec.hint} error={error} />
    </div>
  );
}

function InputField({ spec, idPrefix, disabled, options }: Props) {
  const isSelect = spec.kind === 'select';
  const { input, meta } = useField(spec.name, {
    parse: isSelect ? toNumber : (value: unknown) => value ?? '',
    format: toText,
  });
  const id = `${idPrefix}-${spec.name}`;
  const error = !spec.quiet && meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  const common = {
    ...input,
    id,
    disabled,
    'aria-invalid': meta.touched && meta.invalid ? true : undefined,
    'aria-describedby': describedBy(id, spec.hint, error),
  };

  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
      <label htmlFor={id}>{spec.label}</label>
      {spec.kind === 'textarea' && <textarea {...common} rows={4} />}
      {isSelect && (
        <select {...common}>
          <OptionList choose options={options ?? []} />
        </select>
      )}
      {!isSelect && spec.kind !== 'textarea' && (
        <input {...common} type={spec.kind === 'image' ? 'text' : spec.kind} autoComplete={spec.autoComplete ?? 'off'} />
      )}
      <FieldNotes id={id} hint={spec.hint} error={error} />
      {spec.kind === 'image' && <ImageTools fieldName={spec.name} idPrefix={id} disabled={disabled} />}
    </div>
  );
}
