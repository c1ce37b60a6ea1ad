import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';

/** GET vessel/vesselOnline?vesselId=: whether the bridge is connected; every member may ask. */
export const vesselOnline = () =>
  defineRoute<{ Query: { vesselId: number } }>({
    method: 'GET',
    path: '/api/vessel/vesselOnline',
    options: {
      tags: ['api', 'vessel'],
      description: "Whether the vessel's bridge is connected, and when it was last heard from",
      validate: { query: Joi.object({ vesselId: Joi.number().integer().required() }) },
      plugins: { vessel: { query: 'vesselId', bridge: true } },
      handler(request) {
        const { vesselId, bridge } = vesselOf(request);
        return { vesselId, online: bridge?.online ?? false, lastSeen: bridge?.lastSeen ?? null };
      },
    },
  });
