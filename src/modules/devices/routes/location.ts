/**
 * Where a vessel is (deviceManager VIEW: DENY hides locations, spec 6), where it has been
 * (allowLocationServices as well), and which message sources feed its location history.
 */
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { currentLocation, locationHistory } from '../api.js';
import { busOf, type MessageSources } from '../sources.js';
import { locationSourceParams, sourceUid, timeRange, vesselIdParams } from '../schemas.js';
import type { SourceRow } from '../repository.js';
import { DAY_MS, DEVICES_MANAGE, DEVICES_VIEW, rangeOf, vesselAndBridge } from './support.js';

const locationSource = (s: SourceRow) => ({ uid: s.uid, bus: busOf(s.uid), enabled: s.locationEnabled, lastSeen: s.lastSeen });

export function locationRoutes(ctx: AppContext, sources: MessageSources): ServerRoute[] {
  const { db } = ctx;
  const positionSources = async (bridgeId: number) => (await sources.list(bridgeId)).filter((s) => s.reportsPosition).map(locationSource);

  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/location',
      options: {
        tags: ['api', 'vessel', 'location'],
        description: "The vessel's last known position, or null (deviceManager VIEW)",
        validate: { params: vesselIdParams },
        async handler(request) {
          const vesselId = (request.params as { id: number }).id;
          await vesselAndBridge(db, request, vesselId, DEVICES_VIEW);
          return currentLocation(db, vesselId);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/locationHistory',
      options: {
        tags: ['api', 'vessel', 'location'],
        description: "The vessel's positions between from and to (ISO; default the last 24 hours), oldest first, thinned to at most 5000 (deviceManager VIEW and allowLocationServices)",
        validate: { params: vesselIdParams, query: timeRange('from', 'to') },
        async handler(request) {
          const vesselId = (request.params as { id: number }).id;
          await vesselAndBridge(db, request, vesselId, DEVICES_VIEW, { flag: 'allowLocationServices' });
          const { from, to } = request.query as { from?: string; to?: string };
          const { fromMs, toMs } = rangeOf(from, to, DAY_MS);
          return locationHistory(db, vesselId, fromMs, toMs);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/location/{vesselId}/persistedSources',
      options: {
        tags: ['api', 'vessel', 'location'],
        description: 'Message sources that have reported a position: {uid, bus, enabled, lastSeen} (deviceManager VIEW)',
        validate: { params: locationSourceParams },
        async handler(request) {
          const { bridge } = await vesselAndBridge(db, request, (request.params as { vesselId: number }).vesselId, DEVICES_VIEW);
          return bridge ? positionSources(bridge.id) : [];
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/location/{vesselId}/enabledSources',
      options: {
        tags: ['api', 'vessel', 'location'],
        description: 'Message sources whose positions go into the location history (deviceManager VIEW)',
        validate: { params: locationSourceParams },
        async handler(request) {
          const { bridge } = await vesselAndBridge(db, request, (request.params as { vesselId: number }).vesselId, DEVICES_VIEW);
          return bridge ? (await positionSources(bridge.id)).filter((s) => s.enabled) : [];
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/location/{vesselId}/enableSources',
      options: {
        tags: ['api', 'vessel', 'location'],
        description: 'Take positions only from these message sources from now on; answers the enabled sources (deviceManager MANAGE)',
        validate: { params: locationSourceParams, payload: Joi.object({ uids: Joi.array().items(sourceUid).max(100).unique().required() }) },
        async handler(request) {
          const vesselId = (request.params as { vesselId: number }).vesselId;
          const { bridge } = await vesselAndBridge(db, request, vesselId, DEVICES_MANAGE);
          auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { uids: (request.payload as { uids: string[] }).uids } });
          if (!bridge) return [];
          await sources.setLocationSources(bridge.id, (request.payload as { uids: string[] }).uids);
          return (await positionSources(bridge.id)).filter((s) => s.enabled);
        },
      },
    },
  ];
}
