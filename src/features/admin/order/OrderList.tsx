// One list the owner orders, saved at each move (the categories, the types of a category, the
// projects of a type, a project's gallery): « Monter » / « Descendre » (the focus follows the
// item) or drag and drop; each move is one request with the list as shown and its new order,
// shown at once and undone if the server refuses it (the list is then reloaded: someone else may
// have changed it).
import { useState, type DragEvent, type ReactNode } from 'react';
import type { ListOrder } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { moved, Moves, useFocusFollows } from '../Moves';
import type { Outcome } from '../navigator/outcome';

/** What the element that starts a drag carries (the whole item, or a handle inside it). */
export interface DragHandle {
  draggable: true;
  onDragStart(event: DragEvent): void;
  onDragEnd(): void;
}

interface OrderListProps<T extends { Id: number }> {
  legend: string;
  /** Distinguishes the lists' items for the focus (`c12`, `t12`, `p12`). */
  keyPrefix: string;
  /** The list as the server has it; undefined while it loads. */
  items: T[] | undefined;
  /** What the move buttons call the item: « Monter {name} ». */
  nameOf(item: T): string;
  save(listOrder: ListOrder): Promise<Outcome>;
  /** Reloads the list (after a refusal: someone else may have changed it). */
  reload(): void;
  /** The item's content beside its move buttons (default: its name). */
  render?(item: T, handle: DragHandle): ReactNode;
  /**
   * What a drag starts from: the whole item (default), or, for an item with fields inside, the
   * element `render` spreads `handle` on.
   */
  dragBy?: 'item' | 'handle';
  empty: string;
  /** Shown above the list (the choice of whose list it is). */
  children?: ReactNode;
}

export function OrderList<T extends { Id: number }>({ legend, keyPrefix, items, nameOf, save, reload, render, dragBy = 'item', empty, children }: OrderListProps<T>) {
  // The new order, shown from the move until the server's list arrives (a new `items`) or the
  // move is refused.
  const [pending, setPending] = useState<{ of: T[] | undefined; order: T[] } | null>(null);
  const moving = pending !== null && pending.of === items;
  const shown = (moving ? pending.order : items) ?? [];
  const follow = useFocusFollows();
  // The place of the item being dragged, while it is.
  const [dragged, setDragged] = useState<number | null>(null);
  const keyOf = (at: number) => `${keyPrefix}${shown[at]?.Id ?? ''}`;

  const move = (from: number, to: number) => {
    const item = shown[from];
    if (moving || !item || from === to || to < 0 || to >= shown.length) return;
    const next = moved(shown, from, to);
    follow(keyOf(from), to < from ? 'up' : 'down', () => setPending({ of: items, order: next }));
    void save({ Seen: shown.map((i) => i.Id), Order: next.map((i) => i.Id) }).then((outcome) => {
      if (outcome.ok) return; // the reloaded list replaces the pending one
      setPending(null);
      reload();
    });
  };

  const handleOf = (item: T, i: number): DragHandle => ({
    draggable: true,
    onDragStart: (event) => {
      setDragged(i);
      event.dataTransfer?.setData('text/plain', String(item.Id));
    },
    onDragEnd: () => setDragged(null),
  });

  return (
    <fieldset className="admin-order">
      <legend>{legend}</legend>
      {children}
      {items === undefined && <p role="status">{messages.admin.navigator.loading}</p>}
      {items?.length === 0 && <p>{empty}</p>}
      <ol aria-busy={moving}>
        {shown.map((item, i) => (
          <li
            key={item.Id}
            className="admin-order-item"
            {...(dragBy === 'item' ? handleOf(item, i) : {})}
            onDragOver={(event) => {
              if (dragged !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              setDragged(null);
              if (dragged !== null) move(dragged, i);
            }}
          >
            {render ? render(item, handleOf(item, i)) : <span className="admin-order-name">{nameOf(item)}</span>}
            <Moves index={i} count={shown.length} name={nameOf(item)} keyOf={keyOf} onMove={(to) => move(i, to)} />
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
