export interface ReportingClient {
  id: string;
  serial: string;
  version: string | null;
}

export interface VesselSubscription {
  valid: boolean;
  validUntil: string | null;
  productIds: string[];
}

export type PermissionLevel = 'DENY' | 'VIEW' | 'MANAGE';

export interface PermissionSet {
  alertManager: PermissionLevel;
  auditLogs: PermissionLevel;
  deviceManager: PermissionLevel;
  documents: PermissionLevel;
  routineManager: PermissionLevel;
  userManager: PermissionLevel;
  securityManager: PermissionLevel;
  billingManager: PermissionLevel;
  allowDeviceControl: boolean;
  allowEditVessel: boolean;
  allowLocationServices: boolean;
  allowGrantTechnicalAccess: boolean;
  receiveNotifications: boolean;
}

export const NO_PERMISSIONS: PermissionSet = {
  alertManager: 'DENY',
  auditLogs: 'DENY',
  deviceManager: 'DENY',
  documents: 'DENY',
  routineManager: 'DENY',
  userManager: 'DENY',
  securityManager: 'DENY',
  billingManager: 'DENY',
  allowDeviceControl: false,
  allowEditVessel: false,
  allowLocationServices: false,
  allowGrantTechnicalAccess: false,
  receiveNotifications: false,
};

const LEVEL_ORDER: Record<PermissionLevel, number> = { DENY: 0, VIEW: 1, MANAGE: 2 };

export function hasLevel(level: PermissionLevel | undefined, required: PermissionLevel): boolean {
  return LEVEL_ORDER[level ?? 'DENY'] >= LEVEL_ORDER[required];
}

export type BannerState = 'NOT_PAIRED' | 'NO_SUBSCRIPTION' | 'OFFLINE' | 'OK';

export interface Vessel {
  id: string;
  name: string;
  modelId: string | null;
  imageUrl: string | null;
  ownerId: string;
  groupName: string | null;
  reportingClient: ReportingClient | null;
  vesselSubscription: VesselSubscription | null;
  online: boolean;
  lastSeen: string | null;
}

/** An entry of GET /api/vessel/basic. */
export interface VesselSummary extends Vessel {
  role: 'owner' | 'member' | 'company';
  bannerState: BannerState;
  /** Missing from servers that do not count alerts in the fleet list. */
  activeAlertCount?: number;
}

/** GET /api/vessel/{id}: the vessel plus the caller's permissions on it. */
export interface VesselDetail extends Vessel {
  permissions: PermissionSet;
}

/** A pending invitation to a vessel (GET /api/vessel/pending). */
export interface PendingInvitation {
  vesselId: string;
  vesselName: string;
  invitedBy?: string | null;
  [field: string]: unknown;
}
