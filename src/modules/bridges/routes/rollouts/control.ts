import { auditTarget } from '../../../../platform/audit.js';
import { defineRoute } from '../../../../platform/routes.js';
import type { Rollouts } from '../../rollouts.js';
import { rolloutIdParams } from './show.js';

/** POST admin/rollouts/{id}/advance: the second stage, every target bridge (418 unless running in its first stage). */
export const advanceRollout = (rollouts: Rollouts) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'POST',
    path: '/api/admin/rollouts/{id}/advance',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'Release a running rollout to all its bridges (100 %)',
      validate: { params: rolloutIdParams },
      handler(request) {
        auditTarget(request, { targetType: 'rollout', targetId: request.params.id });
        return rollouts.advance(request.params.id);
      },
    },
  });

/** POST admin/rollouts/{id}/stop: no further bridge gets the update (418 when not running). */
export const stopRollout = (rollouts: Rollouts) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'POST',
    path: '/api/admin/rollouts/{id}/stop',
    options: {
      auth: { scope: 'admin' },
      tags: ['api', 'admin'],
      description: 'Stop a running rollout: bridges not yet sent the update will not get it; those installing finish',
      validate: { params: rolloutIdParams },
      handler(request) {
        auditTarget(request, { targetType: 'rollout', targetId: request.params.id });
        return rollouts.stop(request.params.id);
      },
    },
  });
