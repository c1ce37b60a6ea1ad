import Joi from 'joi';
import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { NavigationComponent } from '../../repository.js';
import type { Administration } from '../../service.js';
import { adminOnly } from '../admin-only.js';

/** POST admin/navigationComponents: 409 for a known code. */
export const createNavigation = (admin: Administration) =>
  defineRoute<{ Payload: Omit<NavigationComponent, 'id'> }>({
    method: 'POST',
    path: '/api/admin/navigationComponents',
    options: {
      auth: adminOnly,
      tags: ['api', 'admin'],
      description: 'Add a navigation component',
      validate: {
        payload: Joi.object({
          code: Joi.string()
            .max(50)
            .pattern(/^[A-Z0-9_]+$/)
            .required(),
          name: Joi.string().max(100).required(),
          path: Joi.string().max(200).pattern(/^\//).required(),
          icon: Joi.string().max(50).allow('').default(''),
          menuOrder: Joi.number().integer().min(0).max(10000).required(),
          audience: Joi.string().valid('all', 'admin', 'corporate').default('all'),
        }),
      },
      async handler(request) {
        const component = await admin.addNavigation(request.payload);
        auditTarget(request, { targetType: 'navigationComponent', targetId: component.id });
        return component;
      },
    },
  });
