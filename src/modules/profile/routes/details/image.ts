import Boom from '@hapi/boom';
import { auditTarget } from '../../../../platform/audit.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import type { ProfileService } from '../../service.js';

/** POST profile/profileImage (multipart `file`): the type is judged by content, not by name. */
export const profileImage = (profile: ProfileService, maxBytes: number) =>
  defineRoute<{ Payload: { file?: unknown } | null }>({
    method: 'POST',
    path: '/api/profile/profileImage',
    options: {
      tags: ['api', 'profile'],
      description: 'Upload your picture (multipart field `file`: PNG, JPEG, GIF or WebP)',
      payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes, allow: 'multipart/form-data' },
      plugins: { 'hapi-swagger': { payloadType: 'form' } },
      handler(request) {
        const file = request.payload?.file;
        if (!Buffer.isBuffer(file)) throw Boom.badRequest('file is required');
        const { id } = callerOf(request);
        auditTarget(request, { targetType: 'user', targetId: id });
        return profile.replaceImage(id, file);
      },
    },
  });
