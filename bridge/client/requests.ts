/**
 * Reading the cloud's requests to the bridge: Signal K PUTs on `put` and admin actions on `admin`.
 * Anything that cannot be read is answered as FAILED when it at least names a requestId, and
 * only logged when it does not (there is nobody to answer).
 */
import { ADMIN_ACTIONS, type AdminRequest, type PutRequest } from '../../contracts/bridge';
import type { Logger } from './logger';

export type Parsed<T> = { ok: true; request: T } | { ok: false; requestId?: string; message: string };

function readJson(payload: Buffer): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(payload.toString());
    return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const requestIdOf = (json: Record<string, unknown> | undefined): string | undefined =>
  typeof json?.requestId === 'string' && json.requestId.length > 0 && json.requestId.length <= 64 ? json.requestId : undefined;

export function parsePutRequest(payload: Buffer): Parsed<PutRequest> {
  const json = readJson(payload);
  const requestId = requestIdOf(json);
  if (!json || !requestId) return { ok: false, requestId, message: 'A PUT needs a JSON body with a requestId' };
  if (json.context !== undefined && json.context !== 'vessels.self') return { ok: false, requestId, message: 'Only vessels.self can be controlled' };
  const put = json.put as Record<string, unknown> | undefined;
  if (!put || typeof put.path !== 'string' || !('value' in put)) return { ok: false, requestId, message: 'A PUT needs put.path and put.value' };
  return { ok: true, request: { requestId, context: 'vessels.self', put: { path: put.path, value: put.value } } };
}

export function parseAdminRequest(payload: Buffer): Parsed<AdminRequest> {
  const json = readJson(payload);
  const requestId = requestIdOf(json);
  if (!json) return { ok: false, message: 'An admin request needs a JSON body' };
  const action = json.action;
  if (typeof action !== 'string' || !(ADMIN_ACTIONS as readonly string[]).includes(action)) {
    return { ok: false, requestId, message: `Unknown action; expected one of ${ADMIN_ACTIONS.join(', ')}` };
  }
  return {
    ok: true,
    request: {
      requestId,
      action: action as AdminRequest['action'],
      version: typeof json.version === 'string' ? json.version : undefined,
      level: typeof json.level === 'string' ? json.level : undefined,
    },
  };
}

/** The request, or undefined when it cannot be read: then logged, and refused when it names a requestId. */
export function readOrRefuse<T>(parsed: Parsed<T>, what: string, log: Logger, refuse: (requestId: string, message: string) => void): T | undefined {
  if (parsed.ok) return parsed.request;
  log.warn(`unreadable ${what}: ${parsed.message}`);
  if (parsed.requestId) refuse(parsed.requestId, parsed.message);
  return undefined;
}
