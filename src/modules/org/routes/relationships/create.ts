import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { NetworkService } from '../../network-service.js';

/** POST org/relationships/create?companyId=: needs manageRelationships; the other company accepts. */
export const createRelationship = (svc: NetworkService) =>
  defineRoute<{ Query: { companyId: number } }>({
    method: 'POST',
    path: '/api/org/relationships/create',
    options: {
      tags: ['api', 'org'],
      description: 'Ask another company for a relationship',
      validate: { query: Joi.object({ companyId: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const rel = await svc.createRelationship(callerOf(request).id, request.query.companyId);
        auditTarget(request, { targetType: 'company_relationship', targetId: rel.id });
        return rel;
      },
    },
  });
