import Boom from '@hapi/boom';
import type { Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import { bridgeOfVessel, pairBridge, unpairBridge } from '../../bridges/api.js';
import { requireAccess } from '../api.js';
import * as repo from '../repository.js';
import { idParams } from '../schemas.js';
import { caller, vesselIdOf } from './support.js';

/** BRIDGE.md: the owner pairs a bridge with the code printed on it; unlinking takes two steps. */
export function pairingRoutes(server: Server, ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  const auth = () => server.plugins.auth.api;
  return [
    {
      method: 'POST',
      path: '/api/vessel/{id}/pair',
      options: {
        tags: ['api', 'vessel'],
        description: "Pair a bridge to the vessel with the pairing code printed on it (owner only)",
        validate: { params: idParams, query: Joi.object({ pairingCode: Joi.string().trim().uppercase().max(16).required() }) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), { owner: true });
          auditTarget(request, { targetType: 'vessel', targetId: access.vesselId, vesselId: access.vesselId });
          if (await bridgeOfVessel(db, access.vesselId)) throw Boom.conflict('This vessel already has a bridge; unlink it first');
          const bridge = await pairBridge(db, (request.query as { pairingCode: string }).pairingCode, access.vesselId);
          return { reportingClient: bridge };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/unlinkClient',
      options: {
        tags: ['api', 'vessel'],
        description: 'Ask to unlink the bridge (owner only): e-mails a confirmation code',
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), { owner: true });
          auditTarget(request, { targetType: 'vessel', targetId: access.vesselId, vesselId: access.vesselId });
          if (!(await bridgeOfVessel(db, access.vesselId))) throw ruleRefused('This vessel has no bridge paired');
          const vessel = await repo.findVessel(db, access.vesselId);
          await auth().sendConfirmationCode(caller(request).id, 'unlink_client', String(access.vesselId), `unlink the bridge of ${vessel!.name}`);
          return { message: 'A confirmation code has been sent to your e-mail address' };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/completeClientUnlink',
      options: {
        tags: ['api', 'vessel'],
        description: 'Unlink the bridge with the e-mailed code; the bridge gets a fresh pairing code',
        validate: { params: idParams, query: Joi.object({ code: Joi.string().trim().max(20).required() }) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), { owner: true });
          auditTarget(request, { targetType: 'vessel', targetId: access.vesselId, vesselId: access.vesselId });
          const target = await auth().consumeConfirmationCode(caller(request).id, 'unlink_client', (request.query as { code: string }).code);
          if (Number(target) !== access.vesselId) throw ruleRefused('The confirmation code is invalid or has expired');
          await unpairBridge(db, access.vesselId);
          return { unlinked: true };
        },
      },
    },
  ];
}
