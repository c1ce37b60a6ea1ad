/**
 * The audit trail: who did what to which target, when, and how it ended. The request extension
 * records every mutation on /api; handlers add the target through `auditTarget`. Request
 * bodies are never recorded, so passwords, tokens and codes cannot end up here.
 */
import type { RequestApplicationState, Server } from '@hapi/hapi';
import Joi from 'joi';
import type { AuditEntry as AuditView } from '../../contracts/admin.js';
import type { Database } from '../db/knex.js';
import { deleteSome, nowIso } from '../db/knex.js';
import { paginate, type Page, type PageRequest } from './pagination.js';

/** A stored record: what the admin console lists (contracts/admin.ts) with its details and IP address. */
export interface AuditRow extends AuditView {
  ip?: string | null;
}

/** A record to write. */
export type AuditEntry = Omit<AuditRow, 'id' | 'at'>;

export interface AuditFilter {
  actorId?: number;
  action?: string;
  vesselId?: number;
  targetType?: string;
  from?: string;
  to?: string;
  q?: string;
  /** false: leave out the routine calls (ROUTINE_AUDIT_ACTIONS), which are most of the trail. */
  routine?: boolean;
}

/**
 * Calls every open app makes by itself (a session check at each start and return): recorded like
 * every other call, and left out of the trail on request so an administrator sees what people did.
 */
export const ROUTINE_AUDIT_ACTIONS = ['POST /api/auth/checkSession'] as const;

export const auditFilterSchema = Joi.object({
  actorId: Joi.number().integer(),
  action: Joi.string().max(200),
  vesselId: Joi.number().integer(),
  targetType: Joi.string().max(50),
  from: Joi.string().isoDate(),
  to: Joi.string().isoDate(),
  q: Joi.string().max(200).allow(''),
  routine: Joi.boolean(),
});

interface AuditRequestState {
  targetType?: string;
  targetId?: string | number;
  vesselId?: number;
  details?: Record<string, unknown>;
  actorId?: number;
  actorEmail?: string;
  /** The company the actor worked for on the vessel (company access), kept in the record's details. */
  company?: { id: number; name: string };
}

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    audit?: AuditRequestState;
  }
}

/** Names the target of the current mutation for its audit record. */
export function auditTarget(request: { app: RequestApplicationState }, target: AuditRequestState): void {
  request.app.audit = { ...request.app.audit, ...target };
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db('audit_log').insert({
    at: nowIso(),
    actor_id: entry.actorId,
    actor_email: entry.actorEmail,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    vessel_id: entry.vesselId ?? null,
    outcome: entry.outcome,
    details: entry.details ? JSON.stringify(entry.details) : null,
    ip: entry.ip ?? null,
  });
}

/** `audit_log` as stored. */
interface AuditLogRow {
  id: number;
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  vessel_id: number | null;
  outcome: number;
  details: string | null;
  ip: string | null;
}

const toRow = (r: AuditLogRow): AuditRow => ({
  id: r.id,
  at: r.at,
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  vesselId: r.vessel_id,
  outcome: r.outcome,
  details: r.details ? JSON.parse(r.details) : null,
  ip: r.ip,
});

export async function pageAudit(db: Database, request: PageRequest<AuditFilter>): Promise<Page<AuditRow>> {
  const f = request.filter ?? {};
  const q = db('audit_log').select('*');
  if (f.actorId !== undefined) q.where('actor_id', f.actorId);
  if (f.action) q.where('action', f.action);
  if (f.vesselId !== undefined) q.where('vessel_id', f.vesselId);
  if (f.targetType) q.where('target_type', f.targetType);
  if (f.from) q.where('at', '>=', new Date(f.from).toISOString());
  if (f.to) q.where('at', '<=', new Date(f.to).toISOString());
  if (f.q) q.where((w) => w.whereILike('action', `%${f.q}%`).orWhereILike('actor_email', `%${f.q}%`));
  if (f.routine === false) q.whereNotIn('action', ROUTINE_AUDIT_ACTIONS);
  return paginate(q, request, { at: 'at', action: 'action', outcome: 'outcome', actorId: 'actor_id' }, ['at', 'desc'], toRow);
}

/**
 * Records every non-GET call to /api with its outcome. It runs before the response is sent,
 * so a client that sees the answer can already read the record.
 */
export function registerAuditTrail(server: Server, db: Database, onError: (err: unknown) => void): void {
  server.ext('onPreResponse', async (request, h) => {
    if (!request.path.startsWith('/api/') || ['get', 'head', 'options'].includes(request.method)) return h.continue;
    const state = request.app.audit ?? {};
    const user = request.auth.credentials?.user as { id: number; email: string } | undefined;
    const response = request.response as { statusCode?: number; isBoom?: boolean; output?: { statusCode: number } } | null;
    const outcome = response?.isBoom ? response.output!.statusCode : (response?.statusCode ?? 200);
    const params = request.params && Object.keys(request.params).length ? { params: request.params } : null;
    try {
      await recordAudit(db, {
        actorId: user?.id ?? state.actorId ?? null,
        actorEmail: user?.email ?? state.actorEmail ?? null,
        action: `${request.method.toUpperCase()} ${request.route.path}`,
        targetType: state.targetType ?? null,
        targetId: state.targetId !== undefined ? String(state.targetId) : null,
        vesselId: state.vesselId ?? null,
        outcome,
        details: state.details || params || state.company ? { ...params, ...state.details, ...(state.company && { company: state.company }) } : null,
        ip: request.info.remoteAddress,
      });
    } catch (err) {
      onError(err);
    }
    return h.continue;
  });
}

/** Retention: up to `limit` audit entries recorded before `cutoffIso` (along the `at` index). */
export async function pruneAudit(db: Database, cutoffIso: string, limit: number): Promise<number> {
  return deleteSome(db, 'audit_log', (q) => q.where('at', '<', cutoffIso), limit);
}
