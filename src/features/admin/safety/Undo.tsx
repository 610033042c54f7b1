// « Annuler » right after a deletion (issue 28), in every editor that deletes: the record editors,
// the gallery, the photo library, the sub-types. The specification's DELETE answers only
// {Result, Message}, so once it succeeded the trash is read for the newest entry of that kind and
// record; « Annuler » restores that entry (POST /api/trash/{Id}/restore) and the lists read again
// (the restore's cache tags). The button stays UNDO_MS, or until the editor's next operation.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLazyGetTrashQuery, useRestoreTrashMutation, type TrashEntry } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { outcomeOf, type Outcome } from '../navigator/outcome';

/** How long « Annuler » stays after a deletion (at least 10 s, issue 28). */
export const UNDO_MS = 15_000;

interface Deleted {
  entryId: number;
  recordId: string;
}

export interface Undo {
  /** The deletion « Annuler » would take back, or null. */
  deleted: Deleted | null;
  /** After a successful deletion: offers « Annuler » for the record's trash entry (the newest, the trash lists newest first). */
  offer(kind: TrashEntry['Kind'], recordId: string | number): Promise<void>;
  /** Another operation, or the record is no longer shown: « Annuler » goes. */
  dismiss(): void;
  /** Restores the deletion; what it came to, and the record's id. */
  restore(): Promise<{ outcome: Outcome; recordId: string } | null>;
  restoring: boolean;
}

export function useUndo(): Undo {
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [readTrash] = useLazyGetTrashQuery();
  const [restoreEntry, restoring] = useRestoreTrashMutation();
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  const offer = useCallback(
    async (kind: TrashEntry['Kind'], recordId: string | number) => {
      const trash = (await readTrash()).data ?? [];
      const entry = trash.find((e) => e.Kind === kind && e.RecordId === String(recordId));
      setDeleted(entry ? { entryId: entry.Id, recordId: entry.RecordId } : null);
    },
    [readTrash],
  );
  const dismiss = useCallback(() => setDeleted(null), []);
  const restore = useCallback(async () => {
    if (!deleted) return null;
    const outcome = outcomeOf(await restoreEntry({ id: deleted.entryId }));
    setDeleted(null);
    return { outcome, recordId: deleted.recordId };
  }, [deleted, restoreEntry]);

  return useMemo(() => ({ deleted, offer, dismiss, restore, restoring: restoring.isLoading }), [deleted, offer, dismiss, restore, restoring.isLoading]);
}

/** « Annuler » beside the success banner of a deletion, while it can be taken back. */
export function UndoButton({ undo, disabled, onRestored }: { undo: Undo; disabled?: boolean; onRestored(outcome: Outcome, recordId: string): void }) {
  if (!undo.deleted) return null;
  const click = async () => {
    const restored = await undo.restore();
    if (restored) onRestored(restored.outcome, restored.recordId);
  };
  return (
    <p className="admin-undo">
      <button type="button" disabled={disabled || undo.restoring} onClick={() => void click()}>
        {messages.admin.safety.undo}
      </button>
    </p>
  );
}
