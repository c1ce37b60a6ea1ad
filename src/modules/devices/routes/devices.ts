/**
 * A vessel's devices (deviceManager VIEW; DENY hides them), its buses, whether it is online,
 * and the history of one property for charts.
 */
import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { vesselIdsOfBridges } from '../../bridges/api.js';
import { requireAccess } from '../../vessel/api.js';
import * as repo from '../repository.js';
import { busOf } from '../sources.js';
import { timeRange, vesselIdParams } from '../schemas.js';
import { callerId, DAY_MS, DEVICES_VIEW, rangeOf, vesselAndBridge } from './support.js';

/** Most points a property history answers; longer ranges are evenly thinned. */
const MAX_CHART_POINTS = 2000;

export function deviceRoutes(ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/devices',
      options: {
        tags: ['api', 'vessel', 'devices'],
        description: "The vessel's devices with their properties and current values (deviceManager VIEW)",
        validate: { params: vesselIdParams },
        async handler(request) {
          const { bridge } = await vesselAndBridge(db, request, (request.params as { id: number }).id, DEVICES_VIEW);
          return bridge ? repo.devicesOfBridge(db, bridge.id) : [];
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/devices/basic',
      options: {
        tags: ['api', 'vessel', 'devices'],
        description: "The vessel's devices without their values: id, name, category, location, propertyCount (deviceManager VIEW)",
        validate: { params: vesselIdParams },
        async handler(request) {
          const { bridge } = await vesselAndBridge(db, request, (request.params as { id: number }).id, DEVICES_VIEW);
          if (!bridge) return [];
          return (await repo.devicesOfBridge(db, bridge.id)).map(({ id, name, category, location, properties }) => ({ id, name, category, location, propertyCount: properties.length }));
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/busList',
      options: {
        tags: ['api', 'vessel', 'devices'],
        description: 'The buses (NMEA 2000, NMEA 0183, ...) the vessel reports through, from its message sources (deviceManager VIEW)',
        validate: { params: vesselIdParams },
        async handler(request) {
          const { bridge } = await vesselAndBridge(db, request, (request.params as { id: number }).id, DEVICES_VIEW);
          if (!bridge) return [];
          const buses = new Map<string, { name: string; sourceCount: number; lastSeen: string }>();
          for (const source of await repo.sourcesOf(db, bridge.id)) {
            const bus = buses.get(busOf(source.uid)) ?? { name: busOf(source.uid), sourceCount: 0, lastSeen: source.lastSeen };
            bus.sourceCount++;
            if (source.lastSeen > bus.lastSeen) bus.lastSeen = source.lastSeen;
            buses.set(bus.name, bus);
          }
          return [...buses.values()].sort((a, b) => a.name.localeCompare(b.name));
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/vesselOnline',
      options: {
        tags: ['api', 'vessel'],
        description: "Whether the vessel's bridge is connected, and when it was last heard from",
        validate: { query: Joi.object({ vesselId: Joi.number().integer().required() }) },
        async handler(request) {
          const vesselId = (request.query as { vesselId: number }).vesselId;
          const { bridge } = await vesselAndBridge(db, request, vesselId);
          return { vesselId, online: bridge?.online ?? false, lastSeen: bridge?.lastSeen ?? null };
        },
      },
    },
    {
      method: 'GET',
      path: '/api/simpleDevices/values',
      options: {
        tags: ['api', 'devices'],
        description: "A property's history between dateFrom and dateTo (ISO; default the last 24 hours), oldest first, thinned to at most 2000 points (deviceManager VIEW)",
        validate: { query: timeRange('dateFrom', 'dateTo').keys({ propertyId: Joi.number().integer().required() }) },
        async handler(request) {
          const { propertyId, dateFrom, dateTo } = request.query as { propertyId: number; dateFrom?: string; dateTo?: string };
          const property = await repo.findProperty(db, propertyId);
          const vesselId = property ? (await vesselIdsOfBridges(db, [property.bridgeId])).get(property.bridgeId) : undefined;
          if (!property || vesselId === undefined) throw Boom.notFound('Property not found');
          await requireAccess(db, callerId(request), vesselId, DEVICES_VIEW);
          const { fromMs, toMs } = rangeOf(dateFrom, dateTo, DAY_MS);
          return repo.historyOf(db, property.bridgeId, property.path, fromMs, toMs, MAX_CHART_POINTS);
        },
      },
    },
  ];
}
