import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { password } from '../../../auth/api.js';
import { userIdParams } from '../../schemas.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/** POST admin/users/{id}/changePassword {password}: every session of the user ends. */
export const changeUserPassword = (admin: Administration) =>
  defineRoute<{ Params: { id: number }; Payload: { password: string } }>({
    method: 'POST',
    path: '/api/admin/users/{id}/changePassword',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: "Set a user's password; all their sessions end",
      validate: { params: userIdParams, payload: Joi.object({ password: password.required() }) },
      handler(request) {
        auditTarget(request, { targetType: 'user', targetId: request.params.id });
        return admin.setPassword(callerOf(request).id, request.params.id, request.payload.password);
      },
    },
  });
