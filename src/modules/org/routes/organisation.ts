import Boom from '@hapi/boom';
import type { Server, ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../platform/context.js';
import type { SessionCredentials } from '../../auth/api.js';
import { findCompanyOf } from '../api.js';

/** Staff permissions in the organisation area (spec 6: exact names not shown; these are ours). */
export const STAFF_ROLES = {
  admin: { manageStaff: true, manageClients: true, manageRelationships: true, viewClients: true },
  staff: { manageStaff: false, manageClients: false, manageRelationships: false, viewClients: true },
} as const;

export function organisationRoutes(server: Server, ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  const myCompany = async (credentials: unknown) => {
    const company = await findCompanyOf(db, (credentials as SessionCredentials).user.id);
    if (!company) throw Boom.notFound('You do not belong to an organisation');
    return company;
  };
  return [
    {
      method: 'GET',
      path: '/api/org/myOrganisation',
      options: {
        tags: ['api', 'org'],
        description: 'Your company and its staff',
        async handler(request) {
          const company = await myCompany(request.auth.credentials);
          const staff = await db('company_staff').where({ company_id: company.id }).orderBy('id');
          const users = await server.plugins.auth.api.usersByIds(staff.flatMap((s) => (s.user_id ? [s.user_id] : [])));
          return {
            ...company,
            staff: staff.map((s) => {
              const u = s.user_id ? users.get(s.user_id) : undefined;
              return { id: s.id, userId: s.user_id, email: u?.email ?? s.invited_email, firstName: u?.firstName ?? '', lastName: u?.lastName ?? '', role: s.role, paused: Boolean(s.paused), status: s.status };
            }),
          };
        },
      },
    },
    {
      method: 'GET',
      path: '/api/org/currentUserPerms',
      options: {
        tags: ['api', 'org'],
        description: 'Your permissions in your organisation',
        async handler(request) {
          const company = await myCompany(request.auth.credentials);
          const row = await db('company_staff').where({ company_id: company.id, user_id: (request.auth.credentials as unknown as SessionCredentials).user.id }).first();
          const role = (row?.role ?? 'staff') as keyof typeof STAFF_ROLES;
          return { role, paused: Boolean(row?.paused), ...STAFF_ROLES[role] };
        },
      },
    },
  ];
}
