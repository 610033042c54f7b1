// « Ordre d’affichage » (/admin/order, issue 15): the owner's order of the categories, of the
// project types of a category and of the projects of a type (drafts included, marked; records
// without their English name marked « Non traduit », so the owner sees what is left to translate). An item
// moves with its « Monter » / « Descendre » buttons (the focus follows it) or by drag and drop;
// each move is one request (PUT …/order with the list as shown and its new order), shown at once
// and undone if the server refuses it (someone else changed the list first: it is reloaded).
import { useId, useMemo, useState } from 'react';
import {
  useGetCategoriesQuery,
  useGetProjectTypesByCategoryQuery,
  useGetProjectsQuery,
  useGetTestimonialsQuery,
  useOrderTestimonialsMutation,
  useOrderCategoriesMutation,
  useOrderProjectTypesMutation,
  useOrderProjectsMutation,
} from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, BackButton, Banner } from '../AdminPage';
import { marksOf } from '../marks';
import type { Banner as BannerState } from '../navigator/navigatorSlice';
import { bannerOf, outcomeOf, type CallResult, type Outcome } from '../navigator/outcome';
import { RecordSelect } from '../RecordSelect';
import { OrderList } from './OrderList';

const t = messages.admin.order;

interface Item {
  Id: number;
  Name: string;
  /** Shown beside the name (marks.ts: « Brouillon », « Non traduit »). */
  marks: string[];
}

/** A list's items with their marks; undefined while the list loads. */
const itemsOf = (records: Array<Parameters<typeof marksOf>[0] & { Id: number; Name: string }> | undefined): Item[] | undefined =>
  records?.map((record) => ({ Id: record.Id, Name: record.Name, marks: marksOf(record) }));

const nameOf = (item: Item) => item.Name;
/** The name, and beside it its marks. */
const renderItem = (item: Item) => (
  <span className="admin-order-name">
    {item.Name}
    {item.marks.map((mark) => (
      <strong key={mark} className="admin-status">
        {mark}
      </strong>
    ))}
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
  // Clients' testimonials (issue 31), unpublished ones too.
  const testimonials = useGetTestimonialsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [orderTestimonials] = useOrderTestimonialsMutation();
  const testimonialItems = useMemo(
    () =>
      testimonials.data?.map((x) => ({
        Id: x.Id,
        Name: t.testimonialName(x.ClientName, x.Place),
        marks: [...(x.Published ? [] : [messages.admin.counter.unpublished]), ...(x.En.Text.trim() ? [] : [messages.admin.counter.untranslated])],
      })),
    [testimonials.data],
  );
  const id = useId();

  const categoryName = categories.data?.find((c) => c.Id === categoryId)?.Name ?? '';
  const typeName = types.data?.find((type) => type.Id === typeId)?.Name ?? '';
  // Kept while the list is the same: a move shows its new order until a new list arrives.
  const categoryItems = useMemo(() => itemsOf(categories.data), [categories.data]);
  const typeItems = useMemo(() => itemsOf(types.data), [types.data]);
  const typeProjects = useMemo(() => itemsOf(projects.data?.filter((p) => p.ProjectTypeId === typeId)), [projects.data, typeId]);

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
        items={categoryItems}
        save={(listOrder) => call(orderCategories({ listOrder }))}
        reload={() => void categories.refetch()}
        nameOf={nameOf}
        empty={t.empty}
        render={renderItem}
      />
      {categoryId !== undefined && (
        <OrderList
          legend={t.types(categoryName)}
          keyPrefix="t"
          items={typeItems}
          save={(listOrder) => call(orderProjectTypes({ categoryId, listOrder }))}
          reload={() => void types.refetch()}
          nameOf={nameOf}
          empty={t.empty}
          render={renderItem}
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
      <OrderList
        legend={t.testimonials}
        keyPrefix="m"
        items={testimonialItems}
        save={(listOrder) => call(orderTestimonials({ listOrder }))}
        reload={() => void testimonials.refetch()}
        nameOf={nameOf}
        empty={t.empty}
        render={renderItem}
      />
      <div className="admin-actions">
        <BackButton />
      </div>
    </AdminPage>
  );
}
