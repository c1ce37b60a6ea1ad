/** The alarm settings shapes of docs/api.md (vessel modes, shelving, escalation, own notifications). */

export const ALARM_PRIORITIES = ['emergency', 'alarm', 'warning', 'caution'] as const;
export type AlarmPriority = (typeof ALARM_PRIORITIES)[number];

export const VESSEL_MODES = ['at-sea', 'at-anchor', 'in-marina', 'hauled-out', 'in-survey'] as const;
export type VesselMode = (typeof VESSEL_MODES)[number];

export const VESSEL_MODE_LABELS: Record<VesselMode, string> = {
  'at-sea': 'At sea',
  'at-anchor': 'At anchor',
  'in-marina': 'In marina',
  'hauled-out': 'Hauled out',
  'in-survey': 'In survey',
};

/** GET/PUT vessel/{id}/alarmSettings. */
export interface AlarmSettings {
  mode: VesselMode;
  noDataMinutes: number;
  /** How long the bridge must stay disconnected before the vessel is announced offline (1–1440, default 15). */
  offlineMinutes: number;
  /** mode → alarm sources (an origin such as `no-data`, or a path prefix) suppressed in it. */
  suppressions: Record<VesselMode, string[]>;
}

/** GET vessel/{id}/alerts/shelved. */
export interface ShelvedPoint {
  /** The point's newest alert (what `alerts/{alertId}/unshelve` takes). */
  alertId: number | null;
  origin: string;
  path: string;
  reason: string;
  until: string;
  shelvedBy: number | null;
  shelvedAt: string;
}

export const ESCALATION_ROLES = ['owner', 'members', 'alert-managers'] as const;
export type EscalationRole = (typeof ESCALATION_ROLES)[number];

export type EscalationTarget = { kind: 'user'; userId: number } | { kind: 'role'; role: EscalationRole } | { kind: 'company'; companyId: number };

/** The channel a ladder step may name instead of the usual ones (e-mail and push): a text message or a voice call to each target's verified phone number. */
export const ESCALATION_CHANNELS = ['sms', 'voice'] as const;
export type EscalationChannel = (typeof ESCALATION_CHANNELS)[number];

/** GET/PUT vessel/{id}/escalation: `{ steps }`. */
export interface EscalationStep {
  afterMinutes: number;
  target: EscalationTarget;
  /** Absent: e-mail and push, as each person's settings allow; sms or voice: only that, to each target's verified phone number. */
  channel?: EscalationChannel;
}

/** GET vessel/{id}/userNotifications. */
export interface OwnNotifications {
  vesselId: number;
  enabled: boolean;
  receiveNotifications: boolean;
}

/** GET/POST profile/notificationSettings. */
export interface NotificationSettings {
  minPriority: { email: AlarmPriority; push: AlarmPriority; inApp: AlarmPriority };
  quietHours: { start: string; end: string } | null;
}
