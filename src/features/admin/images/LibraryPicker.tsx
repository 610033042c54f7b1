// The photo library as a picker: every photo and video (newest first) with its thumbnail, its
// name and where it is used; a click chooses it; an unused one can be deleted (after the
// browser's confirmation), and « Annuler » brings it back for a while. Shared by the Image
// field's tools and the project's gallery.
import { useState } from 'react';
import { useDeleteImageMutation, useGetImagesQuery, type ImageInfo } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { PlayMark } from '../../../components/Video';
import { outcomeOf, type Outcome } from '../navigator/outcome';
import { UndoButton, useUndo } from '../safety/Undo';
import { thumbnailUrl } from './upload';

const t = messages.admin.images;

interface LibraryPickerProps {
  id: string;
  /** The name chosen now, marked as pressed. */
  current?: string;
  onChoose(name: string): void;
}

export function LibraryPicker({ id, current, onChoose }: LibraryPickerProps) {
  const images = useGetImagesQuery();
  const [remove] = useDeleteImageMutation();
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const undo = useUndo();

  async function erase(image: ImageInfo) {
    if (!window.confirm(t.confirmRemove(image.Name))) return;
    undo.dismiss();
    const outcome = outcomeOf(await remove({ name: image.Name }));
    setNote(outcome.ok ? { ok: true, text: t.removed(image.Name) } : { ok: false, text: outcome.message });
    if (outcome.ok) await undo.offer('image', image.Name);
  }
  const restored = (outcome: Outcome, name: string) =>
    setNote(outcome.ok ? { ok: true, text: messages.admin.safety.trash.restored(name) } : { ok: false, text: outcome.message });

  return (
    <section id={id} className="admin-picker" aria-label={t.library}>
      {images.isLoading ? <p>{t.loading}</p> : null}
      {images.data && images.data.length === 0 ? <p>{t.empty}</p> : null}
      <p className={note ? `admin-image-note${note.ok ? '' : ' admin-error'}` : 'admin-image-note'} role="status">
        {note?.text}
      </p>
      {note?.ok && <UndoButton undo={undo} onRestored={restored} />}
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
                onClick={() => onChoose(image.Name)}
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
  );
}
