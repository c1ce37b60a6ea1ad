import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';
import { ADMIN_STAFF_PERMISSIONS, DEFAULT_STAFF_PERMISSIONS, STAFF_PERMISSION_LABELS, STAFF_PERMISSIONS } from '../../../../../contracts/organisation.js';

/** GET org/permissions: the staff permissions a company gives its members, with what each allows and the defaults. */
export const staffPermissions = () =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/org/permissions',
    options: {
      tags: ['api', 'org'],
      description: 'The staff permissions of the organisation area',
      handler: () => ({
        permissions: STAFF_PERMISSIONS.map((name) => ({ name, description: STAFF_PERMISSION_LABELS[name] })),
        defaults: { staff: DEFAULT_STAFF_PERMISSIONS, admin: ADMIN_STAFF_PERMISSIONS },
      }),
    },
  });
