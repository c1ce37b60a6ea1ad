import { callerOf, defineRoute } from '../../../platform/routes.js';
import { vesselOf } from '../../access/api.js';
import type { MessagingService } from '../service.js';
import { id } from '../schemas.js';
import Joi from 'joi';

/** GET vessel/{id}/threads: the threads about a vessel, for members with userManager VIEW (that they exist and who is in them, not their messages). */
export const vesselThreads = (svc: MessagingService) =>
  defineRoute<{ Params: { id: number } }>({
    method: 'GET',
    path: '/api/vessel/{id}/threads',
    options: {
      tags: ['api', 'vessel', 'messages'],
      description: 'Threads about the vessel and their members (needs userManager VIEW)',
      plugins: { vessel: { needs: [{ area: 'userManager', level: 'VIEW' }] } },
      validate: { params: Joi.object({ id: id.required() }) },
      handler: (request) => svc.vesselThreads(callerOf(request).id, vesselOf(request).vesselId),
    },
  });
