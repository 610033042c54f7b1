// « Ordre d’affichage » (/admin/order, issue 15): the owner's order of the categories, of the
// project types of a category and of the projects of a type (drafts included, marked). An item
// moves with its « Monter » / « Descendre » buttons (the focus follows it) or by drag and drop;
// each move is one request (PUT …/order with the list as shown and its new order), shown at once
// and undone if the server refuses it (someone else changed the list first: it is reloaded).
import { useId, useMemo, useState } from 'react';
import {
  useGetCategoriesQuery,
  useGetProjectTypesByCategoryQuery,
  useGetProjectsQuery,
  useOrderCategoriesMutation,
  useOrderProjectTypesMutation,
  useOrderProjectsMutation,
} from '../../../api/api.enhanced';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, BackButton, Banner } from '../AdminPage';
import type { Banner as BannerState } from '../navigator/navigatorSlice';
import { bannerOf, outcomeOf, type CallResult, type Outcome } from '../navigator/outcome';
import { RecordSelect } from '../RecordSelect';
import { OrderList } from './OrderList';

const t = messages.admin.order;

interface Item {
  Id: number;
  Name: string;
  /** Shown beside the name (a draft project: « Brouillon »). */
  note?: string;
}

const nameOf = (item: Item) => item.Name;
/** The name, and beside it the draft's mark. */
const renderItem = (item: Item) => (
  <span className="admin-order-name">
    {item.Name}
    {item.note && <strong className="admin-status">{item.note}</strong>}
  </span>
);

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

  const saved = (outcome: Outcome) => setBanner(bannerOf(outcome));
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
        nameOf={nameOf}
        empty={t.empty}
      />
      {categoryId !== undefined && (
        <OrderList
          legend={t.types(categoryName)}
          keyPrefix="t"
          items={types.data}
          save={(listOrder) => call(orderProjectTypes({ categoryId, listOrder }))}
          reload={() => void types.refetch()}
          nameOf={nameOf}
          empty={t.empty}
        >
          <RecordSelect id={`${id}-category`} label={t.category} value={categoryId} records={categories.data} onChange={setChosenCategory} />
        </OrderList>
      )}
      {typeId !== undefined && (
        <OrderList
          legend={t.projects(typeName)}
          keyPrefix="p"
          items={typeProjects}
          save={(listOrder) => call(orderProjects({ typeId, listOrder }))}
          reload={() => void projects.refetch()}
          nameOf={nameOf}
          empty={t.empty}
          render={renderItem}
        >
          <RecordSelect id={`${id}-type`} label={t.type} value={typeId} records={types.data} onChange={setChosenType} />
        </OrderList>
      )}
      <div className="admin-actions">
        <BackButton />
      </div>
    </AdminPage>
  );
}
