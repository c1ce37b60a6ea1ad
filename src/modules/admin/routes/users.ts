import Boom from '@hapi/boom';
import type { Request, Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import { publicUser, type SessionCredentials } from '../../auth/api.js';
import { email, name, password } from '../../auth/schemas.js';

const admin = { scope: 'admin' as const };
const idParam = Joi.object({ id: Joi.number().integer().required() });

export function userRoutes(server: Server): ServerRoute[] {
  const auth = () => server.plugins.auth.api;
  const target = async (request: Request, action: 'self-allowed' | 'not-self') => {
    const id = (request.params as { id: number }).id;
    auditTarget(request, { targetType: 'user', targetId: id });
    const user = await auth().findUser(id);
    if (!user) throw Boom.notFound('User not found');
    if (action === 'not-self' && id === (request.auth.credentials as unknown as SessionCredentials).user.id) {
      throw ruleRefused('You cannot do this to your own account');
    }
    return user;
  };
  const simple = (path: string, description: string, run: (id: number) => Promise<void>, self: 'self-allowed' | 'not-self'): ServerRoute => ({
    method: 'POST',
    path: `/api/admin/users/{id}/${path}`,
    options: {
      auth: admin,
      tags: ['api', 'admin'],
      description,
      validate: { params: idParam },
      async handler(request) {
        const user = await target(request, self);
        await run(user.id);
        return publicUser((await auth().findUser(user.id))!);
      },
    },
  });

  return [
    {
      method: 'GET',
      path: '/api/admin/users',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Users, paged and searchable (q matches e-mail and names)',
        validate: {
          query: Joi.object({
            page: Joi.number().integer().min(0).default(0),
            size: Joi.number().integer().min(1).max(200).default(20),
            sort: Joi.string().max(64).pattern(/^[A-Za-z]+(,(asc|desc))?$/),
            q: Joi.string().max(200).allow(''),
            status: Joi.string().valid('pending', 'active', 'suspended'),
            isAdmin: Joi.boolean(),
          }),
        },
        async handler(request) {
          const { page, size, sort, ...filter } = request.query as any;
          const result = await auth().pageUsers({ page, size, sort, filter });
          return { totalElements: result.totalElements, content: result.content.map(publicUser) };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/admin/users',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Create an active user with a password',
        validate: { payload: Joi.object({ email: email.required(), password: password.required(), firstName: name.allow(''), lastName: name.allow(''), isAdmin: Joi.boolean().default(false) }) },
        async handler(request) {
          const user = await auth().createUser(request.payload as any);
          auditTarget(request, { targetType: 'user', targetId: user.id });
          return publicUser(user);
        },
      },
    },
    {
      method: 'POST',
      path: '/api/admin/users/invite',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Invite a person by e-mail: a pending account and a link to choose a password',
        validate: { query: Joi.object({ email: email.required() }) },
        async handler(request) {
          const { user, created } = await auth().inviteUser((request.query as { email: string }).email, {
            subject: 'You are invited to Vessel Link',
            text: 'An administrator has invited you to Vessel Link, the cloud platform for monitoring and controlling your vessels.',
          });
          if (!created) throw Boom.conflict('A user with this e-mail address already exists');
          auditTarget(request, { targetType: 'user', targetId: user.id });
          return publicUser(user);
        },
      },
    },
    simple('makeAdmin', 'Give a user the platform administrator role', (id) => auth().setAdmin(id, true), 'self-allowed'),
    simple('revokeAdmin', 'Take the platform administrator role away', (id) => auth().setAdmin(id, false), 'not-self'),
    simple('suspend', 'Suspend a user: their sessions stop working at once', (id) => auth().suspend(id), 'not-self'),
    simple('activate', 'Activate a suspended or pending user', (id) => auth().activate(id), 'self-allowed'),
    {
      method: 'POST',
      path: '/api/admin/users/{id}/changePassword',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: "Set a user's password; all their sessions end",
        validate: { params: idParam, payload: Joi.object({ password: password.required() }) },
        async handler(request) {
          const user = await target(request, 'self-allowed');
          await auth().setPassword(user.id, (request.payload as { password: string }).password);
          return publicUser(user);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/api/admin/users/{id}',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Delete a user',
        validate: { params: idParam },
        async handler(request) {
          const user = await target(request, 'not-self');
          await auth().deleteUser(user.id);
          return { id: user.id, deleted: true };
        },
      },
    },
  ];
}
