import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { vesselOf } from '../../../access/api.js';
import type { SimpleDevicesService } from '../../simple/service.js';
import { deviceType, SIMPLE_TAGS, vesselIdQuery, vesselQueryScope } from './support.js';

/** GET simpleDevices/type/{type}?vesselId=: the vessel's simple devices of one type (deviceManager VIEW). */
export const simpleDevicesOfType = (simple: SimpleDevicesService) =>
  defineRoute<{ Params: { type: string }; Query: { vesselId: number } }>({
    method: 'GET',
    path: '/api/simpleDevices/type/{type}',
    options: {
      tags: SIMPLE_TAGS,
      description: "The vessel's simple devices of one type (tank, battery, engine, custom) (deviceManager VIEW)",
      validate: { params: Joi.object({ type: deviceType.required() }), query: vesselIdQuery },
      plugins: { vessel: vesselQueryScope },
      handler: (request) => simple.list(vesselOf(request).vesselId, request.params.type),
    },
  });
