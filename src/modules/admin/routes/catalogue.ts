import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import Boom from '@hapi/boom';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { insertId } from '../../../db/knex.js';
import { toNavigation } from '../api.js';

const admin = { scope: 'admin' as const };

export function catalogueRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'GET',
      path: '/api/admin/navigationComponents',
      options: { auth: admin, tags: ['api', 'admin'], description: 'All navigation components', handler: async () => (await db('navigation_components').orderBy('menu_order')).map(toNavigation) },
    },
    {
      method: 'POST',
      path: '/api/admin/navigationComponents',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Add a navigation component',
        validate: {
          payload: Joi.object({
            code: Joi.string().max(50).pattern(/^[A-Z0-9_]+$/).required(),
            name: Joi.string().max(100).required(),
            path: Joi.string().max(200).pattern(/^\//).required(),
            icon: Joi.string().max(50).allow('').default(''),
            menuOrder: Joi.number().integer().min(0).max(10000).required(),
            audience: Joi.string().valid('all', 'admin', 'corporate').default('all'),
          }),
        },
        async handler(request) {
          const p = request.payload as any;
          if (await db('navigation_components').where({ code: p.code }).first()) throw Boom.conflict('A navigation component with this code already exists');
          const id = await insertId(db, 'navigation_components', { code: p.code, name: p.name, path: p.path, icon: p.icon, menu_order: p.menuOrder, audience: p.audience });
          auditTarget(request, { targetType: 'navigationComponent', targetId: id });
          return toNavigation(await db('navigation_components').where({ id }).first());
        },
      },
    },
    {
      method: 'GET',
      path: '/api/admin/countries',
      options: { auth: admin, tags: ['api', 'admin'], description: 'Countries', handler: () => db('countries').orderBy('name').select('code', 'name') },
    },
    {
      method: 'GET',
      path: '/api/admin/userLanguages',
      options: { auth: admin, tags: ['api', 'admin'], description: 'Languages users can choose', handler: () => db('languages').orderBy('name').select('code', 'name') },
    },
    {
      method: 'POST',
      path: '/api/admin/userLanguages',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Add a language users can choose',
        validate: { payload: Joi.object({ code: Joi.string().max(10).pattern(/^[a-z]{2}(-[A-Z]{2})?$/).required(), name: Joi.string().max(100).required() }) },
        async handler(request) {
          const p = request.payload as { code: string; name: string };
          if (await db('languages').where({ code: p.code }).first()) throw Boom.conflict('This language already exists');
          await db('languages').insert(p);
          auditTarget(request, { targetType: 'language', targetId: p.code });
          return p;
        },
      },
    },
  ];
}
