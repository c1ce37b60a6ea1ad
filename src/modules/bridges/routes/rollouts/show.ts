import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { Rollouts } from '../../rollouts.js';

export const rolloutIdParams = Joi.object({ id: Joi.number().integer().min(1).required() });

/** GET admin/rollouts/{id}: a rollout with each target bridge's state, progress and failure message. */
export const showRollout = (rollouts: Rollouts) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/admin/rollouts/{id}',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description:
        'A rollout with every target bridge: stage, state (LATER, WAITING, PENDING, DOWNLOADING, INSTALLING, COMPLETED, FAILED, SKIPPED), progress, message',
      validate: { params: rolloutIdParams },
      handler: (request) => rollouts.get(request.params.id),
    },
  });
