import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { defineRoute } from '../../../../platform/routes.js';
import { windowState } from '../../../../../contracts/permissions.js';
import { companyGrantsOn } from '../../../access/api.js';
import type { Clock } from '../../membership.js';
import { companiesByIds } from '../../repository.js';

/** GET admin/vessels/{id}/companyGrants: the companies with technical access to a vessel, each with its window and state. */
export const adminVesselCompanyGrants = (db: Db, clock: Clock) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/vessels/{id}/companyGrants',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'org'],
      description: 'The company grants on a vessel (company, kind, status, window, paused), for platform administrators',
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const grants = await companyGrantsOn(db, [request.params.id]);
        const companies = await companiesByIds(db, [...new Set(grants.flatMap((g) => (g.companyId === null ? [] : [g.companyId])))]);
        const now = clock.now();
        return grants.map((g) => {
          const company = g.companyId === null ? undefined : companies.get(g.companyId);
          return {
            id: g.id,
            companyId: g.companyId,
            companyName: company?.name ?? null,
            companyKind: company?.kind ?? null,
            status: g.status,
            startsAt: g.startsAt,
            endsAt: g.endsAt,
            window: windowState(g, now),
            paused: g.paused,
            createdAt: g.createdAt,
          };
        });
      },
    },
  });
