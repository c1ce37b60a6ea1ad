export type { BannerState, ReportingClientSummary, Vessel, VesselDetail, VesselRole, VesselSubscription, VesselSummary } from '../../../../contracts/vessels';
export { atLeast, NO_PERMISSIONS, normalisePermissions, type Level, type PermissionSet } from '../../../../contracts/permissions';

/** A pending invitation to a vessel (GET /api/vessel/pending). */
export interface PendingInvitation {
  vesselId: number;
  vesselName: string;
  invitedBy?: string | null;
  [field: string]: unknown;
}
