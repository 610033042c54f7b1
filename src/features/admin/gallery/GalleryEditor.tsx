// « Galerie du projet », under the project editor (issue 15): the photos and videos shown after
// the project's cover. Each item's caption, alt text and « Avant » / « Après » mark, saved with
// its own button; removed from the gallery (the file stays in the library); reordered like every
// list the owner orders (OrderList: buttons, drag by its thumbnail). Photos are added by
// uploading several at once (one after the other, each with its progress) or from the library:
// each waits in « Photos à ajouter » for its alt text, then joins the end of the gallery.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  useAddGalleryItemMutation,
  useDeleteGalleryItemMutation,
  useGetGalleryQuery,
  useGetImagesQuery,
  useOrderGalleryMutation,
  useUpdateGalleryItemMutation,
  useUploadImageMutation,
  type GalleryItem,
  type GalleryItemInput,
  type ImageInfo,
} from '../../../api/adminApi';
import { limits } from '../../../../contract/limits';
import { messages } from '../../../messages/withAdmin';
import { isVideo } from '../../../components/images';
import { Banner } from '../AdminPage';
import { LibraryPicker } from '../images/LibraryPicker';
import { ACCEPTED_TYPES, formatsHint, thumbnailUrl, uploadFile } from '../images/upload';
import type { Banner as BannerState } from '../navigator/navigatorSlice';
import { bannerOf, outcomeOf, type CallResult, type Outcome } from '../navigator/outcome';
import { OrderList, type DragHandle } from '../order/OrderList';
import { UndoButton, useUndo } from '../safety/Undo';

const t = messages.admin.gallery;

type Pair = GalleryItem['Pair'];
/** An item's texts as typed: its caption and alt text, in French and in English (issue 27: '' is not translated). */
type ItemTexts = Required<Pick<GalleryItemInput, 'Caption' | 'Alt' | 'En'>>;
/** The texts of an item as read (a read without En: nothing translated), or of a new one. */
const textsOf = (item?: GalleryItem): ItemTexts => ({
  Caption: item?.Caption ?? '',
  Alt: item?.Alt ?? '',
  En: { Caption: item?.En?.Caption ?? '', Alt: item?.En?.Alt ?? '' },
});
const sameTexts = (a: ItemTexts, b: ItemTexts) => JSON.stringify(a) === JSON.stringify(b);
/** A photo on its way into the gallery: being uploaded, or waiting for its alt text. */
interface ToAdd {
  key: string;
  fileName: string;
  status: 'waiting' | 'sending' | 'ready' | 'failed';
  /** The library's name, once uploaded (or chosen). */
  name?: string;
  sent: number;
  total: number;
  message?: string;
}

/** The library's entry of `name`: its thumbnail, and whether it is a video (it has a poster). */
const infoOf = (library: ImageInfo[] | undefined, name: string) => library?.find((image) => image.Name === name);
const isVideoName = (library: ImageInfo[] | undefined, name: string) => Boolean(infoOf(library, name)?.Poster) || /\.mp4$/i.test(name);

export function GalleryEditor({ projectId }: { projectId: number }) {
  const gallery = useGetGalleryQuery({ id: projectId }, { refetchOnMountOrArgChange: true });
  const library = useGetImagesQuery().data;
  const [add] = useAddGalleryItemMutation();
  const [update] = useUpdateGalleryItemMutation();
  const [remove] = useDeleteGalleryItemMutation();
  const [order] = useOrderGalleryMutation();
  const [upload] = useUploadImageMutation();
  const [banner, setBanner] = useState<BannerState>(null);
  const [toAdd, setToAdd] = useState<ToAdd[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  // « Annuler » after a removal: the item back from the trash, where it was.
  const undo = useUndo();

  const call = async (request: PromiseLike<CallResult>): Promise<Outcome> => {
    undo.dismiss();
    const outcome = outcomeOf(await request);
    setBanner(bannerOf(outcome));
    return outcome;
  };
  const removeItem = async (itemId: number) => {
    if ((await call(remove({ id: projectId, itemId }))).ok) await undo.offer('gallery', itemId);
  };
  const change = (key: string, patch: Partial<ToAdd>) => setToAdd((list) => list.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
  const drop = (key: string) => setToAdd((list) => list.filter((entry) => entry.key !== key));

  async function uploadAll(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const entries = files.map((file, i): ToAdd => ({ key: `${Date.now()}-${i}-${file.name}`, fileName: file.name, status: 'waiting', sent: 0, total: file.size }));
    setToAdd((list) => [...list, ...entries]);
    // One after the other: each shows its own progress, and the server encodes one at a time.
    for (const [i, file] of files.entries()) {
      const key = entries[i]?.key ?? '';
      const sent = await uploadFile(upload, file, {
        started: () => change(key, { status: 'sending' }),
        progress: (done, total) => change(key, { sent: done, total }),
      });
      change(key, sent.ok ? { status: 'ready', name: sent.name } : { status: 'failed', message: sent.message });
    }
  }

  const chooseFromLibrary = (name: string) => {
    setToAdd((list) => [...list, { key: `${Date.now()}-${name}`, fileName: name, name, status: 'ready', sent: 0, total: 0 }]);
    setPickerOpen(false);
  };

  return (
    <section className="admin-gallery" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.title}</h2>
      <p className="admin-intro">{t.intro}</p>
      <Banner banner={banner} />
      {banner?.kind === 'success' && <UndoButton undo={undo} onRestored={(outcome) => setBanner(bannerOf(outcome))} />}
      {gallery.isError ? (
        <p role="alert">
          {messages.admin.navigator.loadError}{' '}
          <button type="button" onClick={() => void gallery.refetch()}>
            {messages.admin.navigator.retry}
          </button>
        </p>
      ) : (
        <OrderList
          legend={t.title}
          keyPrefix="g"
          items={gallery.data}
          nameOf={(item) => item.Alt.trim() || item.Caption.trim() || item.Image}
          save={(listOrder) => call(order({ id: projectId, listOrder }))}
          reload={() => void gallery.refetch()}
          empty={t.empty}
          dragBy="handle"
          render={(item, handle) => (
            <ItemFields
              key={`${item.Id}:${JSON.stringify(textsOf(item))}:${item.Pair}`}
              item={item}
              handle={handle}
              video={isVideo(item.Media) || isVideoName(library, item.Image)}
              thumbnail={thumbnailUrl(item.Image, infoOf(library, item.Image) ?? item.Media)}
              save={(input) => call(update({ id: projectId, itemId: item.Id, galleryItemInput: { Image: item.Image, ...input } }))}
              remove={() => void removeItem(item.Id)}
            />
          )}
        />
      )}

      <div className="admin-gallery-add">
        <input ref={fileInput} id={`${id}-upload`} type="file" accept={ACCEPTED_TYPES} multiple hidden onChange={(event) => void uploadAll(event)} />
        <button type="button" onClick={() => fileInput.current?.click()}>
          {t.upload}
        </button>
        <button type="button" aria-expanded={pickerOpen} aria-controls={pickerOpen ? `${id}-picker` : undefined} onClick={() => setPickerOpen(!pickerOpen)}>
          {pickerOpen ? t.closePicker : t.pick}
        </button>
        <small className="admin-hint">{formatsHint}</small>
      </div>
      {pickerOpen ? <LibraryPicker id={`${id}-picker`} onChoose={chooseFromLibrary} /> : null}

      {toAdd.length > 0 ? (
        <fieldset className="admin-gallery-new">
          <legend>{t.toAdd}</legend>
          <p className="admin-hint">{t.toAddHint}</p>
          <ul>
            {toAdd.map((entry) => (
              <li key={entry.key}>
                {entry.status === 'ready' && entry.name ? (
                  <NewItem
                    name={entry.name}
                    video={isVideoName(library, entry.name)}
                    thumbnail={thumbnailUrl(entry.name, infoOf(library, entry.name))}
                    add={async (input) => {
                      const outcome = await call(add({ id: projectId, galleryItemInput: { Image: entry.name ?? '', Pair: '', ...input } }));
                      if (outcome.ok) drop(entry.key);
                    }}
                    discard={() => drop(entry.key)}
                  />
                ) : (
                  <UploadState entry={entry} discard={() => drop(entry.key)} />
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </section>
  );
}

function UploadState({ entry, discard }: { entry: ToAdd; discard(): void }) {
  const percent = entry.total > 0 ? Math.min(100, Math.round((entry.sent / entry.total) * 100)) : 0;
  return (
    <div className="admin-gallery-upload">
      {entry.status === 'failed' ? (
        <>
          <p className="admin-error" role="alert">
            {t.failed(entry.fileName, entry.message ?? '')}
          </p>
          <button type="button" onClick={discard}>
            {t.discard(entry.fileName)}
          </button>
        </>
      ) : (
        <>
          <span role="status">{entry.status === 'waiting' ? t.waiting(entry.fileName) : t.sending(entry.fileName, percent)}</span>
          <progress max={100} value={percent} aria-label={t.sending(entry.fileName, percent)}>
            {percent} %
          </progress>
        </>
      )}
    </div>
  );
}

interface TextsProps {
  idPrefix: string;
  video: boolean;
  texts: ItemTexts;
  setTexts(texts: ItemTexts): void;
  /** The alt text's message, once the person tried to save without it. */
  showAltError: boolean;
}

/** One text of an item: its label, its input (the contract's length), its hint. */
function TextField({ id, label, value, hint, onChange }: { id: string; label: string; value: string; hint: string; onChange(value: string): void }) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} maxLength={limits.GalleryText.maxLength} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.value)} />
      <small id={`${id}-hint`} className="admin-hint">
        {hint}
      </small>
    </div>
  );
}

/** The alt text and the caption of an item, each followed by its English version; the alt text's hint and message. */
function Texts({ idPrefix, video, texts, setTexts, showAltError }: TextsProps) {
  const { Caption: caption, Alt: alt, En: en } = texts;
  const altError = showAltError && !video && !alt.trim();
  const english = (key: keyof ItemTexts['En'], label: string) => (
    <TextField
      id={`${idPrefix}-${key.toLowerCase()}-en`}
      label={messages.admin.english.label(label)}
      value={en[key]}
      hint={messages.admin.english.hint}
      onChange={(value) => setTexts({ ...texts, En: { ...en, [key]: value } })}
    />
  );
  return (
    <>
      <div className={`admin-field${altError ? ' admin-field--error' : ''}`}>
        <label htmlFor={`${idPrefix}-alt`}>{t.alt}</label>
        <input
          id={`${idPrefix}-alt`}
          value={alt}
          maxLength={limits.GalleryItemInput.Alt.maxLength}
          aria-invalid={altError || undefined}
          aria-describedby={`${idPrefix}-alt-hint${altError ? ` ${idPrefix}-alt-error` : ''}`}
          onChange={(event) => setTexts({ ...texts, Alt: event.target.value })}
        />
        <small id={`${idPrefix}-alt-hint`} className="admin-hint">
          {t.altHint}
        </small>
        {altError ? (
          <small id={`${idPrefix}-alt-error`} className="admin-error">
            {t.altRequired}
          </small>
        ) : null}
      </div>
      {english('Alt', t.alt)}
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-caption`}>{t.caption}</label>
        <input id={`${idPrefix}-caption`} value={caption} maxLength={limits.GalleryItemInput.Caption.maxLength} onChange={(event) => setTexts({ ...texts, Caption: event.target.value })} />
      </div>
      {english('Caption', t.caption)}
    </>
  );
}

interface ItemFieldsProps {
  item: GalleryItem;
  handle: DragHandle;
  video: boolean;
  thumbnail: string;
  save(input: ItemTexts & { Pair: Pair }): Promise<Outcome>;
  remove(): void;
}

/** An item of the gallery: its thumbnail (drag it to move the item), its texts, its mark, its buttons. */
function ItemFields({ item, handle, video, thumbnail, save, remove }: ItemFieldsProps) {
  const idPrefix = useId();
  const [texts, setTexts] = useState(() => textsOf(item));
  const [pair, setPair] = useState<Pair>(item.Pair);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = item.Alt.trim() || item.Caption.trim() || item.Image;
  const changed = !sameTexts(texts, textsOf(item)) || pair !== item.Pair;

  const submit = async () => {
    setTried(true);
    if (!video && !texts.Alt.trim()) return;
    setBusy(true);
    try {
      await save({ ...texts, Pair: pair });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-gallery-item">
      <img className="admin-gallery-thumb" src={thumbnail} alt="" width={160} height={120} {...handle} />
      <div className="admin-gallery-fields">
        <p className="admin-gallery-name">
          {item.Image}
          {video ? <strong className="admin-status">{t.video}</strong> : null}
        </p>
        <Texts idPrefix={idPrefix} video={video} texts={texts} setTexts={setTexts} showAltError={tried} />
        <div className="admin-field">
          <label htmlFor={`${idPrefix}-pair`}>{t.pair}</label>
          <select id={`${idPrefix}-pair`} value={pair} disabled={video} aria-describedby={`${idPrefix}-pair-hint`} onChange={(event) => setPair(event.target.value as Pair)}>
            {(Object.keys(t.pairs) as Pair[]).map((value) => (
              <option key={value} value={value}>
                {t.pairs[value]}
              </option>
            ))}
          </select>
          <small id={`${idPrefix}-pair-hint`} className="admin-hint">
            {t.pairHint}
          </small>
        </div>
        <div className="admin-actions">
          <button type="button" className="admin-primary" disabled={!changed || busy} onClick={() => void submit()}>
            {t.save(name)}
          </button>
          <button type="button" className="admin-remove" disabled={busy} onClick={remove}>
            {t.remove(name)}
          </button>
        </div>
      </div>
    </div>
  );
}

interface NewItemProps {
  name: string;
  video: boolean;
  thumbnail: string;
  add(input: ItemTexts): Promise<void>;
  discard(): void;
}

/** A photo waiting for its alt text before it joins the gallery. */
function NewItem({ name, video, thumbnail, add, discard }: NewItemProps) {
  const idPrefix = useId();
  const [texts, setTexts] = useState(() => textsOf());
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setTried(true);
    if (!video && !texts.Alt.trim()) {
      document.getElementById(`${idPrefix}-alt`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await add(texts);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-gallery-item">
      <img className="admin-gallery-thumb" src={thumbnail} alt="" width={160} height={120} />
      <div className="admin-gallery-fields">
        <p className="admin-gallery-name">{name}</p>
        <Texts idPrefix={idPrefix} video={video} texts={texts} setTexts={setTexts} showAltError={tried} />
        <div className="admin-actions">
          <button type="button" className="admin-primary" disabled={busy} onClick={() => void submit()}>
            {t.add(name)}
          </button>
          <button type="button" disabled={busy} onClick={discard}>
            {t.discard(name)}
          </button>
        </div>
      </div>
    </div>
  );
}
