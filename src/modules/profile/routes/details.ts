import Boom from '@hapi/boom';
import type { Server, ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../platform/context.js';
import { deleteFile, detectImage, fileUrl, storeFile } from '../../../platform/files.js';
import { auditTarget } from '../../../platform/audit.js';
import type { SessionCredentials } from '../../auth/api.js';
import { countVesselsOf } from '../../vessel/api.js';
import { editProfilePayload } from '../schemas.js';
import { profileView } from '../view.js';

export function detailsRoutes(server: Server, ctx: AppContext): ServerRoute[] {
  const auth = () => server.plugins.auth.api;
  const me = async (credentials: unknown) => {
    const user = await auth().findUser((credentials as SessionCredentials).user.id);
    if (!user) throw Boom.unauthorized('Your session has ended. Please sign in again.');
    return user;
  };
  return [
    {
      method: 'GET',
      path: '/api/profile/details',
      options: { tags: ['api', 'profile'], description: 'Your profile', handler: async (request) => profileView(ctx.db, await me(request.auth.credentials)) },
    },
    {
      method: 'GET',
      path: '/api/profile/preferences',
      options: { tags: ['api', 'profile'], description: 'Your unit system, theme, time format and time zone', handler: async (request) => (await me(request.auth.credentials)).preferences },
    },
    {
      method: 'GET',
      path: '/api/profile/navigation',
      options: {
        tags: ['api', 'profile'],
        description: 'The navigation components you may see, sorted by menuOrder',
        async handler(request) {
          const user = await me(request.auth.credentials);
          const profile = await profileView(ctx.db, user);
          return server.plugins.admin.api.navigationFor({ isAdmin: user.isAdmin, corporate: profile.corporate });
        },
      },
    },
    {
      method: 'GET',
      path: '/api/profile/currentProfileDetails',
      options: {
        tags: ['api', 'profile'],
        description: 'Your profile, preferences and how many vessels you can see',
        async handler(request) {
          const user = await me(request.auth.credentials);
          return { user: await profileView(ctx.db, user), preferences: user.preferences, vesselCount: await countVesselsOf(ctx.db, user.id) };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/profile/edit',
      options: {
        tags: ['api', 'profile'],
        description: 'Change your details and preferences',
        validate: { payload: editProfilePayload },
        async handler(request) {
          const user = await me(request.auth.credentials);
          const p = request.payload as Record<string, any>;
          auditTarget(request, { targetType: 'user', targetId: user.id });
          await auth().updateUser(user.id, {
            firstName: p.firstName,
            lastName: p.lastName,
            phone: p.phone === '' ? null : p.phone,
            countryCode: p.countryCode,
            languageCode: p.languageCode,
            preferences: p.preferences,
          });
          return profileView(ctx.db, (await auth().findUser(user.id))!);
        },
      },
    },
    {
      method: 'POST',
      path: '/api/profile/profileImage',
      options: {
        tags: ['api', 'profile'],
        description: 'Upload your picture (multipart field `file`: PNG, JPEG, GIF or WebP)',
        payload: { output: 'data', parse: true, multipart: { output: 'data' }, maxBytes: ctx.config.uploads.imageMaxBytes, allow: 'multipart/form-data' },
        plugins: { 'hapi-swagger': { payloadType: 'form' } },
        async handler(request) {
          const user = await me(request.auth.credentials);
          const file = (request.payload as Record<string, unknown> | null)?.file;
          if (!Buffer.isBuffer(file)) throw Boom.badRequest('file is required');
          const mime = detectImage(file);
          const stored = await storeFile(ctx.db, { data: file, mime, ownerUserId: user.id });
          await auth().updateUser(user.id, { imageFileId: stored.id });
          await deleteFile(ctx.db, user.imageFileId);
          auditTarget(request, { targetType: 'user', targetId: user.id });
          return { imageUrl: fileUrl(stored.id) };
        },
      },
    },
  ];
}
