// Beside the Image field of the project and project-type editors: a preview of the named photo,
// an upload button (with a progress bar and a preview of the file being sent) and a picker of
// the photo library. The field itself stays a name that can be typed (spec section 5).
import { useRef, useState, type ChangeEvent } from 'react';
import { useField, useForm } from 'react-final-form';
import {
  useDeleteImageMutation,
  useGetImagesQuery,
  useUploadImageMutation,
  type ImageInfo,
  type ImageUpload,
} from '../../../api/api.enhanced';
import { messages } from '../../../app/messages/withAdmin';
import { imageUrl, variantUrl } from '../../../components/images';
import { PlayMark } from '../../../components/Video';
import { outcomeOf } from '../navigator/outcome';
// The server's upload limits (it refuses larger files itself), checked here to spare the wait.
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../../../contract/images';
import { onUploadProgress } from '../../../api/uploadTransport';
import { firstFrame } from './videoPoster';

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif,video/mp4';

/** Mo, as the messages say it (1 Mo = 1024 × 1024 bytes). */
const mo = (bytes: number) => bytes / (1024 * 1024);

const isMp4 = (file: File) => file.type === 'video/mp4' || /\.mp4$/i.test(file.name);

/** The smallest variant of a library image (of a video's poster), else the file itself. */
const thumbnailUrl = (name: string, info?: Pick<ImageInfo, 'Widths' | 'Poster'>) => {
  const smallest = info?.Widths[0];
  const shown = info?.Poster || name;
  return smallest ? variantUrl(shown, smallest, 'webp') : imageUrl(shown);
};

/** The multipart body of POST /api/image/ (the generated type names its fields). */
function uploadBody(file: File, poster: Blob | null): ImageUpload {
  const form = new FormData();
  form.append('file', file, file.name);
  if (poster) form.append('poster', poster, `${file.name.replace(/\.[^.]*$/, '')}-affiche.jpg`);
  return form as unknown as ImageUpload;
}

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
  const [remove] = useDeleteImageMutation();
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
    const video = isMp4(file);
    if (file.size > (video ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES)) {
      setNote({ ok: false, text: video ? t.tooBigVideo(mo(MAX_VIDEO_BYTES)) : t.tooBig(mo(MAX_IMAGE_BYTES)) });
      return;
    }
    // A video's poster: its first frame, made here (see videoPoster.ts).
    let poster: Blob | null = null;
    if (video) {
      try {
        poster = await firstFrame(file);
      } catch {
        setNote({ ok: false, text: t.unreadableVideo });
        return;
      }
    }
    const preview = URL.createObjectURL(poster ?? file);
    setNote(null);
    setSending({ preview, fileName: file.name, sent: 0, total: file.size });
    const stop = onUploadProgress((sent, total) => setSending((state) => state && { ...state, sent, total }));
    try {
      const result = await upload({ imageUpload: uploadBody(file, poster) });
      const name = result.data?.Result ? result.data.Name : '';
      if (name) {
        choose(name);
        setNote({ ok: true, text: t.uploaded(name) });
      } else {
        const outcome = result.data
          ? outcomeOf({ data: { Result: false, Message: result.data.Message } })
          : outcomeOf({ error: result.error! });
        setNote({ ok: false, text: outcome.ok ? '' : outcome.message });
      }
    } finally {
      stop();
      URL.revokeObjectURL(preview);
      setSending(null);
    }
  }

  async function erase(image: ImageInfo) {
    if (!window.confirm(t.confirmRemove(image.Name))) return;
    const outcome = outcomeOf(await remove({ name: image.Name }));
    setNote(outcome.ok ? { ok: true, text: t.removed(image.Name) } : { ok: false, text: outcome.message });
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
          <small className="admin-hint">{t.formats(mo(MAX_IMAGE_BYTES), mo(MAX_VIDEO_BYTES))}</small>
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
      {pickerShown ? (
        <section id={pickerId} className="admin-picker" aria-label={t.library}>
          {images.isLoading ? <p>{t.loading}</p> : null}
          {images.data && images.data.length === 0 ? <p>{t.empty}</p> : null}
          <ul>
            {images.data?.map((image) => {
              const unused = image.Projects + image.ProjectTypes + (image.Pages ?? 0) === 0;
              return (
                <li key={image.Name} className={image.Name === current ? 'admin-picker-current' : undefined}>
                  <button
                    type="button"
                    className="admin-picker-choose"
                    aria-pressed={image.Name === current}
                    aria-label={t.choose(image.Name)}
                    onClick={() => choose(image.Name)}
                  >
                    <img src={thumbnailUrl(image.Name, image)} alt="" width={160} height={120} loading="lazy" />
                    {image.Poster ? <PlayMark /> : null}
                  </button>
                  <span className="admin-picker-name">{image.Name}</span>
                  <span className="admin-picker-usage">{t.usage(image.Projects, image.ProjectTypes, image.Pages)}</span>
                  {unused ? (
                    <button type="button" className="admin-picker-remove" onClick={() => void erase(image)}>
                      {t.remove(image.Name)}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
