// Tag "project".
import type { ProjectView } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { ImageLibrary } from '../media/library.ts';
import { toProject, withMedia } from './views.ts';
import * as projects from './project.repository.ts';
import { orderRefusal, reorder } from '../db/executor.ts';
import { listGallery } from './gallery.repository.ts';
import { galleryViews } from './gallery.routes.ts';
import { projectTypeExists } from './projectType.repository.ts';
import { ApiError, ok, refuse, type TagModule } from '../http/operations.ts';
import { messages } from '../domain/messages.ts';

/** GET /api/randomprojects/{count} never answers more than this. */
const RANDOM_PROJECTS_MAX = 50;

/** Rows as read answers, with the Media of their images. */
async function views(rows: projects.ProjectRow[], images: ImageLibrary): Promise<ProjectView[]> {
  const media = await images.media(rows.map((row) => row.image));
  return rows.map((row) => withMedia(toProject(row), media));
}

/** Every published project: what visitors see (the random draw reads it too). */
const publishedProjects = async (db: Db, images: ImageLibrary): Promise<ProjectView[]> =>
  views(await projects.listProjects(db, 'published'), images);

export const projectRoutes: TagModule<
  | 'getProjectsByType'
  | 'getProject'
  | 'getProjects'
  | 'getRandomProjects'
  | 'addProject'
  | 'updateProject'
  | 'deleteProject'
  | 'orderProjects'
> = {
  tag: 'project',
  handlers: {
    async getProjectsByType({ typeId }, { services: { db, cache, images } }) {
      return cache.get(`projects-of-type:${typeId}`, async () => {
        if (!(await projectTypeExists(db, typeId))) throw new ApiError(404, messages.notFound.projectType(typeId));
        return views(await projects.listProjects(db, 'published', typeId), images);
      });
    },

    async getProject({ id }, { services: { db, cache, images } }) {
      return cache.get(`project:${id}`, async () => {
        const row = await projects.findPublishedProject(db, id);
        if (!row) throw new ApiError(404, messages.notFound.project(id));
        const [view] = await views([row], images);
        return { ...(view as ProjectView), Gallery: await galleryViews(await listGallery(db, id), images) };
      });
    },

    async getProjects(_arg, { userId, services: { db, cache, images } }) {
      // The administrator's token (checked by the route) brings the drafts.
      if (userId !== null) return cache.get('projects-with-drafts', async () => views(await projects.listProjects(db, 'with-drafts'), images));
      return cache.get('projects', () => publishedProjects(db, images));
    },

    async getRandomProjects({ count }, { services: { db, cache, images } }) {
      // Draw from the cached list (a partial Fisher-Yates shuffle): no query per visitor.
      const pool = [...(await cache.get('projects', () => publishedProjects(db, images)))];
      const n = Math.min(count, RANDOM_PROJECTS_MAX, pool.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(Math.random() * (pool.length - i));
        [pool[i], pool[j]] = [pool[j] as ProjectView, pool[i] as ProjectView];
      }
      return pool.slice(0, n);
    },

    async addProject({ project: p }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (!(await projectTypeExists(trx, p.ProjectTypeId))) return refuse(messages.noProjectType(p.ProjectTypeId));
        await projects.insertProject(trx, p);
        return ok();
      });
    },

    async updateProject({ id, project: p }, { services: { db } }) {
      if (p.Id !== id) return refuse(messages.idMismatch(p.Id, id));
      return db.transaction().execute(async (trx) => {
        if (!(await projects.projectExists(trx, id))) throw new ApiError(404, messages.notFound.project(id));
        if (!(await projectTypeExists(trx, p.ProjectTypeId))) return refuse(messages.noProjectType(p.ProjectTypeId));
        await projects.updateProject(trx, id, p);
        return ok();
      });
    },

    async orderProjects({ typeId, listOrder }, { services: { db } }) {
      return db.transaction().execute(async (trx) => {
        if (!(await projectTypeExists(trx, typeId))) throw new ApiError(404, messages.notFound.projectType(typeId));
        // The drafts are in the list too: the owner orders everything the type holds.
        const refusal = orderRefusal((await projects.listProjects(trx, 'with-drafts', typeId)).map((row) => row.id), listOrder);
        if (refusal) return refuse(refusal);
        await reorder(trx, 'project', listOrder.Order);
        return ok();
      });
    },

    async deleteProject({ id }, { services: { db } }) {
      if (!(await projects.deleteProject(db, id))) throw new ApiError(404, messages.notFound.project(id));
      return ok();
    },
  },
};
