/** What the devices routes share: the permissions they ask for. */
import type { AccessNeed } from '../../access/api.js';

export const DEVICES_VIEW: AccessNeed = { area: 'deviceManager', level: 'VIEW' };
export const DEVICES_MANAGE: AccessNeed = { area: 'deviceManager', level: 'MANAGE' };
