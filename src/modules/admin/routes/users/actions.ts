import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { userIdParams } from '../../schemas.js';
import type { AccountAction, Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/**
 * POST admin/users/{id}/makeAdmin|revokeAdmin|suspend|activate: four routes that differ only in
 * the action's name, so they share this file.
 */
const accountAction = (action: AccountAction, description: string) => (admin: Administration) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'POST',
    path: `/api/admin/users/{id}/${action}`,
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description,
      validate: { params: userIdParams },
      handler(request) {
        auditTarget(request, { targetType: 'user', targetId: request.params.id });
        return admin.act(callerOf(request).id, request.params.id, action);
      },
    },
  });

export const makeAdmin = accountAction('makeAdmin', 'Give a user the platform administrator role');
export const revokeAdmin = accountAction('revokeAdmin', 'Take the platform administrator role away');
export const suspendUser = accountAction('suspend', 'Suspend a user: their sessions stop working at once');
export const activateUser = accountAction('activate', 'Activate a suspended or pending user');
