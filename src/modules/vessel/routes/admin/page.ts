import Joi from 'joi';
import type { People } from '../../members/service.js';
import { type PageRequest, pageRequestSchema } from '../../../../platform/pagination.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { VesselService } from '../../vessels/service.js';

/** POST admin/vessels/page {page, size, sort, filter: {q}}: every vessel on the platform, for its administrators. */
export const adminVesselsPage = (vessels: VesselService, people: People) =>
  defineRoute<{ Payload: PageRequest<{ q?: string; alerting?: boolean }> }>({
    method: 'POST',
    path: '/api/admin/vessels/page',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'vessel'],
      description:
        "A page of every vessel with its owner, bridge, services and active alerts; filter q: the vessel's name or the owner's e-mail, alerting: only those with active alerts; sort: name, createdAt",
      validate: { payload: pageRequestSchema(Joi.object({ q: Joi.string().max(200).allow(''), alerting: Joi.boolean() })) },
      handler: (request) => vessels.adminPage(request.payload, people),
    },
  });
