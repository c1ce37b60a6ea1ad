import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppContext } from '../../../../platform/context.js';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { deleteSubscription, findSubscription } from '../../push/repository.js';

/** DELETE profile/pushSubscriptions/{id}: stops pushing alarms to one of the caller's devices. */
export const unsubscribePush = (ctx: AppContext) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'DELETE',
    path: '/api/profile/pushSubscriptions/{id}',
    options: {
      tags: ['api', 'profile', 'alerts'],
      description: 'Stop pushing alarms to one of your devices',
      validate: { params: Joi.object({ id: Joi.number().integer().required() }) },
      async handler(request) {
        const device = await findSubscription(ctx.db, request.params.id);
        if (!device || device.userId !== callerOf(request).id) throw Boom.notFound('Device not found');
        await deleteSubscription(ctx.db, device.id);
        return { id: device.id };
      },
    },
  });
