import Joi from 'joi';
import { callerOf, defineRoute } from '../../../../platform/routes.js';
import { timeRange } from '../../schemas.js';
import type { DevicesService } from '../../service.js';
import { MAX_BUCKETS } from '../../buckets.js';

/**
 * GET simpleDevices/values?propertyId=: a property's history for charts. The vessel is known only
 * from the property, so the service checks deviceManager VIEW on it (404 like a missing property).
 */
export const propertyValues = (devices: DevicesService) =>
  defineRoute<{ Query: { propertyId: number; dateFrom?: string; dateTo?: string; buckets?: number } }>({
    method: 'GET',
    path: '/api/simpleDevices/values',
    options: {
      tags: ['api', 'devices'],
      description:
        "A property's history between dateFrom and dateTo (ISO; default the last 24 hours), oldest first: its values thinned to at most 2000 points, or with buckets=N (2 to 2000, a range of at most 400 days) the numeric values downsampled into at most N buckets {timestamp, min, max, mean, last, count}, buckets without a value absent (deviceManager VIEW)",
      validate: {
        query: timeRange('dateFrom', 'dateTo').keys({
          propertyId: Joi.number().integer().required(),
          buckets: Joi.number().integer().min(2).max(MAX_BUCKETS),
        }),
      },
      handler(request) {
        const { propertyId, ...range } = request.query;
        return devices.propertyHistory(callerOf(request), propertyId, range);
      },
    },
  });
