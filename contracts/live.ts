/**
 * The live stream of a vessel (`GET /api/vessel/{id}/live`, server-sent events) and the command
 * states it reports: one contract for the server, the web app, the simulator and the tests
 * (docs/api.md, "Live stream" and "Commands").
 */

/** One committed value, as the ingest stored it. */
export interface LiveValue {
  deviceId: number | null;
  propertyId: number | null;
  path: string;
  value: unknown;
  /** When the value was measured (ISO). */
  timestamp: string;
}

/** One committed position of the vessel's track, in measurement order. */
export interface LivePosition {
  lat: number;
  lon: number;
  timestamp: string;
  speedOverGround?: number | null;
  courseOverGroundTrue?: number | null;
}

/** Everything one group commit stored for a vessel: every value and every position, not only the newest. */
export interface LiveBatch {
  values: LiveValue[];
  positions: LivePosition[];
}

export interface LiveOnline {
  online: boolean;
  lastSeen: string | null;
  /**
   * While the bridge is disconnected: since when every value of the vessel is the last known
   * (its disconnect); null while connected. Missing from older servers.
   */
  staleSince?: string | null;
}

/**
 * A command's life: QUEUED (the vessel is offline and the caller chose to wait), SENT (published
 * to the bridge), ACKNOWLEDGED (the bridge accepted it: PENDING or COMPLETED), then one final
 * state: CONFIRMED (the value read back from the bridge matches), FAILED (the bridge refused or
 * the device did not answer), TIMEOUT (no final answer or no matching value in time), EXPIRED
 * (still queued when its expiry came), REPLACED (a newer command for the same property took its
 * place while queued).
 */
export const COMMAND_STATES = ['QUEUED', 'SENT', 'ACKNOWLEDGED', 'CONFIRMED', 'FAILED', 'TIMEOUT', 'EXPIRED', 'REPLACED'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['CONFIRMED', 'FAILED', 'TIMEOUT', 'EXPIRED', 'REPLACED'];
export const isFinalCommandState = (state: CommandState): boolean => FINAL_COMMAND_STATES.includes(state);

/** `POST vessel/{id}/sendCommand`. */
export interface CommandRequest {
  /** The property's id. */
  deviceProperty: number;
  value: unknown;
  /** Made by the client (a UUID), so every channel that reports the outcome names this command. */
  requestId?: string;
  /** When the vessel is offline: keep the command this many seconds and deliver it on reconnect (else 418). */
  queueForSeconds?: number;
}

/** A command's state, as `sendCommand` answers it, the live `command` event carries it and `GET vessel/{id}/commands/{requestId}` reads it. */
export interface CommandStatus {
  requestId: string;
  propertyId: number;
  value: unknown;
  state: CommandState;
  /** The bridge's Signal K status code (200, 202, 400, 403, 405, 502), 504 on timeout, 410 expired, 409 replaced. */
  statusCode: number;
  message?: string;
  /** When a queued command stops waiting (ISO), null for a command sent at once. */
  expiresAt: string | null;
  updatedAt: string;
}

/** The event types of the live stream and their `data`. */
export interface LiveEventMap {
  hello: LiveOnline & { vesselId: number };
  batch: LiveBatch;
  devices: { devices: unknown[] };
  online: LiveOnline;
  alert: Record<string, unknown>;
  command: CommandStatus;
}
export type LiveEventName = keyof LiveEventMap;
export const LIVE_EVENT_NAMES: readonly LiveEventName[] = ['hello', 'batch', 'devices', 'online', 'alert', 'command'];
