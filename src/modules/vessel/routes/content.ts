import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { deleteFile, detectDocument, readFile, storeFile } from '../../../platform/files.js';
import { insertId, nowIso } from '../../../db/knex.js';
import { requireAccess } from '../api.js';
import { idParams, vesselId } from '../schemas.js';
import { caller, vesselIdOf } from './support.js';

/** Documents a vessel may hold in all, so one vessel cannot fill the database. */
export const DOCUMENT_STORAGE_LIMIT_BYTES = 500 * 1024 * 1024;

const viewDocuments = { area: 'documents', level: 'VIEW' } as const;
const manageDocuments = { area: 'documents', level: 'MANAGE' } as const;

const toDocument = (r: any) => ({ id: r.id, name: r.name, categoryId: r.category_id, mime: r.mime, size: r.size, uploadedBy: r.uploaded_by, createdAt: r.created_at, url: `/api/vessel/${r.vessel_id}/documents/${r.id}/file` });

export function contentRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  return [
    // Documents: documents VIEW to read, MANAGE to upload and delete.
    {
      method: 'GET',
      path: '/api/vessel/{id}/documents',
      options: {
        tags: ['api', 'vessel'],
        description: 'Documents of the vessel (needs documents VIEW)',
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), viewDocuments);
          return (await db('vessel_documents').where({ vessel_id: access.vesselId }).orderBy('created_at', 'desc')).map(toDocument);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/documentStorage',
      options: {
        tags: ['api', 'vessel'],
        description: 'Bytes used by documents and the limit',
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), viewDocuments);
          const row = await db('vessel_documents').where({ vessel_id: access.vesselId }).sum<{ used: number | string | null }[]>({ used: 'size' }).first();
          return { used: Number(row?.used ?? 0), limit: DOCUMENT_STORAGE_LIMIT_BYTES };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/documents',
      options: {
        tags: ['api', 'vessel'],
        description: 'Upload a document (multipart `file`, `categoryId`, `name`; PDF, image or text; needs documents MANAGE)',
        payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes: ctx.config.uploads.documentMaxBytes, allow: 'multipart/form-data' },
        plugins: { 'hapi-swagger': { payloadType: 'form' } },
        validate: {
          params: idParams,
          payload: Joi.object({ file: Joi.binary().required(), categoryId: Joi.number().integer().min(1), name: Joi.string().trim().min(1).max(200).required() }),
        },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), manageDocuments);
          const { file, categoryId, name } = request.payload as { file: Buffer; categoryId?: number; name: string };
          if (categoryId && !(await db('document_categories').where({ id: categoryId }).first())) throw Boom.badRequest('categoryId does not name a document category');
          const mime = detectDocument(file);
          const used = await db('vessel_documents').where({ vessel_id: access.vesselId }).sum<{ used: number | string | null }[]>({ used: 'size' }).first();
          if (Number(used?.used ?? 0) + file.length > DOCUMENT_STORAGE_LIMIT_BYTES) throw Boom.entityTooLarge('The vessel’s document storage is full');
          const stored = await storeFile(db, { data: file, mime, name, ownerUserId: caller(request).id });
          const id = await insertId(db, 'vessel_documents', { vessel_id: access.vesselId, category_id: categoryId ?? null, name, file_id: stored.id, mime, size: file.length, uploaded_by: caller(request).id, created_at: nowIso() });
          auditTarget(request, { targetType: 'document', targetId: id, vesselId: access.vesselId });
          return toDocument(await db('vessel_documents').where({ id }).first());
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/documents/{documentId}/file',
      options: {
        tags: ['api', 'vessel'],
        description: 'Download a document (needs documents VIEW; the session key may ride as ?sessionKey=)',
        plugins: { envelope: false, sessionKeyInQuery: true },
        validate: { params: Joi.object({ id: vesselId.required(), documentId: Joi.number().integer().required() }), query: Joi.object({ sessionKey: Joi.string().max(2000) }) },
        async handler(request, h) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), viewDocuments);
          const doc = await db('vessel_documents').where({ id: (request.params as any).documentId, vessel_id: access.vesselId }).first();
          const file = doc ? await readFile(db, doc.file_id) : null;
          if (!doc || !file) throw Boom.notFound('Document not found');
          const extension = { 'application/pdf': '.pdf', 'text/plain': '.txt' }[file.mime as string] ?? '';
          return h.response(file.data).type(file.mime).header('content-disposition', `attachment; filename="${doc.name.replace(/[^\w.-]/g, '_')}${extension}"`);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/api/vessel/{id}/documents/{documentId}',
      options: {
        tags: ['api', 'vessel'],
        description: 'Delete a document (needs documents MANAGE)',
        validate: { params: Joi.object({ id: vesselId.required(), documentId: Joi.number().integer().required() }) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), manageDocuments);
          const documentId = (request.params as any).documentId as number;
          auditTarget(request, { targetType: 'document', targetId: documentId, vesselId: access.vesselId });
          const doc = await db('vessel_documents').where({ id: documentId, vessel_id: access.vesselId }).first();
          if (!doc) throw Boom.notFound('Document not found');
          await db('vessel_documents').where({ id: documentId }).delete();
          await deleteFile(db, doc.file_id);
          return { id: documentId, deleted: true };
        },
      },
    },

  ];
}
