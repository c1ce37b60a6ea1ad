import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/** GET admin/navigationComponents: every component, whatever its audience. */
export const listNavigation = (admin: Administration) =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/admin/navigationComponents',
    options: { auth: adminOnly, tags: ['api', 'admin'], description: 'All navigation components', handler: () => admin.allNavigation() },
  });
