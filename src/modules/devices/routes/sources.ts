/**
 * Message discovery: the Signal K sources a vessel's bridge reports through, and which of them
 * are stored (a disabled source's values are dropped on arrival).
 */
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { busOf, type MessageSources } from '../sources.js';
import type { SourceRow } from '../repository.js';
import { sourceUid, vesselIdParams } from '../schemas.js';
import { DEVICES_MANAGE, DEVICES_VIEW, vesselAndBridge } from './support.js';

const messageSource = (s: SourceRow) => ({ uid: s.uid, bus: busOf(s.uid), enabled: s.enabled, firstSeen: s.firstSeen, lastSeen: s.lastSeen });

export function sourceRoutes(ctx: AppContext, sources: MessageSources): ServerRoute[] {
  const { db } = ctx;
  return [
    {
      method: 'GET',
      path: '/api/discovery/messageSources',
      options: {
        tags: ['api', 'devices'],
        description: "The message sources of a vessel's bridge: {uid, bus, enabled, firstSeen, lastSeen} (deviceManager VIEW)",
        validate: { query: Joi.object({ vesselId: Joi.number().integer().required() }) },
        async handler(request) {
          const { bridge } = await vesselAndBridge(db, request, (request.query as { vesselId: number }).vesselId, DEVICES_VIEW);
          return bridge ? (await sources.list(bridge.id)).map(messageSource) : [];
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/discovery/messageSources',
      options: {
        tags: ['api', 'vessel', 'devices'],
        description: 'Enable or disable message sources; answers all sources (deviceManager MANAGE)',
        validate: {
          params: vesselIdParams,
          payload: Joi.object({ sources: Joi.array().items(Joi.object({ uid: sourceUid.required(), enabled: Joi.boolean().required() })).max(500).required() }),
        },
        async handler(request) {
          const vesselId = (request.params as { id: number }).id;
          const { bridge } = await vesselAndBridge(db, request, vesselId, DEVICES_MANAGE);
          const changes = (request.payload as { sources: Array<{ uid: string; enabled: boolean }> }).sources;
          auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId, details: { sources: changes } });
          if (!bridge) return [];
          await sources.setEnabled(bridge.id, changes);
          return (await sources.list(bridge.id)).map(messageSource);
        },
      },
    },
  ];
}
