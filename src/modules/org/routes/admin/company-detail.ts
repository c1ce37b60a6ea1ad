import Boom from '@hapi/boom';
import Joi from 'joi';
import type { Db } from '../../../../db/knex.js';
import { defineRoute } from '../../../../platform/routes.js';
import { windowState } from '../../../../../contracts/permissions.js';
import { type AccessApi, allGrantsOfCompany } from '../../../access/api.js';
import type { Clock } from '../../membership.js';
import { findCompany } from '../../repository.js';
import type { StaffService } from '../../staff-service.js';

/**
 * GET admin/companies/{id}/detail: a company with its staff (invitations included) and the
 * vessels its technical-access grants reach, each with its window, for platform administrators.
 */
export const adminCompanyDetail = (db: Db, staff: StaffService, access: () => AccessApi, clock: Clock) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/companies/{id}/detail',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin', 'org'],
      description: 'A company with its staff (e-mail, name, role, state) and its vessel grants (vessel, window, state, paused)',
      validate: { params: Joi.object({ id: Joi.number().integer().min(1).required() }) },
      async handler(request) {
        const company = await findCompany(db, request.params.id);
        if (!company) throw Boom.notFound('Company not found');
        const [members, grants] = await Promise.all([staff.ofCompany(company.id), allGrantsOfCompany(db, company.id)]);
        const names = await access().vesselNames([...new Set(grants.map((g) => g.vesselId))]);
        const now = clock.now();
        return {
          company,
          staff: members.map(({ permissions: _permissions, ...member }) => member),
          grants: grants.map((g) => ({
            id: g.id,
            vesselId: g.vesselId,
            vesselName: names.get(g.vesselId) ?? null,
            startsAt: g.startsAt,
            endsAt: g.endsAt,
            window: windowState(g, now),
            paused: g.paused,
            createdAt: g.createdAt,
            firstUsedAt: g.firstUsedAt,
          })),
        };
      },
    },
  });
