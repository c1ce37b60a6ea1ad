import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { findCompany } from '../../org/api.js';
import { NO_PERMISSIONS, permissionSetSchema, requireAccess, type PermissionSet } from '../api.js';
import * as repo from '../repository.js';
import { companyPermissionsPayload, idParams, vesselId } from '../schemas.js';
import { caller, vesselIdOf } from './support.js';

/** Technical access for companies (dealers, contractors, manufacturers) needs allowGrantTechnicalAccess. */
const grantTechnical = { flag: 'allowGrantTechnicalAccess' } as const;
const companyParams = Joi.object({ id: vesselId.required(), companyId: Joi.number().integer().required() });

export function companyRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  const companyMember = async (vesselIdValue: number, companyId: number) => {
    const member = await repo.findMember(db, vesselIdValue, { companyId });
    if (!member) throw Boom.notFound('This company has no access to the vessel');
    return member;
  };
  return [
    {
      method: 'POST',
      path: '/api/vessel/{id}/addCompany/{companyId}',
      options: {
        tags: ['api', 'vessel'],
        description: 'Give a company technical access (optional body: its permission set)',
        validate: { params: companyParams, payload: Joi.object({ permissions: permissionSetSchema }).allow(null) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), grantTechnical);
          const { companyId } = request.params as unknown as { companyId: number };
          auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: access.vesselId });
          const company = await findCompany(db, companyId);
          if (!company) throw Boom.notFound('Company not found');
          if (await repo.findMember(db, access.vesselId, { companyId })) throw Boom.conflict('This company already has access');
          const permissions = { ...NO_PERMISSIONS, ...((request.payload as { permissions?: Partial<PermissionSet> } | null)?.permissions ?? {}) };
          await repo.insertMember(db, { vesselId: access.vesselId, companyId, permissions, status: 'active', invitedBy: caller(request).id });
          return { companyId, name: company.name, kind: company.kind, permissions, paused: false };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/editCompany',
      options: {
        tags: ['api', 'vessel'],
        description: "Change a company's permission set",
        validate: { params: idParams, payload: companyPermissionsPayload },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), grantTechnical);
          const { companyId, permissions } = request.payload as { companyId: number; permissions: Partial<PermissionSet> };
          auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: access.vesselId, details: { permissions } });
          const member = await companyMember(access.vesselId, companyId);
          const next = { ...member.permissions, ...permissions };
          await repo.updateMember(db, member.id, { permissions: next });
          return { companyId, permissions: next };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/pauseCompany/{companyId}/{flag}',
      options: {
        tags: ['api', 'vessel'],
        description: "Pause (true) or resume (false) a company's access",
        validate: { params: companyParams.keys({ flag: Joi.boolean().required() }) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), grantTechnical);
          const { companyId, flag } = request.params as unknown as { companyId: number; flag: boolean };
          auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: access.vesselId, details: { paused: flag } });
          const member = await companyMember(access.vesselId, companyId);
          await repo.updateMember(db, member.id, { paused: flag });
          return { companyId, paused: flag };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/revokeCompany',
      options: {
        tags: ['api', 'vessel'],
        description: "Remove a company's access",
        validate: { params: idParams, payload: Joi.object({ companyId: Joi.number().integer().required() }) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), grantTechnical);
          const { companyId } = request.payload as { companyId: number };
          auditTarget(request, { targetType: 'company', targetId: companyId, vesselId: access.vesselId });
          const member = await companyMember(access.vesselId, companyId);
          await repo.deleteMember(db, member.id);
          return { companyId, revoked: true };
        },
      },
    },
  ];
}
