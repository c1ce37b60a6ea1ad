/**
 * Service requests (docs/api.md, "Service requests"): from an alarm, the owner asks a company with
 * access to the vessel to look at it. The request carries the alarm and the last 24 h of the values
 * it is about, as they stood when asked, and a message thread with the company's staff; the
 * company marks it done, which writes the vessel's service log. Shared by the server and the web app.
 */
import type { AlertPriority } from './alerts.js';

export const SERVICE_REQUEST_STATES = ['open', 'done'] as const;
export type ServiceRequestState = (typeof SERVICE_REQUEST_STATES)[number];

/** The longest message the owner may send with a request (the server's limit and the form's). */
export const SERVICE_REQUEST_MESSAGE_MAX_LENGTH = 2000;

/** How far back the values of the alarm are kept with a request. */
export const SERVICE_REQUEST_HISTORY_HOURS = 24;

/** The alarm as it stood when the company was asked. */
export interface ServiceRequestAlarm {
  /** The alert's id, null once it is gone (its bridge's pairing ended). */
  id: number | null;
  path: string;
  priority: AlertPriority;
  message: string;
  deviceName: string | null;
  propertyName: string | null;
  raisedAt: string;
}

/** One value the alarm is about, with its samples of the last 24 h before the request (oldest first, at most 500, thinned evenly). */
export interface ServiceRequestSeries {
  path: string;
  displayName: string | null;
  deviceName: string | null;
  /** The Signal K (SI) unit of the values, as the property declares it; null when unknown. */
  units: string | null;
  points: Array<{ t: string; v: number }>;
}

export interface ServiceRequest {
  id: number;
  vesselId: number;
  vesselName: string;
  companyId: number;
  companyName: string;
  state: ServiceRequestState;
  alarm: ServiceRequestAlarm;
  /** The values' history; empty for an alarm about no value (the vessel offline, its geofence, a routine). */
  evidence: ServiceRequestSeries[];
  message: string;
  /** The thread with the company's staff; null once it was deleted. */
  threadId: number | null;
  requestedBy: { userId: number; name: string } | null;
  createdAt: string;
  doneAt: string | null;
  doneBy: { userId: number; name: string } | null;
  /** The vessel's service log entry the company wrote when it marked the request done. */
  logEntryId: number | null;
}

/** A company the vessel's people may ask: one with an active, unpaused, current grant on the vessel. */
export interface ServiceRequestCompany {
  id: number;
  name: string;
  kind: string | null;
}

/** GET vessel/{id}/serviceRequests. */
export interface VesselServiceRequests {
  companies: ServiceRequestCompany[];
  requests: ServiceRequest[];
}

/** POST vessel/{id}/alerts/{alertId}/serviceRequest. */
export interface ServiceRequestInput {
  companyId: number;
  message?: string;
}

/** POST org/serviceRequests/{requestId}/done. */
export interface ServiceRequestDone {
  notes?: string;
}
