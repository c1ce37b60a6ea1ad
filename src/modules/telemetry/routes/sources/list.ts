import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import type { SourcesService } from '../../service.js';

/** GET discovery/messageSources?vesselId=: the Signal K sources of the vessel's bridge (deviceManager VIEW). */
export const listMessageSources = (sources: SourcesService) =>
  defineRoute<{ Query: { vesselId: number } }>({
    method: 'GET',
    path: '/api/discovery/messageSources',
    options: {
      tags: ['api', 'devices'],
      description: "The message sources of a vessel's bridge: {uid, bus, enabled, firstSeen, lastSeen} (deviceManager VIEW)",
      validate: { query: Joi.object({ vesselId: Joi.number().integer().required() }) },
      plugins: { vessel: { query: 'vesselId', needs: [DEVICES_VIEW], bridge: true } },
      handler: (request) => sources.messageSources(vesselOf(request).bridge),
    },
  });
