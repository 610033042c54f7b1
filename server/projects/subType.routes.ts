// Tag "subtype": links from a project type (SrcId) to its sub-types (DestId).
import * as types from './projectType.repository.ts';
import { ApiError, ok, refuse, type TagModule } from '../http/operations.ts';
import { messages } from '../domain/messages.ts';
import { typeViews } from './projectType.routes.ts';

export const subTypeRoutes: TagModule<'getSubTypes' | 'addSubType' | 'deleteSubType'> = {
  tag: 'subtype',
  handlers: {
    async getSubTypes({ id }, { services: { db, cache, images } }) {
      return cache.get(`subtypes:${id}`, async () => {
        if (!(await types.projectTypeExists(db, id))) throw new ApiError(404, messages.notFound.projectType(id));
        return typeViews(await types.listSubTypes(db, id), images);
      });
    },

    async addSubType({ subTypeLink: { SrcId, DestId } }, { services: { db } }) {
      if (SrcId === DestId) return refuse(messages.subType.self);
      return db.transaction().execute(async (trx) => {
        const ids = await types.existingTypeIds(trx, [SrcId, DestId]);
        if (!ids.has(SrcId)) return refuse(messages.noProjectType(SrcId));
        if (!ids.has(DestId)) return refuse(messages.subType.noSubType(DestId));
        if (await types.subTypeLinked(trx, SrcId, DestId)) return refuse(messages.subType.linked);
        await types.linkSubType(trx, SrcId, DestId);
        return ok();
      });
    },

    async deleteSubType({ subTypeLink: { SrcId, DestId } }, { services: { db } }) {
      if (!(await types.unlinkSubType(db, SrcId, DestId))) return refuse(messages.subType.notLinked);
      return ok();
    },
  },
};
