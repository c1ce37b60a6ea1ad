/**
 * The bridge protocol of docs/protocol.md as types, topic names and limits: one contract for the
 * broker, the ingest path, the bridge simulator, the web app and the tests, so that the two ends
 * of the wire cannot drift apart. The validators stay on the server (src/mqtt/protocol.ts).
 */

export const DEVICE_CATEGORIES = ['lighting', 'shades', 'climate', 'power', 'maritime', 'camera', 'link', 'tank', 'mechanical'] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];

/** docs/protocol.md: a message over 256 KiB is malformed. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** docs/protocol.md: keepalive as the client asks, at most 300 s. */
export const MAX_KEEPALIVE_SECONDS = 300;
/** docs/protocol.md: no final PUT answer within 10 s answers 504. */
export const COMMAND_TIMEOUT_MS = 10_000;

/** Topics a bridge publishes to (relative to `bridges/{serial}/`). */
export const BRIDGE_PUBLISH_TOPICS = ['status', 'devices', 'delta', 'put/response', 'admin/response'] as const;
export type BridgePublishTopic = (typeof BRIDGE_PUBLISH_TOPICS)[number];
/** Topics a bridge subscribes to (relative to `bridges/{serial}/`). */
export const BRIDGE_SUBSCRIBE_TOPICS = ['put', 'admin'] as const;
export type BridgeSubscribeTopic = (typeof BRIDGE_SUBSCRIBE_TOPICS)[number];

export const topicFor = (serial: string, leaf: BridgePublishTopic | BridgeSubscribeTopic): string => `bridges/${serial}/${leaf}`;

/** Splits `bridges/{serial}/{leaf}`; null for anything else. */
export function parseBridgeTopic(topic: string): { serial: string; leaf: string } | null {
  const match = /^bridges\/([^/+#]+)\/(.+)$/.exec(topic);
  return match ? { serial: match[1], leaf: match[2] } : null;
}

/** Spec 000 §3's device type enum: what controls a vessel's devices. The cloud is Vessel Link itself. */
export const CONTROLLER_TYPES = ['MFD', 'Client', 'Cloud'] as const;
export type ControllerType = (typeof CONTROLLER_TYPES)[number];

/** A controller on board as the bridge reports it: a multifunction display or a client app. */
export interface ReportedController {
  /** The bridge's own id for it (an NMEA 2000 source, an app's id), unique per bridge. */
  id: string;
  type: Exclude<ControllerType, 'Cloud'>;
  name: string;
}

export interface BridgeStatus {
  online: boolean;
  version?: string;
  uptime?: number;
  /** The MFDs and client apps that control the vessel's devices on board now; absent: not reported. */
  controllers?: ReportedController[];
}

/** `GET vessel/{id}/controllers`: the cloud first, then what the bridge last reported. */
export interface Controller {
  id: string;
  type: ControllerType;
  name: string;
  /** When the bridge reported it (null for the cloud, always there). */
  reportedAt: string | null;
}

export interface SignalKValue {
  path: string;
  value: unknown;
}

/**
 * Signal K's description of a path (`meta`), as a Signal K server keeps it: the server reads its
 * `units` and `description` and ignores the rest (zones, display units...).
 */
export interface SignalKMeta {
  path: string;
  value: { units?: string; description?: string; [key: string]: unknown };
}

export interface SignalKUpdate {
  $source?: string;
  source?: Record<string, unknown>;
  timestamp?: string;
  values: SignalKValue[];
  meta?: SignalKMeta[];
}

export interface SignalKDelta {
  context?: string;
  updates: SignalKUpdate[];
}

export interface InventoryProperty {
  path: string;
  displayName: string;
  units: string;
  writable: boolean;
  min?: number;
  max?: number;
}

export interface InventoryDevice {
  id: string;
  name: string;
  category: DeviceCategory;
  manufacturer?: string;
  model?: string;
  serial?: string;
  location?: string;
  properties: InventoryProperty[];
}

export interface DeviceInventory {
  devices: InventoryDevice[];
}

export interface PutRequest {
  requestId: string;
  context: 'vessels.self';
  put: { path: string; value: unknown };
}

export const PUT_STATES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export interface PutResponse {
  requestId: string;
  state: (typeof PUT_STATES)[number];
  statusCode: number;
  message?: string;
}

export const ADMIN_ACTIONS = ['reboot', 'softwareUpdate', 'setLogLevel', 'snapshot'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export interface AdminRequest {
  requestId?: string;
  action: AdminAction;
  version?: string;
  level?: string;
}

export const ADMIN_STATES = ['PENDING', 'DOWNLOADING', 'INSTALLING', 'COMPLETED', 'FAILED'] as const;
export interface AdminResponse {
  requestId: string;
  state: (typeof ADMIN_STATES)[number];
  progress?: number;
  message?: string;
}
