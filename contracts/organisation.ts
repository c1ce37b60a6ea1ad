/**
 * The organisation area's shapes (docs/api.md, "Organisation"), shared by the server and the web
 * app: what a company's staff member may do for the company, its clients, staff, relationships,
 * contacts and fleet.
 */
import { PERMISSION_AREAS, type PermissionArea, type PermissionSet } from './permissions.js';
import type { BannerState } from './vessels.js';

/** What a staff member may do for the company (docs/decisions.md, "Organisations"). */
export const STAFF_PERMISSIONS = ['manageStaff', 'manageClients', 'manageRelationships', 'useTechnicalAccess', 'seeBilling'] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];
export type StaffPermissions = Record<StaffPermission, boolean>;

/** A staff member added without saying otherwise: works on the company's vessels, manages nothing. */
export const DEFAULT_STAFF_PERMISSIONS: StaffPermissions = {
  manageStaff: false,
  manageClients: false,
  manageRelationships: false,
  useTechnicalAccess: true,
  seeBilling: false,
};

/** A company administrator holds every permission. */
export const ADMIN_STAFF_PERMISSIONS: StaffPermissions = {
  manageStaff: true,
  manageClients: true,
  manageRelationships: true,
  useTechnicalAccess: true,
  seeBilling: true,
};

export const STAFF_PERMISSION_LABELS: Record<StaffPermission, string> = {
  manageStaff: 'Manage staff: invite, pause, edit and remove staff members',
  manageClients: 'Manage clients: add and remove clients, delete notes',
  manageRelationships: 'Manage relationships with other companies',
  useTechnicalAccess: 'Use technical access: work on the vessels owners let the company reach',
  seeBilling: 'See billing: subscriptions of the company’s fleet',
};

/** Where an invitation (client or staff) stands; `expired` once its 14 days passed without an answer. */
export type InvitationStatus = 'pending' | 'active' | 'expired';

export interface StaffMemberView {
  id: number;
  userId: number | null;
  email: string | null;
  firstName: string;
  lastName: string;
  role: 'admin' | 'staff';
  paused: boolean;
  status: InvitationStatus;
  permissions: StaffPermissions;
  expiresAt: string | null;
}

export interface ClientView {
  id: number;
  userId: number | null;
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  status: InvitationStatus;
  since: string;
  expiresAt: string | null;
  vesselCount: number;
}

export interface ClientVessel {
  id: number;
  name: string;
  /** Whether the owner gave the company technical access to this vessel. */
  companyAccess: boolean;
}

export interface ClientNote {
  id: number;
  messageText: string;
  authorId: number | null;
  authorName: string;
  createdAt: string;
}

export interface RelationshipView {
  id: number;
  company: { id: number; name: string; kind: string };
  status: 'pending' | 'accepted';
  /** `outgoing`: this company asked; `incoming`: the other company asked and this one may accept. */
  direction: 'outgoing' | 'incoming';
  createdAt: string;
}

export interface Contact {
  id: number;
  name: string;
  email: string | null;
  kind: 'client' | 'staff' | 'dealer' | 'contractor' | 'manufacturer';
}

export interface Contacts {
  clients: Contact[];
  contractors: Contact[];
  dealers: Contact[];
  manufacturers: Contact[];
  staff: Contact[];
}

export interface Invitation {
  id: number;
  kind: 'client' | 'staff';
  company: { id: number; name: string; kind: string };
  expiresAt: string | null;
}

export interface FleetVessel {
  id: number;
  name: string;
  modelId: number | null;
  ownerId: number;
  ownerName: string;
  online: boolean;
  lastSeen: string | null;
  bannerState: BannerState;
  activeAlertCount: number | null;
  paused: boolean;
  position: { lat: number; lon: number; timestamp: string } | null;
  /** What the owner let the company do on this vessel (its grant). */
  permissions: PermissionSet;
}

const AREA_LABELS: Record<PermissionArea, string> = {
  alertManager: 'alerts',
  auditLogs: 'audit logs',
  deviceManager: 'devices',
  documents: 'documents',
  routineManager: 'routines',
  userManager: 'users',
  securityManager: 'security',
  billingManager: 'billing',
};

/** A grant in words: the areas it opens (with "manage" where it may change them) and device control. */
export function grantSummary(permissions: PermissionSet): string {
  const areas = PERMISSION_AREAS.filter((area) => permissions[area] !== 'DENY').map((area) =>
    permissions[area] === 'MANAGE' ? `${AREA_LABELS[area]} (manage)` : AREA_LABELS[area],
  );
  if (permissions.allowDeviceControl) areas.push('device control');
  if (permissions.allowLocationServices) areas.push('location');
  return areas.length ? areas.join(', ') : 'nothing yet';
}

export interface CompanyFleet {
  vessels: FleetVessel[];
  /** The staff members who act on these vessels for the company (active, not paused, with useTechnicalAccess). */
  staff: Array<{ id: number; name: string; email: string | null }>;
}

export const ALARM_PRIORITIES = ['emergency', 'alarm', 'warning', 'caution'] as const;
export type AlarmPriority = (typeof ALARM_PRIORITIES)[number];

export interface ModelStats {
  modelId: number;
  name: string;
  vesselCount: number;
  /** Alarms raised in the last 30 days on the consenting vessels of the model, per priority. */
  alarms: Record<AlarmPriority, number>;
  /** The model's picture (`/api/files/…`, loaded with a link key), or null. */
  imageUrl: string | null;
}

/** GET vesselModels/{id}/vessels: a consenting vessel built on the model, with its alarms of the last 30 days per priority. */
export interface ModelVessel {
  id: number;
  name: string;
  modelId: number | null;
  online: boolean;
  lastSeen: string | null;
  bannerState: BannerState;
  alarms: Record<AlarmPriority, number>;
}

/** An alarm as a manufacturer sees it on a consenting vessel: what was raised and when, never who acknowledged it. */
export interface ModelVesselAlarm {
  id: number;
  priority: AlarmPriority;
  message: string;
  deviceName: string | null;
  propertyName: string | null;
  raisedAt: string;
  clearedAt: string | null;
}

/**
 * GET vesselModels/{id}/vessels/{vesselId}: one consenting vessel, read-only, as its manufacturer
 * sees it (docs/decisions.md, "What a manufacturer sees of a consenting vessel"): its model, whether
 * it is online, and its alarms of the last 30 days. No owner, position, values, documents or people.
 */
export interface ModelVesselDetail {
  id: number;
  name: string;
  model: { id: number; name: string; lengthM: number | null; imageUrl: string | null };
  online: boolean;
  lastSeen: string | null;
  /** The start of the 30 days the alarms cover. */
  since: string;
  alarms: Record<AlarmPriority, number>;
  /** The alarms raised since `since`, newest first (at most 200). */
  alarmLog: ModelVesselAlarm[];
}
