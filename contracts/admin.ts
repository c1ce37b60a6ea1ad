/** The shapes of the admin API (docs/api.md "admin"), shared by the server and the web app's admin area. */

export type { Product, ProductInput, Redemption, Voucher, VoucherInput, VoucherRedemptions } from './billing.js';

export interface Paged<T> {
  totalElements: number;
  content: T[];
}

export type UserStatus = 'pending' | 'active' | 'suspended';

export interface AdminUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  status: UserStatus;
  createdAt: string;
}

export const COMPANY_KINDS = ['dealer', 'manufacturer', 'contractor'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];

export interface Company {
  id: number;
  name: string;
  kind: CompanyKind;
  email: string | null;
  phone: string | null;
  countryCode: string | null;
  website: string | null;
  createdAt: string;
  /** How many people work for the company. */
  staffCount?: number;
}

export interface CompanyInput {
  name: string;
  email?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  website?: string | null;
}

export interface VesselModel {
  id: number;
  name: string;
  manufacturerId: number;
  lengthM: number | null;
  imageUrl?: string | null;
}

export interface VesselModelInput {
  name: string;
  manufacturerId: number;
  lengthM?: number | null;
}

export interface ReportingClient {
  id: number;
  serial: string;
  version: string | null;
  online: boolean;
  lastSeen: string | null;
  vesselId: number | null;
  createdAt: string;
}

/** A new or edited reporting client: the secret and pairing code are answered only this once. */
export interface ReportingClientWithSecrets extends ReportingClient {
  secret?: string;
  pairingCode?: string;
}

export interface UsageDay {
  day: string;
  messages: number;
  bytes: number;
  rejected: number;
}

export interface UpdateProgress {
  requestId: string;
  action: string;
  version: string | null;
  state: string;
  progress: number | null;
  message: string | null;
  requestedAt: string;
  updatedAt: string;
}

/** A reporting client's connects and disconnects (GET admin/reportingClients/{id}/connections). */
export interface ConnectionEvent {
  event: 'connected' | 'disconnected';
  at: string;
}

/**
 * A target bridge of a rollout: LATER (the next stage), WAITING (released, bridge offline),
 * PENDING, DOWNLOADING, INSTALLING, COMPLETED or FAILED.
 */
export interface RolloutTarget {
  bridgeId: number;
  serial: string;
  stage: number;
  state: string;
  progress: number | null;
  message: string | null;
  sentAt: string | null;
  updatedAt: string;
}

export type RolloutStatus = 'running' | 'completed' | 'stopped';

export interface RolloutCounts {
  total: number;
  released: number;
  waiting: number;
  inProgress: number;
  completed: number;
  failed: number;
}

/** docs/api.md "Rollouts": the list answers rollouts without targets, one rollout (and advance, stop) with them. */
export interface Rollout {
  id: number;
  version: string;
  status: RolloutStatus;
  /** The share of the chosen bridges in the first stage, in percent. */
  percentage: number;
  /** 1 while only the first stage has the update, 2 once advanced to every target. */
  stage: number;
  /** The share of failed updates (in percent) that stops the rollout by itself. */
  failurePercent: number;
  stopReason: string | null;
  createdBy: number | null;
  createdAt: string;
  finishedAt: string | null;
  counts: RolloutCounts;
  /** Average progress of the released bridges, 0–100. */
  progress: number;
  targets?: RolloutTarget[];
}

export interface RolloutInput {
  version: string;
  bridgeIds?: number[];
  all?: true;
  percentage: number;
  failurePercent?: number;
  adminPassword: string;
}

export const SUBSCRIPTION_STATES = ['valid', 'expiring', 'expired', 'none'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** GET admin/subscriptions: one row per vessel; `expiring` = valid but ending before the end of this month. */
export interface Subscription {
  vesselId: number;
  vesselName: string;
  ownerId: number;
  state: SubscriptionState;
  valid: boolean;
  validFrom: string | null;
  validUntil: string | null;
  daysLeft: number | null;
  productIds: number[];
  voucherId: number | null;
}

export interface AuditEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  vesselId?: number | null;
  outcome: number;
  /** What the record adds: path parameters, the target's details, and for staff working under a company grant, the company. */
  details?: AuditDetails | null;
}

export interface AuditDetails {
  company?: { id: number; name: string };
  /** A transfer of ownership (`ownership transferred`): who sold and who bought. */
  from?: { id: number; email: string | null };
  to?: { id: number; email: string };
  [key: string]: unknown;
}

/** The error report record the web app sends to utility/error. */
export interface ErrorReport {
  id: number;
  status: number | null;
  displayedMsg: string | null;
  timestamp: string;
  platform: string | null;
  uiVersion: string | null;
  browser: string | null;
  os: string | null;
  endpoint: string | null;
  comment: string | null;
  userName: string | null;
  vesselName: string | null;
  environment: string | null;
}

/** GET admin/errorReports/{id}: the whole report, with what the app sent of its request. */
export interface ErrorReportDetail extends ErrorReport {
  timezone: string | null;
  requestData: unknown;
  userId: number | null;
  vesselId: number | null;
  receivedAt: string;
}

/** POST admin/mail/page, GET admin/mail/{id}: one mail of the outbox; `text` in the detail only. */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  /** outbox: waiting to be delivered by hand; sent: delivered by SMTP; failed: SMTP refused it (one attempt). */
  delivery: 'outbox' | 'sent' | 'failed';
  createdAt: string;
  sentAt: string | null;
  error: string | null;
  text?: string | null;
}

/** GET admin/companies/{id}/detail: a company's staff and the vessels its grants reach. */
export interface AdminCompanyDetail {
  company: Company;
  staff: Array<{
    id: number;
    userId: number | null;
    email: string | null;
    firstName: string;
    lastName: string;
    role: 'admin' | 'staff';
    paused: boolean;
    status: 'pending' | 'active' | 'expired';
    expiresAt: string | null;
  }>;
  grants: Array<{
    id: number;
    vesselId: number;
    vesselName: string | null;
    startsAt: string | null;
    endsAt: string | null;
    window: 'current' | 'scheduled' | 'expired';
    paused: boolean;
    createdAt: string;
    firstUsedAt: string | null;
  }>;
}

/** GET admin/vessels/{id}/companyGrants: a company's technical access to a vessel. */
export interface AdminVesselCompanyGrant {
  id: number;
  companyId: number | null;
  companyName: string | null;
  companyKind: CompanyKind | null;
  status: string;
  startsAt: string | null;
  endsAt: string | null;
  window: 'current' | 'scheduled' | 'expired';
  paused: boolean;
  createdAt: string;
}

/** GET admin/alerts/active: an active alert of any vessel. */
export interface AdminAlert {
  id: number;
  path: string;
  status: 'active-unacknowledged' | 'active-acknowledged' | 'silenced' | 'rectified-unacknowledged' | 'cleared';
  priority: 'emergency' | 'alarm' | 'warning' | 'caution';
  message: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  deviceName: string | null;
  propertyName: string | null;
  vesselId: number;
  vesselName: string | null;
}

export interface NavigationComponent {
  id: number;
  code: string;
  name: string;
  path: string;
  icon: string;
  menuOrder: number;
  audience: 'all' | 'admin' | 'corporate';
}

export interface CodeName {
  code: string;
  name: string;
}

export interface DocumentCategory {
  id: number;
  name: string;
}

export interface UserType {
  code: string;
  name: string;
  description?: string;
}

export interface DayCount {
  day: string;
  count: number;
}

/** GET admin/overview (docs/api.md "Admin console"): headline figures with 14-day series, oldest first. */
export interface Overview {
  at: string;
  users: { total: number; active: number; suspended: number; pending: number; admins: number };
  vessels: number;
  companies: number;
  bridges: { total: number; online: number; paired: number };
  activeAlarms: number;
  ingest: {
    /** The average of up to 5 whole minutes before now. */
    messagesPerMinute: number;
    /** Messages per minute over the last hour, the current minute last. */
    lastHour: Array<{ minute: string; messages: number }>;
  };
  subscriptions: { valid: number; expiringThisMonth: number; expired: number; none: number; monthEnds: string };
  errorReportsThisWeek: number;
  series: { days: number; errorReports: DayCount[]; newUsers: DayCount[]; newVessels: DayCount[]; messages: DayCount[] };
  /** The service itself (docs/operations.md): each health probe, and the scheduled backups (null on a server that is not running). */
  operations: {
    health: Record<string, 'up' | 'down'>;
    backups: BackupStatus | null;
  };
}

/** The scheduled backups of a running server. */
export interface BackupStatus {
  /** Null when no backups are scheduled (BACKUP_DIR unset). */
  dir: string | null;
  lastAt: string | null;
  lastFile: string | null;
  lastBytes: number | null;
  lastError: string | null;
  nextAt: string | null;
}
