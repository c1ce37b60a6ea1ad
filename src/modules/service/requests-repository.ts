/** `service_requests`: only this file touches it. */
import type { ServiceRequestAlarm, ServiceRequestSeries, ServiceRequestState } from '../../../contracts/service-requests.js';
import type { Db } from '../../db/knex.js';
import { insertId } from '../../db/knex.js';

interface RequestRow {
  id: number;
  vessel_id: number;
  company_id: number;
  alert_id: number | null;
  alarm: string;
  evidence: string;
  message: string;
  thread_id: number | null;
  status: ServiceRequestState;
  requested_by: number | null;
  created_at: string;
  done_at: string | null;
  done_by: number | null;
  log_id: number | null;
}

/** A request as stored: names (vessel, company, people) are looked up on reading. */
export interface StoredRequest {
  id: number;
  vesselId: number;
  companyId: number;
  alertId: number | null;
  alarm: ServiceRequestAlarm;
  evidence: ServiceRequestSeries[];
  message: string;
  threadId: number | null;
  state: ServiceRequestState;
  requestedBy: number | null;
  createdAt: string;
  doneAt: string | null;
  doneBy: number | null;
  logId: number | null;
}

const toRequest = (r: RequestRow): StoredRequest => ({
  id: r.id,
  vesselId: r.vessel_id,
  companyId: r.company_id,
  alertId: r.alert_id,
  alarm: { ...(JSON.parse(r.alarm) as ServiceRequestAlarm), id: r.alert_id },
  evidence: JSON.parse(r.evidence) as ServiceRequestSeries[],
  message: r.message,
  threadId: r.thread_id,
  state: r.status,
  requestedBy: r.requested_by,
  createdAt: r.created_at,
  doneAt: r.done_at,
  doneBy: r.done_by,
  logId: r.log_id,
});

export async function insertRequest(
  db: Db,
  r: Pick<StoredRequest, 'vesselId' | 'companyId' | 'alertId' | 'alarm' | 'evidence' | 'message' | 'requestedBy' | 'createdAt'>,
): Promise<number> {
  return insertId(db, 'service_requests', {
    vessel_id: r.vesselId,
    company_id: r.companyId,
    alert_id: r.alertId,
    alarm: JSON.stringify(r.alarm),
    evidence: JSON.stringify(r.evidence),
    message: r.message,
    status: 'open',
    requested_by: r.requestedBy,
    created_at: r.createdAt,
  });
}

export async function setThread(db: Db, id: number, threadId: number): Promise<void> {
  await db('service_requests').where({ id }).update({ thread_id: threadId });
}

export async function deleteRequest(db: Db, id: number): Promise<void> {
  await db('service_requests').where({ id }).delete();
}

export async function findRequest(db: Db, id: number): Promise<StoredRequest | null> {
  const row = await db<RequestRow>('service_requests').where({ id }).first();
  return row ? toRequest(row) : null;
}

/** The vessel's requests, newest first. */
export async function requestsOfVessel(db: Db, vesselId: number): Promise<StoredRequest[]> {
  return (await db<RequestRow>('service_requests').where({ vessel_id: vesselId }).orderBy('id', 'desc')).map(toRequest);
}

/** A company's requests on these vessels: every open one, and the `doneLimit` done most recently; newest first. */
export async function requestsOfCompany(db: Db, companyId: number, vesselIds: number[], doneLimit: number): Promise<StoredRequest[]> {
  if (!vesselIds.length) return [];
  const of = () => db<RequestRow>('service_requests').where({ company_id: companyId }).whereIn('vessel_id', vesselIds);
  const open = await of().where({ status: 'open' }).orderBy('id', 'desc');
  const done = await of().where({ status: 'done' }).orderBy('done_at', 'desc').orderBy('id', 'desc').limit(doneLimit);
  return [...open, ...done].map(toRequest);
}

/** Whether an open request for this alert already waits on the company. */
export async function openRequestFor(db: Db, alertId: number, companyId: number): Promise<StoredRequest | null> {
  const row = await db<RequestRow>('service_requests').where({ alert_id: alertId, company_id: companyId, status: 'open' }).first();
  return row ? toRequest(row) : null;
}

/** Marks an open request done; answers false when it was no longer open (someone else was quicker). */
export async function markDone(db: Db, id: number, done: { at: string; by: number; logId: number }): Promise<boolean> {
  const n = await db('service_requests').where({ id, status: 'open' }).update({ status: 'done', done_at: done.at, done_by: done.by, log_id: done.logId });
  return n > 0;
}
