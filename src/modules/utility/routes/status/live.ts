import type { ReqRefDefaults } from '@hapi/hapi';
import { defineRoute } from '../../../../platform/routes.js';

/**
 * GET health/live: the process answers. It touches nothing else, so a slow database or a
 * migration never gets a node restarted (docs/operations.md, "Health").
 */
export const liveness = () =>
  defineRoute<ReqRefDefaults>({
    method: 'GET',
    path: '/api/health/live',
    options: {
      auth: false,
      tags: ['api', 'utility'],
      description: 'Liveness: the process answers',
      plugins: { envelope: false },
      handler: () => ({ ok: true, uptime: Math.round(process.uptime()) }),
    },
  });
