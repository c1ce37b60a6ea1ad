/**
 * The validators of the bridge protocol (docs/protocol.md): every message a bridge sends is
 * checked here before anything uses it. Shared by the server and the simulator (which replays
 * logs through the same checks), so the two ends of the wire cannot drift apart; the web app
 * never imports this file (it would bundle Joi).
 */
import Joi from 'joi';
import { ADMIN_STATES, DEVICE_CATEGORIES, MAX_PAYLOAD_BYTES, PUT_STATES } from './bridge.js';
import type { AdminResponse, BridgeStatus, DeviceInventory, PutResponse, SignalKDelta, SignalKMeta, SignalKValue } from './bridge.js';

const PATH_PATTERN = /^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/;
const path = Joi.string().max(256).pattern(PATH_PATTERN);

const inventorySchema = Joi.object<DeviceInventory>({
  devices: Joi.array()
    .max(1000)
    .items(
      Joi.object({
        id: Joi.string()
          .max(128)
          .pattern(/^[A-Za-z0-9_.-]+$/)
          .required(),
        name: Joi.string().max(200).required(),
        category: Joi.string()
          .valid(...DEVICE_CATEGORIES)
          .required(),
        manufacturer: Joi.string().max(200).allow(''),
        model: Joi.string().max(200).allow(''),
        serial: Joi.string().max(200).allow(''),
        location: Joi.string().max(200).allow(''),
        properties: Joi.array()
          .max(500)
          .items(
            Joi.object({
              path: path.required(),
              displayName: Joi.string().max(200).required(),
              units: Joi.string().max(32).allow('').required(),
              writable: Joi.boolean().required(),
              min: Joi.number(),
              max: Joi.number(),
            }).unknown(true),
          )
          .required(),
      }).unknown(true),
    )
    .required(),
}).unknown(true);

const statusSchema = Joi.object<BridgeStatus>({
  online: Joi.boolean().required(),
  version: Joi.string().max(64),
  uptime: Joi.number().min(0),
  controllers: Joi.array()
    .items(
      Joi.object({
        id: Joi.string().trim().min(1).max(64).required(),
        type: Joi.string().valid('MFD', 'Client').required(),
        name: Joi.string().trim().min(1).max(100).required(),
      }),
    )
    .unique('id')
    .max(32),
}).unknown(true);

const putResponseSchema = Joi.object<PutResponse>({
  requestId: Joi.string().max(64).required(),
  state: Joi.string()
    .valid(...PUT_STATES)
    .required(),
  statusCode: Joi.number().integer().min(100).max(599).required(),
  message: Joi.string().max(1000).allow(''),
}).unknown(true);

const adminResponseSchema = Joi.object<AdminResponse>({
  requestId: Joi.string().max(64).required(),
  state: Joi.string()
    .valid(...ADMIN_STATES)
    .required(),
  progress: Joi.number().min(0).max(100),
  message: Joi.string().max(1000).allow(''),
}).unknown(true);

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };

function parseJson(payload: Buffer | string): ParseResult<unknown> {
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'payload over 256 KiB' };
  try {
    return { ok: true, value: JSON.parse(payload.toString()) };
  } catch {
    return { ok: false, reason: 'payload is not JSON' };
  }
}

function parseWith<T>(schema: Joi.Schema<T>, payload: Buffer | string): ParseResult<T> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  const { error, value } = schema.validate(json.value, { abortEarly: true, convert: false });
  return error ? { ok: false, reason: error.message } : { ok: true, value };
}

const ISO_PATTERN = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isShortString = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** Paths already found valid: a bridge reports the same few hundred over and over. */
const validPaths = new Set<string>();
const MAX_REMEMBERED_PATHS = 100_000;

function isPath(path: unknown): boolean {
  if (typeof path !== 'string') return false;
  if (validPaths.has(path)) return true;
  if (path.length > 256 || !PATH_PATTERN.test(path)) return false;
  if (validPaths.size >= MAX_REMEMBERED_PATHS) validPaths.clear();
  validPaths.add(path);
  return true;
}

/** Why a parsed JSON value is not a valid delta, or null when it is one. */
function deltaProblem(delta: unknown): string | null {
  if (!isObject(delta)) return 'a delta is an object';
  if (delta.context !== undefined && !isShortString(delta.context, 256)) return 'context must be a string of at most 256 characters';
  const updates = delta.updates;
  if (!Array.isArray(updates) || updates.length < 1 || updates.length > 1000) return 'updates must be an array of 1 to 1000 updates';
  for (let u = 0; u < updates.length; u++) {
    const update = updates[u];
    if (!isObject(update)) return `updates[${u}] must be an object`;
    if (update.$source !== undefined && !isShortString(update.$source, 256)) return `updates[${u}].$source must be a string of at most 256 characters`;
    if (update.source !== undefined && !isObject(update.source)) return `updates[${u}].source must be an object`;
    const ts = update.timestamp;
    if (ts !== undefined && !(isShortString(ts, 40) && ISO_PATTERN.test(ts) && Number.isFinite(Date.parse(ts))))
      return `updates[${u}].timestamp must be an ISO 8601 date`;
    const values = update.values;
    if (!Array.isArray(values) || values.length > 5000) return `updates[${u}].values must be an array of at most 5000 values`;
    for (let v = 0; v < values.length; v++) {
      const entry = values[v];
      if (!isObject(entry)) return `updates[${u}].values[${v}] must be an object`;
      if (!isPath(entry.path)) return `updates[${u}].values[${v}].path must be a dotted Signal K path`;
      if (entry.value === undefined) return `updates[${u}].values[${v}].value is required`;
    }
    if (update.meta !== undefined) {
      const problem = metaProblem(update.meta);
      if (problem) return `updates[${u}].${problem}`;
    }
  }
  return null;
}

/**
 * Why an update's `meta` (Signal K's descriptions of paths) is malformed, or null. Only `units`
 * and `description` are read, and only their types are checked: a description longer than the
 * server keeps is cut, units it cannot keep are left out, rather than the values beside them lost.
 */
function metaProblem(meta: unknown): string | null {
  if (!Array.isArray(meta) || meta.length > 5000) return 'meta must be an array of at most 5000 entries';
  for (let m = 0; m < meta.length; m++) {
    const entry = meta[m];
    if (!isObject(entry) || !isPath(entry.path) || !isObject(entry.value)) return `meta[${m}] must be {path, value} with a dotted Signal K path and an object`;
    const { units, description } = entry.value;
    if (units !== undefined && typeof units !== 'string') return `meta[${m}].value.units must be a string`;
    if (description !== undefined && typeof description !== 'string') return `meta[${m}].value.description must be a string`;
  }
  return null;
}

/**
 * Deltas are the hot path (thousands a second), so they are checked by hand rather than by Joi
 * (about ten times faster); the rules are those of the other schemas: sizes bounded, paths
 * dotted, timestamps ISO 8601, unknown keys allowed.
 */
export function parseDelta(payload: Buffer | string): ParseResult<SignalKDelta> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  const reason = deltaProblem(json.value);
  return reason ? { ok: false, reason } : { ok: true, value: json.value as SignalKDelta };
}

export const parseInventory = (payload: Buffer | string) => parseWith(inventorySchema, payload);
export const parseStatus = (payload: Buffer | string) => parseWith(statusSchema, payload);
export const parsePutResponse = (payload: Buffer | string) => parseWith(putResponseSchema, payload);
export const parseAdminResponse = (payload: Buffer | string) => parseWith(adminResponseSchema, payload);

/** Signal K names a source object `label.src` (e.g. `n2k.17`), the same as a `$source` string. */
function sourceUid(source: Record<string, unknown> | undefined): string | null {
  if (typeof source?.label !== 'string') return null;
  return source.src === undefined || source.src === null ? source.label : `${source.label}.${String(source.src)}`;
}

export interface OwnUpdate {
  /** `$source`, or the source object's `label.src`; null when the update names none. */
  source: string | null;
  /** When the values were measured (epoch ms); null when the update does not say. */
  timestampMs: number | null;
  values: SignalKValue[];
  /** The bridge's descriptions of paths (empty when the update carries none). */
  meta: SignalKMeta[];
}

/** The updates of a delta about the bridge's own vessel; other contexts (AIS targets) give none. */
export function ownUpdates(delta: SignalKDelta): OwnUpdate[] {
  if (delta.context !== undefined && delta.context !== 'vessels.self') return [];
  return delta.updates.map((update) => ({
    source: update.$source ?? sourceUid(update.source),
    timestampMs: update.timestamp ? Date.parse(update.timestamp) : null,
    values: update.values,
    meta: update.meta ?? [],
  }));
}
