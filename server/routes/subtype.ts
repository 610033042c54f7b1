// Tag "subtype": links from a project type (SrcId) to its sub-types (DestId).
import { ApiError, ok, refuse, type TagModule } from '../operations.ts';
import { messages } from '../messages.ts';
import { typeViews } from './projecttype.ts';
import { existsById } from '../db/repositories.ts';

export const subTypeRoutes: TagModule<'getSubTypes' | 'addSubType' | 'deleteSubType'> = {
  tag: 'subtype',
  handlers: {
    async getSubTypes({ id }, { services: { db, cache, images } }) {
      return cache.get(`subtypes:${id}`, async () => {
        const type = await existsById(db, 'project_type', id);
        if (!type) throw new ApiError(404, messages.notFound('Le type de projet', id));
        const rows = await db
          .selectFrom('subtype_link')
          .innerJoin('project_type', 'project_type.id', 'subtype_link.dest_id')
          .selectAll('project_type')
          .where('subtype_link.src_id', '=', id)
          .orderBy('project_type.id')
          .execute();
        return typeViews(rows, images);
      });
    },

    async addSubType({ subTypeLink: { SrcId, DestId } }, { services: { db } }) {
      if (SrcId === DestId) return refuse(messages.subType.self);
      return db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('project_type').select('id').where('id', 'in', [SrcId, DestId]).execute();
        const ids = new Set(found.map((r) => r.id));
        if (!ids.has(SrcId)) return refuse(messages.noProjectType(SrcId));
        if (!ids.has(DestId)) return refuse(messages.subType.noSubType(DestId));
        const existing = await trx
          .selectFrom('subtype_link')
          .select('src_id')
          .where('src_id', '=', SrcId)
          .where('dest_id', '=', DestId)
          .executeTakeFirst();
        if (existing) return refuse(messages.subType.linked);
        await trx.insertInto('subtype_link').values({ src_id: SrcId, dest_id: DestId }).execute();
        return ok();
      });
    },

    async deleteSubType({ subTypeLink: { SrcId, DestId } }, { services: { db } }) {
      const result = await db
        .deleteFrom('subtype_link')
        .where('src_id', '=', SrcId)
        .where('dest_id', '=', DestId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) {
        return refuse(messages.subType.notLinked);
      }
      return ok();
    },
  },
};
