import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import type { RolloutStatus } from '../../repository.js';
import type { Rollouts } from '../../rollouts.js';

/** GET admin/rollouts?status=: rollouts, newest first, with their counts and progress. */
export const listRollouts = (rollouts: Rollouts) =>
  defineRoute<{ Query: { status?: RolloutStatus } }>({
    method: 'GET',
    path: '/api/admin/rollouts',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'Software rollouts, newest first, with counts (released, waiting, in progress, completed, failed) and progress; status filters',
      validate: { query: Joi.object({ status: Joi.string().valid('running', 'completed', 'stopped') }) },
      handler: (request) => rollouts.list(request.query.status),
    },
  });
