// The selects of the admin screens: their options, and a labelled select of named records.
import { messages } from '../../messages/withAdmin';

/** A select's options: « — Choisir — » (the empty value) first when `choose`, then the list. */
export function OptionList({ options, choose = false }: { options: { value: string | number; label: string }[]; choose?: boolean }) {
  return (
    <>
      {choose && <option value="">{messages.admin.navigator.choose}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

interface RecordSelectProps {
  id: string;
  label: string;
  /** The chosen record's Id; undefined: none (« — Choisir — » when `choose`). */
  value: number | undefined;
  records: { Id: number; Name: string }[] | undefined;
  choose?: boolean;
  onChange(id: number | undefined): void;
}

/** A labelled select of records by name (their Id as its value), outside the record forms. */
export function RecordSelect({ id, label, value, records = [], choose, onChange }: RecordSelectProps) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}>
        <OptionList choose={choose} options={records.map((record) => ({ value: record.Id, label: record.Name }))} />
      </select>
    </div>
  );
}
