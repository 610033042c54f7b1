// Moving an item of a list the owner orders (the menu's drop-downs, entries and links; the
// categories, project types and projects): « Monter » / « Descendre » buttons usable by keyboard,
// and the focus that follows the moved item to its new place.
import { useEffect, useRef, type ReactNode } from 'react';
import { messages } from '../../messages/withAdmin';

const t = messages.admin.moves;

/** The list with item `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * After a move, the same button of the moved item takes the focus (at an end, where that one is
 * disabled, the other). Returns `follow(key, apply)`: `key` names the item at its new place (its
 * Moves' `keyOf`) and the direction, `apply` moves it.
 */
export function useFocusFollows(): (key: string, direction: 'up' | 'down', apply: () => void) => void {
  const next = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    if (!next.current) return;
    const { key, direction } = next.current;
    next.current = null;
    const same = document.querySelector<HTMLButtonElement>(`[data-move="${key}:${direction}"]`);
    const other = document.querySelector<HTMLButtonElement>(`[data-move="${key}:${direction === 'up' ? 'down' : 'up'}"]`);
    (same && !same.disabled ? same : other)?.focus();
  });
  return (key, direction, apply) => {
    next.current = { key, direction };
    apply();
  };
}

interface MovesProps {
  index: number;
  count: number;
  /** What the buttons say they move: « Monter {name} ». */
  name: string;
  /** The key of the item at a place, for the focus to find it there. */
  keyOf: (at: number) => string;
  onMove: (to: number) => void;
  children?: ReactNode;
}

/** The move buttons of an item, marked so that the focus can follow it. */
export function Moves({ index, count, name, keyOf, onMove, children }: MovesProps) {
  return (
    <span className="admin-move">
      <button type="button" data-move={`${keyOf(index)}:up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        {t.up(name)}
      </button>
      <button type="button" data-move={`${keyOf(index)}:down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        {t.down(name)}
      </button>
      {children}
    </span>
  );
}
