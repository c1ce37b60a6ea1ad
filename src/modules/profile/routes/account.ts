import Boom from '@hapi/boom';
import type { Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { ruleRefused } from '../../../platform/errors.js';
import { auditTarget } from '../../../platform/audit.js';
import { deleteFile } from '../../../platform/files.js';
import type { SessionCredentials } from '../../auth/api.js';
import { vesselsOwnedBy } from '../../vessel/api.js';
import { changePasswordPayload } from '../schemas.js';

export function accountRoutes(server: Server, ctx: AppContext): ServerRoute[] {
  const auth = () => server.plugins.auth.api;
  return [
    {
      method: 'POST',
      path: '/api/profile/changePassword',
      options: {
        tags: ['api', 'profile'],
        description: 'Change your password; your other sessions end',
        validate: { payload: changePasswordPayload },
        async handler(request) {
          const { user, sessionId } = request.auth.credentials as unknown as SessionCredentials;
          const { currentPassword, newPassword } = request.payload as { currentPassword: string; newPassword: string };
          auditTarget(request, { targetType: 'user', targetId: user.id });
          await server.plugins.auth.service.changePassword(user.id, sessionId, currentPassword, newPassword);
          return { message: 'Your password has been changed' };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/profile/delete',
      options: {
        tags: ['api', 'profile'],
        description: 'Ask to delete your account: e-mails a confirmation code (15 minutes, single use)',
        validate: { payload: Joi.object({ userId: Joi.number().integer().required() }) },
        async handler(request) {
          const { user } = request.auth.credentials as unknown as SessionCredentials;
          const { userId } = request.payload as { userId: number };
          if (userId !== user.id) throw Boom.forbidden('You can only delete your own account');
          auditTarget(request, { targetType: 'user', targetId: user.id });
          const owned = await vesselsOwnedBy(ctx.db, user.id);
          if (owned.length) throw ruleRefused(`Delete or hand over your vessels first (${owned.map((v) => v.name).join(', ')})`);
          await auth().sendConfirmationCode(user.id, 'delete_profile', String(user.id), 'delete your account');
          return { message: 'A confirmation code has been sent to your e-mail address' };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/profile/confirmDelete',
      options: {
        tags: ['api', 'profile'],
        description: 'Delete your account with the e-mailed confirmation code',
        validate: { query: Joi.object({ code: Joi.string().trim().max(20).required() }) },
        async handler(request) {
          const { user } = request.auth.credentials as unknown as SessionCredentials;
          auditTarget(request, { targetType: 'user', targetId: user.id });
          await auth().consumeConfirmationCode(user.id, 'delete_profile', (request.query as { code: string }).code);
          // Vessels may have been acquired between the two steps.
          if ((await vesselsOwnedBy(ctx.db, user.id)).length) throw ruleRefused('Delete or hand over your vessels first');
          const full = await auth().findUser(user.id);
          await auth().deleteUser(user.id);
          await deleteFile(ctx.db, full?.imageFileId ?? null);
          return { message: 'Your account has been deleted' };
        },
      },
    },
  ];
}
