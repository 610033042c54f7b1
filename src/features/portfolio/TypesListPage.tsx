import { useParams } from 'react-router';
import { useGetCategoriesQuery, useGetProjectTypesByCategoryQuery } from '../../api/api.enhanced';
import { Own, ownText, useLang } from '../../lib/lang';
import { parseId, paths } from '../../../contract/paths';
import { isNotFound } from '../../components/LoadError';
import { NotFoundPage } from '../../components/NotFoundPage';
import { CardGrid, EAGER_CARDS, Thumbnail } from './Thumbnail';

/** typeslist/{id}: the project types of a category, as photo cards linking to their page. */
export function TypesListPage() {
  const id = parseId(useParams().id);
  return id === null ? <NotFoundPage /> : <TypesList categoryId={id} />;
}

function TypesList({ categoryId }: { categoryId: number }) {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.gallery;
  const types = useGetProjectTypesByCategoryQuery({ id: categoryId });
  const categories = useGetCategoriesQuery();
  const category = categories.data?.find((c) => c.Id === categoryId);
  const title = category ? ownText(lang, category.Name, category.En?.Name) : { text: t.typesListTitle };

  if (isNotFound(types.error)) return <NotFoundPage />;
  return (
    <section className="page">
      <h1>
        <Own text={title} />
      </h1>
      <CardGrid
        read={types}
        empty={t.typesListEmpty}
        card={(type, index) => (
          <Thumbnail
            key={type.Id}
            to={to(paths.projectType.href(type.Id))}
            record={type}
            described
            eager={index < EAGER_CARDS}
          />
        )}
      />
    </section>
  );
}
