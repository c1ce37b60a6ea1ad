/**
 * The weather module: the weather at a position from a weather service, or from a vessel's own
 * sensors when none is configured or reachable (docs/decisions.md, "Weather").
 */
import type { Plugin } from '@hapi/hapi';
import type { ModuleOptions } from '../../platform/context.js';
import { currentWeather } from './routes/weather.js';
import { WeatherService } from './service-provider.js';

export const weatherModule: Plugin<ModuleOptions> = {
  name: 'weather',
  dependencies: ['access'],
  register(server, { ctx }) {
    const service = ctx.config.weatherUrl ? new WeatherService(ctx.config.weatherUrl, () => ctx.clock.now()) : null;
    server.route([currentWeather(ctx.db, server.plugins.access.api, service)]);
  },
};
