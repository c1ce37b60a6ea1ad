import type { RequestApplicationState } from '@hapi/hapi';
import { auditTarget } from '../../../../platform/audit.js';
import type { BridgeRow } from '../../repository.js';
import type { BridgeService } from '../../service.js';

/** The reporting client a route acts on, recorded as the audit target (with its vessel, when paired). */
export async function targetBridge(bridges: BridgeService, request: { app: RequestApplicationState; params: { id: number } }): Promise<BridgeRow> {
  auditTarget(request, { targetType: 'bridge', targetId: request.params.id });
  const bridge = await bridges.find(request.params.id);
  if (bridge.vesselId !== null) auditTarget(request, { vesselId: bridge.vesselId });
  return bridge;
}
