import type { RequestApplicationState } from '@hapi/hapi';
import { auditTarget } from '../../../../platform/audit.js';
import { ruleRefused } from '../../../../platform/errors.js';
import { type AccessNeed, type ScopeBridge, vesselOf } from '../../../access/api.js';

export const OFFLINE = 'Vessel is offline';

/**
 * Reboot and log level act on the vessel's equipment like a command but disrupt it for everyone,
 * so viewing is not enough: deviceManager MANAGE and allowDeviceControl (the owner holds both).
 */
export const MANAGE_BRIDGE: readonly AccessNeed[] = [{ area: 'deviceManager', level: 'MANAGE' }, { flag: 'allowDeviceControl' }];

/** The vessel's paired bridge (418 when there is none), recorded as the audit target. */
export function pairedBridge(request: { app: RequestApplicationState; route: { path: string } }): ScopeBridge {
  const { bridge, vesselId } = vesselOf(request);
  if (!bridge) throw ruleRefused('This vessel has no bridge paired');
  auditTarget(request, { targetType: 'bridge', targetId: bridge.id, vesselId });
  return bridge;
}
