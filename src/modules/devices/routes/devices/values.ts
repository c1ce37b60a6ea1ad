import Joi from 'joi';
import { defineRoute } from '../../../../platform/routes.js';
import { DEVICES_VIEW, vesselOf } from '../../../access/api.js';
import { MAX_BUCKETS } from '../../../telemetry/api.js';
import { timeRange } from '../../schemas.js';
import type { DevicesService } from '../../service.js';

/**
 * GET simpleDevices/values?propertyId=: a property's history for charts (deviceManager VIEW on
 * the property's vessel; another tenant's property answers 404 like a missing one).
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
      plugins: { vessel: { entity: 'property', query: 'propertyId', needs: [DEVICES_VIEW] } },
      handler(request) {
        const { propertyId, ...range } = request.query;
        return devices.propertyHistory(vesselOf(request).vesselId, propertyId, range);
      },
    },
  });
