// « Ordre d’affichage » (/admin/order, issue 15): the owner's order of the categories, of the
// project types of a category and of the projects of a type (drafts included, marked). An item
// moves with its « Monter » / « Descendre » buttons (the focus follows it) or by drag and drop;
// each move is one request (PUT …/order with the list as shown and its new order), shown at once
// and undone if the server refuses it (someone else changed the list first: it is reloaded).
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  useGetCategoriesQuery,
  useGetProjectTypesByCategoryQuery,
  useGetProjectsQuery,
  useOrderCategoriesMutation,
  useOrderProjectTypesMutation,
  useOrderProjectsMutation,
  type ListOrder,
} from '../../../api/api.enhanced';
import { messages } from '../../../app/messages/withAdmin';
import { AdminPage, BackButton, Banner } from '../AdminPage';
import { moved, Moves, useFocusFollows } from '../Moves';
import { outcomeOf, type CallResult, type Outcome } from '../navigator/outcome';

const t = messages.admin.order;

interface Item {
  Id: number;
  Name: string;
  /** Shown beside the name (a draft project: « Brouillon »). */
  note?: string;
}

type BannerState = { kind: 'success' } | { kind: 'failure'; message: string } | null;

export function OrderEditor() {
  const [banner, setBanner] = useState<BannerState>(null);
  const categories = useGetCategoriesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [chosenCategory, setChosenCategory] = useState<number>();
  const categoryId = categories.data?.some((c) => c.Id === chosenCategory) ? chosenCategory : categories.data?.[0]?.Id;
  const types = useGetProjectTypesByCategoryQuery({ id: categoryId ?? 0 }, { skip: categoryId === undefined, refetchOnMountOrArgChange: true });
  const [chosenType, setChosenType] = useState<number>();
  const typeId = types.data?.some((type) => type.Id === chosenType) ? chosenType : types.data?.[0]?.Id;
  // The administrator's list: the drafts too, in the owner's order.
  const projects = useGetProjectsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [orderCategories] = useOrderCategoriesMutation();
  const [orderProjectTypes] = useOrderProjectTypesMutation();
  const [orderProjects] = useOrderProjectsMutation();
  const id = useId();

  const categoryName = categories.data?.find((c) => c.Id === categoryId)?.Name ?? '';
  const typeName = types.data?.find((type) => type.Id === typeId)?.Name ?? '';
  // Kept while the list is the same: a move shows its new order until a new list arrives.
  const typeProjects = useMemo(
    () =>
      projects.data
        ?.filter((p) => p.ProjectTypeId === typeId)
        .map((p) => ({ Id: p.Id, Name: p.Name, note: p.Published === false ? messages.admin.counter.draft : undefined })),
    [projects.data, typeId],
  );

  const saved = (outcome: Outcome) => setBanner(outcome.ok ? { kind: 'success' } : { kind: 'failure', message: outcome.message });
  const call = async (request: PromiseLike<CallResult>) => {
    const outcome = outcomeOf(await request);
    saved(outcome);
    return outcome;
  };

  if (categories.isError || types.isError || projects.isError) {
    return (
      <AdminPage title={t.title}>
        <p role="alert">{messages.admin.navigator.loadError}</p>
        <div className="admin-actions">
          <button
            type="button"
            onClick={() => {
              void categories.refetch();
              void projects.refetch();
              if (categoryId !== undefined) void types.refetch();
            }}
          >
            {messages.admin.navigator.retry}
          </button>
          <BackButton />
        </div>
      </AdminPage>
    );
  }

  return (
    <AdminPage title={t.title}>
      <p className="admin-intro">{t.intro}</p>
      <Banner banner={banner} />
      <OrderList
        legend={t.categories}
        keyPrefix="c"
        items={categories.data}
        save={(listOrder) => call(orderCategories({ listOrder }))}
        reload={() => void categories.refetch()}
      />
      {categoryId !== undefined && (
        <OrderList
          legend={t.types(categoryName)}
          keyPrefix="t"
          items={types.data}
          save={(listOrder) => call(orderProjectTypes({ categoryId, listOrder }))}
          reload={() => void types.refetch()}
        >
          <div className="admin-field">
            <label htmlFor={`${id}-category`}>{t.category}</label>
            <select id={`${id}-category`} value={categoryId} onChange={(event) => setChosenCategory(Number(event.target.value))}>
              {categories.data?.map((c) => (
                <option key={c.Id} value={c.Id}>
                  {c.Name}
                </option>
              ))}
            </select>
          </div>
        </OrderList>
      )}
      {typeId !== undefined && (
        <OrderList
          legend={t.projects(typeName)}
          keyPrefix="p"
          items={typeProjects}
          save={(listOrder) => call(orderProjects({ typeId, listOrder }))}
          reload={() => void projects.refetch()}
        >
          <div className="admin-field">
            <label htmlFor={`${id}-type`}>{t.type}</label>
            <select id={`${id}-type`} value={typeId} onChange={(event) => setChosenType(Number(event.target.value))}>
              {types.data?.map((type) => (
                <option key={type.Id} value={type.Id}>
                  {type.Name}
                </option>
              ))}
            </select>
          </div>
        </OrderList>
      )}
      <div className="admin-actions">
        <BackButton />
      </div>
    </AdminPage>
  );
}

interface OrderListProps {
  legend: string;
  /** Distinguishes the lists' items for the focus (`c12`, `t12`, `p12`). */
  keyPrefix: string;
  /** The list as the server has it; undefined while it loads. */
  items: Item[] | undefined;
  save(listOrder: ListOrder): Promise<Outcome>;
  /** Reloads the list (after a refusal: someone else may have changed it). */
  reload(): void;
  /** Shown above the list: the choice of whose list it is. */
  children?: ReactNode;
}

/** One ordered list: its items with their move buttons, draggable. */
function OrderList({ legend, keyPrefix, items, save, reload, children }: OrderListProps) {
  // The new order, shown from the move until the server's list arrives (a new `items`) or the
  // move is refused.
  const [pending, setPending] = useState<{ of: Item[] | undefined; order: Item[] } | null>(null);
  const moving = pending !== null && pending.of === items;
  const shown = (moving ? pending.order : items) ?? [];
  const follow = useFocusFollows();
  const dragged = useRef<number | null>(null);
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

  return (
    <fieldset className="admin-order">
      <legend>{legend}</legend>
      {children}
      {items === undefined && <p role="status">{messages.admin.navigator.loading}</p>}
      {items?.length === 0 && <p>{t.empty}</p>}
      <ol aria-busy={moving}>
        {shown.map((item, i) => (
          <li
            key={item.Id}
            draggable
            className="admin-order-item"
            onDragStart={(event) => {
              dragged.current = i;
              event.dataTransfer?.setData('text/plain', String(item.Id));
            }}
            onDragOver={(event) => {
              if (dragged.current !== null) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              const from = dragged.current;
              dragged.current = null;
              if (from !== null) move(from, i);
            }}
            onDragEnd={() => {
              dragged.current = null;
            }}
          >
            <span className="admin-order-name">
              {item.Name}
              {item.note && <strong className="admin-status">{item.note}</strong>}
            </span>
            <Moves index={i} count={shown.length} name={item.Name} keyOf={keyOf} onMove={(to) => move(i, to)} />
          </li>
        ))}
      </ol>
    </fieldset>
  );
}
