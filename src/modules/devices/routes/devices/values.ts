import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { timeRange } from '../../schemas.js';
import type { DevicesService } from '../../service.js';

/**
 * GET simpleDevices/values?propertyId=: a property's history for charts. The vessel is known only
 * from the property, so the service checks deviceManager VIEW on it (404 like a missing property).
 */
export const propertyValues = (devices: DevicesService) =>
  defineRoute<{ Query: { propertyId: number; dateFrom?: string; dateTo?: string } }>({
    method: 'GET',
    path: '/api/simpleDevices/values',
    options: {
      tags: ['api', 'devices'],
      description:
        "A property's history between dateFrom and dateTo (ISO; default the last 24 hours), oldest first, thinned to at most 2000 points (deviceManager VIEW)",
      validate: { query: timeRange('dateFrom', 'dateTo').keys({ propertyId: Joi.number().integer().required() }) },
      handler(request) {
        const { propertyId, dateFrom, dateTo } = request.query;
        return devices.propertyHistory(callerOf(request), propertyId, dateFrom, dateTo);
      },
    },
  });
