// Beside the Image field of the project and project-type editors: a preview of the named photo,
// an upload button (with a progress bar and a preview of the file being sent) and a picker of
// the photo library. The field itself stays a name that can be typed (spec section 5).
import { useRef, useState, type ChangeEvent } from 'react';
import { useField, useForm } from 'react-final-form';
import { useGetImagesQuery, useUploadImageMutation } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { LibraryPicker } from './LibraryPicker';
import { ACCEPTED_TYPES, formatsHint, thumbnailUrl, uploadFile } from './upload';

interface Sending {
  preview: string;
  fileName: string;
  sent: number;
  total: number;
}

type Note = { ok: boolean; text: string } | null;

export function ImageTools({ fieldName, idPrefix, disabled }: { fieldName: string; idPrefix: string; disabled: boolean }) {
  const t = messages.admin.images;
  const form = useForm();
  const { input } = useField<string>(fieldName, { subscription: { value: true } });
  const current = input.value ?? '';
  const images = useGetImagesQuery();
  const [upload] = useUploadImageMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const info = images.data?.find((image) => image.Name === current);
  const pickerId = `${idPrefix}-picker`;

  // The picker shows only while the record is being edited.
  const pickerShown = pickerOpen && !disabled;

  const choose = (name: string) => {
    form.change(fieldName, name);
    form.blur(fieldName);
    setPickerOpen(false);
    setNote(null);
  };

  async function send(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setNote(null);
    try {
      const sent = await uploadFile(upload, file, {
        started: (preview) => setSending({ preview, fileName: file.name, sent: 0, total: file.size }),
        progress: (done, total) => setSending((state) => state && { ...state, sent: done, total }),
      });
      if (sent.ok) {
        choose(sent.name);
        setNote({ ok: true, text: t.uploaded(sent.name) });
      } else {
        setNote({ ok: false, text: sent.message });
      }
    } finally {
      setSending(null);
    }
  }

  const percent = sending && sending.total > 0 ? Math.min(100, Math.round((sending.sent / sending.total) * 100)) : 0;

  return (
    <div className="admin-image-tools">
      <div className="admin-image-row">
        {sending ? (
          <img className="admin-image-preview" src={sending.preview} alt={t.preview} />
        ) : info ? (
          // Only a photo of the library: a name being typed is not fetched at each key stroke.
          <img className="admin-image-preview" src={thumbnailUrl(current, info)} alt={t.preview} />
        ) : null}
        <div className="admin-image-actions">
          <input
            ref={fileInput}
            id={`${idPrefix}-upload`}
            type="file"
            accept={ACCEPTED_TYPES}
            hidden
            onChange={(event) => void send(event)}
          />
          <button type="button" disabled={disabled || sending !== null} onClick={() => fileInput.current?.click()}>
            {t.upload}
          </button>
          <button
            type="button"
            disabled={disabled}
            aria-expanded={pickerShown}
            aria-controls={pickerShown ? pickerId : undefined}
            onClick={() => setPickerOpen(!pickerShown)}
          >
            {pickerShown ? t.closePicker : t.pick}
          </button>
          <small className="admin-hint">{formatsHint}</small>
        </div>
      </div>
      {sending ? (
        <div className="admin-image-progress">
          <label htmlFor={`${idPrefix}-progress`}>{percent < 100 ? t.sending(percent) : t.processing}</label>
          <progress id={`${idPrefix}-progress`} max={100} value={percent} aria-label={t.progress}>
            {percent} %
          </progress>
        </div>
      ) : null}
      <p className={note ? `admin-image-note${note.ok ? '' : ' admin-error'}` : 'admin-image-note'} role="status">
        {note?.text}
      </p>
      {pickerShown ? <LibraryPicker id={pickerId} current={current} onChoose={choose} /> : null}
    </div>
  );
}
