import Boom from '@hapi/boom';
import type { Request, Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import { deleteFile, detectImage, fileUrl, storeFile } from '../../../platform/files.js';
import { accessesOf, accessOf, requireAccess, type VesselAccess } from '../api.js';
import * as repo from '../repository.js';
import { createVesselPayload, editVesselPayload, idParams, stateParams, vesselFields } from '../schemas.js';
import { vesselViews } from '../view.js';
import { bridgeOfVessel, unpairBridge } from '../../bridges/api.js';
import { blankToNull, caller, vesselIdOf } from './support.js';

const USER_TYPES = [
  { code: 'owner', name: 'Owner', description: 'Owns the vessel and holds every permission' },
  { code: 'member', name: 'Member', description: 'An invited person (crew, family, captain) with the permissions the owner grants' },
  { code: 'company', name: 'Company', description: 'A dealer, contractor or manufacturer with technical access' },
];

const TOGGLES = { userNotifications: 'userNotifications', propertyUpdate: 'propertyUpdate', gpsReporting: 'gpsReporting', mfrAccess: 'mfrAccess' } as const;

export function vesselRoutes(server: Server, ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  const auth = () => server.plugins.auth.api;

  const viewOne = async (access: VesselAccess) => {
    const vessel = await repo.findVessel(db, access.vesselId);
    if (!vessel) throw Boom.notFound('Vessel not found');
    const [view] = await vesselViews(db, [vessel], new Map([[vessel.id, access]]));
    return { ...view, permissions: access.permissions };
  };

  const checkModel = async (modelId: number | null | undefined) => {
    if (modelId && !(await repo.modelExists(db, modelId))) throw Boom.badRequest('modelId does not name a vessel model');
  };

  const imageOf = (request: Request): Buffer | null => {
    const file = (request.payload as Record<string, unknown> | null)?.file;
    return Buffer.isBuffer(file) ? file : null;
  };

  const multipart = { output: 'data' as const, parse: true, multipart: { output: 'data' as const }, maxBytes: ctx.config.uploads.imageMaxBytes, allow: 'multipart/form-data' };

  return [
    {
      method: 'GET',
      path: '/api/vessel/basic',
      options: {
        tags: ['api', 'vessel'],
        description: 'Your vessels: owned, as a member, or through your company',
        async handler(request) {
          const access = await accessesOf(db, caller(request).id);
          return vesselViews(db, await repo.vesselsByIds(db, [...access.keys()]), access);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/userTypes',
      options: { tags: ['api', 'vessel'], description: 'The kinds of vessel users', handler: () => USER_TYPES },
    },
    {
      method: 'GET',
      path: '/api/vessel/documentCategories',
      options: { tags: ['api', 'vessel'], description: 'Document categories', handler: () => repo.documentCategories(db) },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}',
      options: {
        tags: ['api', 'vessel'],
        description: 'One vessel with your permissions on it',
        validate: { params: idParams },
        handler: async (request) => viewOne(await requireAccess(db, caller(request).id, vesselIdOf(request))),
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/currentUserPerms',
      options: {
        tags: ['api', 'vessel'],
        description: 'Your permission set on a vessel',
        validate: { params: idParams },
        handler: async (request) => (await requireAccess(db, caller(request).id, vesselIdOf(request))).permissions,
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/create',
      options: {
        tags: ['api', 'vessel'],
        description: 'Create a vessel that you own',
        validate: { payload: createVesselPayload },
        async handler(request) {
          const fields = blankToNull(request.payload as any);
          await checkModel(fields.modelId);
          const id = await repo.insertVessel(db, caller(request).id, fields);
          auditTarget(request, { targetType: 'vessel', targetId: id, vesselId: id });
          return viewOne((await accessOf(db, caller(request).id, id))!);
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/createWithImage',
      options: {
        tags: ['api', 'vessel'],
        description: 'Create a vessel with a picture (multipart: the vessel fields and `file`)',
        payload: multipart,
        plugins: { 'hapi-swagger': { payloadType: 'form' } },
        validate: { payload: Joi.object({ ...vesselFields, name: vesselFields.name.required(), modelId: Joi.number().integer().min(1).allow(null, ''), file: Joi.binary() }) },
        async handler(request) {
          const { file: _file, ...raw } = request.payload as Record<string, any>;
          const fields = blankToNull(raw);
          await checkModel(fields.modelId);
          const image = imageOf(request);
          const stored = image ? await storeFile(db, { data: image, mime: detectImage(image), ownerUserId: caller(request).id }) : null;
          const id = await repo.insertVessel(db, caller(request).id, { ...(fields as any), imageFileId: stored?.id ?? null });
          auditTarget(request, { targetType: 'vessel', targetId: id, vesselId: id });
          return viewOne((await accessOf(db, caller(request).id, id))!);
        },
      },
    },
    {
      method: 'PUT',
      path: '/api/vessel/{id}',
      options: {
        tags: ['api', 'vessel'],
        description: 'Edit a vessel (needs allowEditVessel)',
        validate: { params: idParams, payload: editVesselPayload },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), { flag: 'allowEditVessel' });
          const fields = blankToNull(request.payload as any);
          await checkModel(fields.modelId);
          auditTarget(request, { targetType: 'vessel', targetId: access.vesselId, vesselId: access.vesselId });
          await repo.updateVessel(db, access.vesselId, fields);
          return viewOne(access);
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/vesselImage',
      options: {
        tags: ['api', 'vessel'],
        description: "Replace the vessel's picture (multipart `file`; needs allowEditVessel)",
        payload: multipart,
        plugins: { 'hapi-swagger': { payloadType: 'form' } },
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), { flag: 'allowEditVessel' });
          auditTarget(request, { targetType: 'vessel', targetId: access.vesselId, vesselId: access.vesselId });
          const image = imageOf(request);
          if (!image) throw Boom.badRequest('file is required');
          const stored = await storeFile(db, { data: image, mime: detectImage(image), ownerUserId: caller(request).id });
          const before = await repo.findVessel(db, access.vesselId);
          await repo.updateVessel(db, access.vesselId, { imageFileId: stored.id });
          await deleteFile(db, before?.imageFileId ?? null);
          return { imageUrl: fileUrl(stored.id) };
        },
      },
    },
    ...Object.keys(TOGGLES).map(
      (toggle): ServerRoute => ({
        method: 'POST',
        path: `/api/vessel/{id}/${toggle}/{state}`,
        options: {
          tags: ['api', 'vessel'],
          description: `Turn ${toggle} on (true) or off (false); needs allowEditVessel`,
          validate: { params: stateParams },
          async handler(request) {
            const { state } = request.params as unknown as { state: boolean };
            const access = await requireAccess(db, caller(request).id, vesselIdOf(request), { flag: 'allowEditVessel' });
            auditTarget(request, { targetType: 'vessel', targetId: access.vesselId, vesselId: access.vesselId, details: { [toggle]: state } });
            await repo.updateVessel(db, access.vesselId, { [toggle]: state });
            return { [toggle]: state };
          },
        },
      }),
    ),
    {
      method: 'POST',
      path: '/api/vessel/delete',
      options: {
        tags: ['api', 'vessel'],
        description: 'Ask to delete a vessel (owner only): e-mails a confirmation code, 15 minutes, single use',
        validate: { query: Joi.object({ vesselId: Joi.number().integer().min(1).required() }) },
        async handler(request) {
          const { vesselId } = request.query as { vesselId: number };
          const access = await requireAccess(db, caller(request).id, vesselId, { owner: true });
          const vessel = await repo.findVessel(db, access.vesselId);
          auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
          await auth().sendConfirmationCode(caller(request).id, 'delete_vessel', String(vesselId), `delete the vessel ${vessel!.name}`);
          return { message: 'A confirmation code has been sent to your e-mail address' };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/confirmDelete',
      options: {
        tags: ['api', 'vessel'],
        description: 'Delete a vessel with the e-mailed confirmation code',
        validate: { query: Joi.object({ code: Joi.string().trim().max(20).required() }) },
        async handler(request) {
          const vesselId = Number(await auth().consumeConfirmationCode(caller(request).id, 'delete_vessel', (request.query as { code: string }).code));
          const access = await requireAccess(db, caller(request).id, vesselId, { owner: true });
          const vessel = await repo.findVessel(db, access.vesselId);
          auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
          if (!vessel) throw ruleRefused('This vessel no longer exists');
          // The bridge goes back to the unpaired pool with a fresh pairing code.
          if (await bridgeOfVessel(db, vesselId)) await unpairBridge(db, vesselId);
          await repo.deleteVessel(db, vesselId);
          await deleteFile(db, vessel.imageFileId);
          return { id: vesselId, deleted: true };
        },
      },
    },
  ];
}
