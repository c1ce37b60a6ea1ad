import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { userIdParams } from '../../schemas.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/** DELETE admin/users/{id}: never one's own account. */
export const deleteUser = (admin: Administration) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'DELETE',
    path: '/api/admin/users/{id}',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Delete a user with the vessels they own (their bridges are unpaired and what they reported deleted)',
      validate: { params: userIdParams },
      async handler(request) {
        const { id } = request.params;
        auditTarget(request, { targetType: 'user', targetId: id });
        await admin.deleteUser(callerOf(request).id, id);
        return { id, deleted: true };
      },
    },
  });
