import { Link, useParams } from 'react-router';
import { useGetProjectQuery, useGetProjectTypesQuery } from '../../api/api.enhanced';
import { useSite } from '../../lib/site';
import { messages } from '../../messages';
import { parseId, paths } from '../../../contract/paths';
import { BackButton } from '../../components/BackButton';
import { imageSizes, isVideo } from '../../components/images';
import { isNotFound, LoadError } from '../../components/LoadError';
import { NotFoundPage } from '../../components/NotFoundPage';
import { Picture } from '../../components/Picture';
import { Video } from '../../components/Video';
import { ProjectGallery } from './ProjectGallery';

/** project/{id}: name, photo, description, 'Retour'; then its before/after comparison and its gallery. */
export function ProjectPage() {
  const id = parseId(useParams().id);
  return id === null ? <NotFoundPage /> : <Project projectId={id} />;
}

function Project({ projectId }: { projectId: number }) {
  const t = messages.site;
  const site = useSite();
  const { data: project, error, isError, refetch } = useGetProjectQuery({ id: projectId });
  const types = useGetProjectTypesQuery();
  const type = project && types.data?.find((candidate) => candidate.Id === project.ProjectTypeId);

  if (isNotFound(error)) return <NotFoundPage />;
  return (
    <article className="page project">
      <BackButton />
      {isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : (
        <>
          <h1 className={project ? undefined : 'placeholder-text'}>{project?.Name ?? t.status.loading}</h1>
          <div className="project-layout">
            <div className="project-media">
              {project && isVideo(project.Media) ? (
                <Video name={project.Image} media={project.Media} label={t.welcome.imageAlt(site.BusinessName, project.Name)} />
              ) : project ? (
                <Picture
                  name={project.Image}
                  media={project.Media}
                  sizes={imageSizes.project}
                  alt={t.welcome.imageAlt(site.BusinessName, project.Name)}
                  fetchPriority="high"
                />
              ) : null}
            </div>
            <div className="project-text">
              <p>{project?.Description}</p>
              {type ? (
                <p>
                  <Link to={paths.projectType.href(type.Id)}>{t.gallery.seeType(type.Name)}</Link>
                </p>
              ) : null}
            </div>
          </div>
          {project ? <ProjectGallery project={project} coverAlt={t.welcome.imageAlt(site.BusinessName, project.Name)} /> : null}
        </>
      )}
    </article>
  );
}
