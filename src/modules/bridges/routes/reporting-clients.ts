/**
 * Reporting clients (bridges) in the admin area: provisioning with a secret shown once and a
 * pairing code, edits, deletion (which disconnects the bridge), usage per day, and software
 * updates with their progress.
 */
import Boom from '@hapi/boom';
import type { Request, Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import type { SessionCredentials } from '../../auth/api.js';
import { listBridges, provisionBridge, reportingClientOf } from '../api.js';
import * as repo from '../repository.js';
import { newPairingCode, pairingCodeHash } from '../secrets.js';
import type { BridgeService } from '../service.js';
import { adminPasswordQuery, bridgeIdParams, serial, version } from '../schemas.js';

const admin = { scope: 'admin' as const };
const DAY_MS = 24 * 3600 * 1000;

export function reportingClientRoutes(server: Server, ctx: AppContext, service: BridgeService): ServerRoute[] {
  const { db } = ctx;
  const broker = () => server.plugins.mqtt.broker;
  const target = async (request: Request) => {
    const { id } = request.params as unknown as { id: number };
    auditTarget(request, { targetType: 'bridge', targetId: id });
    const bridge = await repo.findBridge(db, id);
    if (!bridge) throw Boom.notFound('Reporting client not found');
    if (bridge.vesselId !== null) auditTarget(request, { vesselId: bridge.vesselId });
    return bridge;
  };

  return [
    {
      method: 'GET',
      path: '/api/admin/reportingClients',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Reporting clients (bridges), by serial; q searches the serial, paired filters on pairing',
        validate: { query: Joi.object({ q: Joi.string().max(64).allow(''), paired: Joi.boolean() }) },
        async handler(request) {
          return listBridges(db, request.query as { q?: string; paired?: boolean });
        },
      },
    },
    {
      method: 'POST',
      path: '/api/admin/reportingClients',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Provision a reporting client. The answer carries its MQTT secret (shown only this once) and its pairing code',
        validate: { payload: Joi.object({ serial, version }).default({}) },
        async handler(request) {
          const input = request.payload as { serial?: string; version?: string };
          const created = await provisionBridge(db, service.secrets, { serial: input.serial, version: input.version ?? null });
          auditTarget(request, { targetType: 'bridge', targetId: created.bridgeId });
          const bridge = (await repo.findBridge(db, created.bridgeId))!;
          return { ...reportingClientOf(bridge), secret: created.secret, pairingCode: created.pairingCode };
        },
      },
    },
    {
      method: 'PUT',
      path: '/api/admin/reportingClients/{id}',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Edit a reporting client. rotateSecret answers a new secret once; newPairingCode answers a new pairing code. Either, or a new serial, disconnects the bridge',
        validate: { params: bridgeIdParams, payload: Joi.object({ serial, version: version.allow(null), rotateSecret: Joi.boolean().default(false), newPairingCode: Joi.boolean().default(false) }) },
        async handler(request) {
          const bridge = await target(request);
          const input = request.payload as { serial?: string; version?: string | null; rotateSecret: boolean; newPairingCode: boolean };
          if (input.serial && input.serial !== bridge.serial && (await repo.findBridgeBySerial(db, input.serial))) {
            throw Boom.conflict('A reporting client with this serial already exists');
          }
          const secret = input.rotateSecret ? service.secrets.newSecret() : undefined;
          const pairingCode = input.newPairingCode ? newPairingCode() : undefined;
          await repo.updateBridge(db, bridge.id, {
            serial: input.serial,
            version: input.version,
            secretHash: secret ? service.secrets.hash(secret) : undefined,
            pairingCodeHash: pairingCode ? pairingCodeHash(pairingCode) : undefined,
          });
          if (secret || (input.serial && input.serial !== bridge.serial)) broker().disconnect(bridge.serial);
          const updated = (await repo.findBridge(db, bridge.id))!;
          return { ...reportingClientOf(updated), ...(secret ? { secret } : {}), ...(pairingCode ? { pairingCode } : {}) };
        },
      },
    },
    {
      method: 'DELETE',
      path: '/api/admin/reportingClients/{id}',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Delete a reporting client with everything it reported; it is disconnected at once',
        validate: { params: bridgeIdParams },
        async handler(request) {
          const bridge = await target(request);
          await service.delete(bridge.id);
          return { deleted: true };
        },
      },
    },
    {
      method: 'GET',
      path: '/api/admin/reportingClients/{id}/usage',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'Messages, bytes and rejected messages per day (UTC), the last 30 days unless from/to (YYYY-MM-DD) say otherwise',
        validate: {
          params: bridgeIdParams,
          query: Joi.object({ from: Joi.string().pattern(/^\d{4}-\d{2}-\d{2}$/), to: Joi.string().pattern(/^\d{4}-\d{2}-\d{2}$/) }),
        },
        async handler(request) {
          const bridge = await target(request);
          const { from, to } = request.query as { from?: string; to?: string };
          const until = to ?? new Date().toISOString().slice(0, 10);
          const since = from ?? new Date(Date.parse(until) - 29 * DAY_MS).toISOString().slice(0, 10);
          return service.usageOf(bridge.id, since, until);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/admin/reportingClients/{id}/updateProgress',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: 'The latest software update of a reporting client and how far it got (null when none was asked for)',
        validate: { params: bridgeIdParams },
        async handler(request) {
          const bridge = await target(request);
          return service.latestRequest(bridge.id, 'softwareUpdate');
        },
      },
    },
    {
      method: 'POST',
      path: '/api/admin/reportingClients/{id}/softwareUpdate',
      options: {
        auth: admin,
        tags: ['api', 'admin'],
        description: "Ask a connected bridge to install a software version; adminPassword is the caller's own password, checked again",
        validate: { params: bridgeIdParams, query: adminPasswordQuery, payload: Joi.object({ version: version.required() }) },
        async handler(request) {
          const bridge = await target(request);
          const user = (request.auth.credentials as unknown as SessionCredentials).user;
          if (!(await server.plugins.auth.api.checkPassword(user.id, (request.query as { adminPassword: string }).adminPassword))) {
            throw ruleRefused('The password is not correct');
          }
          const { version: wanted } = request.payload as { version: string };
          auditTarget(request, { details: { version: wanted } });
          return service.request(bridge, 'softwareUpdate', { version: wanted, requestedBy: user.id, offlineMessage: 'The reporting client is offline' });
        },
      },
    },
  ];
}
