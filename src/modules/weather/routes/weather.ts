import Joi from 'joi';
import type { Weather } from '../../../../contracts/vessels.js';
import type { Db } from '../../../db/knex.js';
import { callerOf, defineRoute } from '../../../platform/routes.js';
import type { AccessApi } from '../../access/api.js';
import { currentEnvironment } from '../../telemetry/api.js';
import type { WeatherService } from '../service-provider.js';
import { weatherFromSensors } from '../sensors.js';

const NO_WEATHER: Weather = {
  source: null,
  sourceName: null,
  observedAt: null,
  temperatureC: null,
  windSpeedMs: null,
  windDirectionDeg: null,
  pressureHpa: null,
};

/**
 * GET weather?lat=&lon=[&vesselId=]: the weather service's, else (with a vessel the caller may see
 * the devices of) the vessel's own sensors'; the answer names its source.
 */
export const currentWeather = (db: Db, access: AccessApi, service: WeatherService | null) =>
  defineRoute<{ Query: { lat: number; lon: number; vesselId?: number } }>({
    method: 'GET',
    path: '/api/weather',
    options: {
      tags: ['api', 'weather'],
      description: "The weather at a position, metric; with vesselId, the vessel's sensors when no weather service answers",
      validate: {
        query: Joi.object({
          lat: Joi.number().min(-90).max(90).required(),
          lon: Joi.number().min(-180).max(180).required(),
          vesselId: Joi.number().integer().min(1),
        }),
      },
      async handler(request) {
        const { lat, lon, vesselId } = request.query;
        if (vesselId !== undefined) await access.requireAccess(callerOf(request).id, vesselId, { area: 'deviceManager', level: 'VIEW' });
        const fromService = service ? await service.current(lat, lon) : null;
        if (fromService || vesselId === undefined) return fromService ?? NO_WEATHER;
        const name = (await access.vesselNames([vesselId])).get(vesselId) ?? 'The vessel';
        return weatherFromSensors(name, await currentEnvironment(db, vesselId)) ?? NO_WEATHER;
      },
    },
  });
