/**
 * Actions on a vessel's bridge by the vessel's members: reboot, log level, wake-up (a fresh
 * snapshot). Reboot and log level need deviceManager MANAGE and allowDeviceControl — they act on
 * the vessel's equipment like a command, but disrupt it for everyone, so viewing is not enough;
 * the owner holds both. Reboot also re-checks the caller's own password (spec 5).
 */
import type { Request, Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import type { SessionCredentials } from '../../auth/api.js';
import { type AccessNeed, requireAccess } from '../../vessel/api.js';
import { bridgeOfVessel } from '../api.js';
import { adminPasswordQuery, LOG_LEVELS, vesselIdParams } from '../schemas.js';
import type { BridgeService } from '../service.js';

const OFFLINE = 'Vessel is offline';
const MANAGE_BRIDGE: AccessNeed[] = [{ area: 'deviceManager', level: 'MANAGE' }, { flag: 'allowDeviceControl' }];

export function vesselBridgeRoutes(server: Server, ctx: AppContext, service: BridgeService): ServerRoute[] {
  const { db } = ctx;
  const userOf = (request: Request) => (request.auth.credentials as unknown as SessionCredentials).user;
  /** The vessel's bridge, once the caller is allowed; records the target for the audit trail. */
  const bridgeFor = async (request: Request, needs: AccessNeed[]) => {
    const vesselId = (request.params as unknown as { id: number }).id;
    await requireAccess(db, userOf(request).id, vesselId, ...needs);
    const bridge = await bridgeOfVessel(db, vesselId);
    if (!bridge) throw ruleRefused('This vessel has no bridge paired');
    auditTarget(request, { targetType: 'bridge', targetId: bridge.id, vesselId });
    return bridge;
  };

  return [
    {
      method: 'POST',
      path: '/api/vessel/{id}/reboot',
      options: {
        tags: ['api', 'vessel'],
        description: "Reboot the vessel's bridge (deviceManager MANAGE and allowDeviceControl); adminPassword is the caller's own password",
        validate: { params: vesselIdParams, query: adminPasswordQuery },
        async handler(request) {
          const bridge = await bridgeFor(request, MANAGE_BRIDGE);
          const user = userOf(request);
          if (!(await server.plugins.auth.api.checkPassword(user.id, (request.query as { adminPassword: string }).adminPassword))) {
            throw ruleRefused('The password is not correct');
          }
          return service.request(bridge, 'reboot', { requestedBy: user.id, offlineMessage: OFFLINE });
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/logs/logLevel/{level}',
      options: {
        tags: ['api', 'vessel'],
        description: "Set the log level of the vessel's bridge (deviceManager MANAGE and allowDeviceControl)",
        validate: { params: vesselIdParams.keys({ level: Joi.string().valid(...LOG_LEVELS).required() }) },
        async handler(request) {
          const bridge = await bridgeFor(request, MANAGE_BRIDGE);
          const { level } = request.params as unknown as { level: string };
          return service.request(bridge, 'setLogLevel', { level, requestedBy: userOf(request).id, offlineMessage: OFFLINE });
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/wakeup',
      options: {
        tags: ['api', 'vessel'],
        description: "Ask the vessel's bridge to send all its current values again (deviceManager VIEW)",
        validate: { params: vesselIdParams },
        async handler(request) {
          const bridge = await bridgeFor(request, [{ area: 'deviceManager', level: 'VIEW' }]);
          if (!(await service.requestSnapshot(bridge.serial))) throw ruleRefused(OFFLINE);
          return { requested: true };
        },
      },
    },
  ];
}
