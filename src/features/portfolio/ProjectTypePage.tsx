import { useParams } from 'react-router';
import {
  useGetProjectsByTypeQuery,
  useGetProjectTypesQuery,
  useGetSubTypesQuery,
} from '../../api/api.enhanced';
import { Own, ownText, useLang } from '../../lib/lang';
import { parseId, paths } from '../../../contract/paths';
import { BackButton } from '../../components/BackButton';
import { isNotFound } from '../../components/LoadError';
import { NotFoundPage } from '../../components/NotFoundPage';
import { CardGrid, EAGER_CARDS, Thumbnail } from './Thumbnail';

/** projecttype/{id}: the type's projects as photo cards, its sub-types, 'Retour'. */
export function ProjectTypePage() {
  const id = parseId(useParams().id);
  return id === null ? <NotFoundPage /> : <ProjectType typeId={id} />;
}

function ProjectType({ typeId }: { typeId: number }) {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.gallery;
  const projects = useGetProjectsByTypeQuery({ typeId });
  const types = useGetProjectTypesQuery();
  const subTypes = useGetSubTypesQuery({ id: typeId });
  const type = types.data?.find((candidate) => candidate.Id === typeId);
  const title = type ? ownText(lang, type.Name, type.En?.Name) : { text: t.projectsTitle };
  const description = type ? ownText(lang, type.Description, type.En?.Description) : { text: '' };

  if (isNotFound(projects.error) || (types.data && !type && !projects.isLoading)) return <NotFoundPage />;
  return (
    <section className="page">
      <BackButton />
      <h1>
        <Own text={title} />
      </h1>
      <p className="lead" lang={description.lang}>
        {type ? description.text : '\u00a0'}
      </p>
      <CardGrid
        read={projects}
        empty={t.projectsEmpty}
        card={(project, index) => (
          <Thumbnail
            key={project.Id}
            to={to(paths.project.href(project.Id))}
            record={project}
            eager={index < EAGER_CARDS}
          />
        )}
      />
      {subTypes.data && subTypes.data.length > 0 ? (
        <section aria-labelledby="sous-types" className="subtypes">
          <h2 id="sous-types">{t.subTypesTitle}</h2>
          <ul className="card-grid card-grid-small">
            {subTypes.data.map((sub) => (
              <Thumbnail
                key={sub.Id}
                to={to(paths.projectType.href(sub.Id))}
                record={sub}
                small
              />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
