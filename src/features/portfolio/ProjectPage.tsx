import { Link, useParams } from 'react-router';
import { useGetProjectQuery, useGetProjectTypesQuery, useGetTestimonialsQuery } from '../../api/api.enhanced';
import { useSite } from '../../lib/site';
import { Own, ownText, useLang } from '../../lib/lang';
import { parseId, paths } from '../../../contract/paths';
import { BackButton } from '../../components/BackButton';
import { imageSizes, isVideo } from '../../components/images';
import { isNotFound, LoadError } from '../../components/LoadError';
import { NotFoundPage } from '../../components/NotFoundPage';
import { Picture } from '../../components/Picture';
import { Testimonials } from '../../components/Testimonials';
import { Video } from '../../components/Video';
import { ProjectGallery } from './ProjectGallery';

/** project/{id}: name, photo, description, 'Retour'; then its before/after comparison and its gallery. */
export function ProjectPage() {
  const id = parseId(useParams().id);
  return id === null ? <NotFoundPage /> : <Project projectId={id} />;
}

function Project({ projectId }: { projectId: number }) {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site;
  const site = useSite();
  const { data: project, error, isError, refetch } = useGetProjectQuery({ id: projectId });
  const types = useGetProjectTypesQuery();
  // What the clients said of this project (issue 31).
  const testimonials = useGetTestimonialsQuery().data?.filter((item) => item.ProjectId === projectId);
  const type = project && types.data?.find((candidate) => candidate.Id === project.ProjectTypeId);

  if (isNotFound(error)) return <NotFoundPage />;
  const name = project && ownText(lang, project.Name, project.En?.Name);
  const description = project && ownText(lang, project.Description, project.En?.Description);
  // The cover's words: the business and the project's name (a French name marks the photo French).
  const coverAlt = name && { ...name, text: t.welcome.imageAlt(site.BusinessName, name.text) };
  return (
    <article className="page project">
      <BackButton />
      {isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : (
        <>
          <h1 className={project ? undefined : 'placeholder-text'}>{name ? <Own text={name} /> : t.status.loading}</h1>
          <div className="project-layout">
            <div className="project-media">
              {project && coverAlt && isVideo(project.Media) ? (
                <Video name={project.Image} media={project.Media} label={coverAlt.text} />
              ) : project && coverAlt ? (
                <Picture
                  name={project.Image}
                  media={project.Media}
                  sizes={imageSizes.project}
                  alt={coverAlt.text}
                  lang={coverAlt.lang}
                  fetchPriority="high"
                />
              ) : null}
            </div>
            <div className="project-text">
              <p lang={description?.lang}>{description?.text}</p>
              {type ? (
                <p>
                  <Link to={to(paths.projectType.href(type.Id))}>
                    <Own text={ownText(lang, type.Name, type.En?.Name)} within={t.gallery.seeType} />
                  </Link>
                </p>
              ) : null}
            </div>
          </div>
          {project && name && coverAlt ? <ProjectGallery project={project} name={name} coverAlt={coverAlt} /> : null}
          <Testimonials items={testimonials} title={t.trust.projectTestimonialsTitle} />
        </>
      )}
    </article>
  );
}
