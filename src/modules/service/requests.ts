/**
 * Service requests (docs/api.md, "Service requests"): from an alarm, someone who manages the
 * vessel's alerts asks a company with access to the vessel to look at it. The request keeps the
 * alarm and the last 24 h of the values it is about as they stood (the alarm goes with its pairing,
 * history with retention), and opens a thread about the vessel with the company's staff. The
 * company's staff see their open requests on the vessels they reach through the company, and
 * marking one done writes the vessel's service log. Every change goes out on the live streams of
 * those concerned (the messaging module's `serviceRequest` event).
 */
import Boom from '@hapi/boom';
import type {
  ServiceRequest,
  ServiceRequestAlarm,
  ServiceRequestCompany,
  ServiceRequestDone,
  ServiceRequestInput,
  ServiceRequestSeries,
  VesselServiceRequests,
} from '../../../contracts/service-requests.js';
import { SERVICE_REQUEST_HISTORY_HOURS } from '../../../contracts/service-requests.js';
import { alarmText } from '../../../contracts/alerts.js';
import type { Db } from '../../db/knex.js';
import { ruleRefused } from '../../platform/errors.js';
import { type AccessApi, type VesselAccess, companyGrantsOn, grantsOfCompany, windowState } from '../access/api.js';
import { alertWithVessel, propertyPathOf } from '../alerts/api.js';
import { namedPropertiesOfBridge } from '../devices/api.js';
import type { MessagingApi } from '../messaging/api.js';
import { activeStaffUserIds, companiesByIds, findCompanyOf, staffCompaniesOf } from '../org/api.js';
import { historyOf } from '../telemetry/api.js';
import { dayOf } from './due.js';
import * as repo from './repository.js';
import * as requests from './requests-repository.js';
import type { Clock } from './schedules.js';

/** Alarms about a value: a notification names its property under `notifications.`, a level or custom alert the property itself. */
const ABOUT_A_VALUE = new Set(['notification', 'level', 'custom']);
/** Samples kept of each value: enough for a chart a few hundred pixels wide. */
const MAX_POINTS = 500;
/** Requests marked done that a company's list still shows. */
const DONE_SHOWN = 20;
const HOUR_MS = 3600 * 1000;

/** What requests need of other plugins, reached when asked (index.ts hands them over). */
export interface RequestPlugins {
  access(): AccessApi;
  messaging(): MessagingApi;
  usersByIds(ids: number[]): Promise<Map<number, { firstName: string; lastName: string }>>;
}

const missing = () => Boom.notFound('Service request not found');

export class ServiceRequests {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plugins: RequestPlugins,
  ) {}

  /** The companies that may be asked about the vessel: an active, unpaused grant whose window is open now. */
  async companies(vesselId: number): Promise<ServiceRequestCompany[]> {
    const now = this.clock.now();
    const ids = (await companyGrantsOn(this.db, [vesselId]))
      .filter((g) => g.companyId !== null && g.status === 'active' && !g.paused && windowState(g, now) === 'current')
      .map((g) => g.companyId!);
    const companies = await companiesByIds(this.db, [...new Set(ids)]);
    return [...companies.values()].map((c) => ({ id: c.id, name: c.name, kind: c.kind ?? null })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The vessel's requests, and the companies the caller may ask (not the one they work on it for). */
  async ofVessel(vesselId: number, access: VesselAccess): Promise<VesselServiceRequests> {
    const companies = (await this.companies(vesselId)).filter((c) => c.id !== access.companyId);
    return { companies, requests: await this.views(await requests.requestsOfVessel(this.db, vesselId)) };
  }

  /** Asks a company with access to the vessel to look at one of its alarms. */
  async ask(scope: { vesselId: number; userId: number; access: VesselAccess }, alertId: number, input: ServiceRequestInput): Promise<ServiceRequest> {
    const { vesselId, userId } = scope;
    const found = await alertWithVessel(this.db, alertId);
    if (!found || found.vesselId !== vesselId) throw Boom.notFound('Alert not found');
    const company = (await this.companies(vesselId)).find((c) => c.id === input.companyId);
    if (!company) throw ruleRefused('Only a company with access to this vessel can be asked: give it access on the vessel’s Users tab first');
    if (scope.access.companyId === company.id)
      throw ruleRefused(`You work on this vessel for ${company.name}: ask another company, or write to your colleagues`);
    if (await requests.openRequestFor(this.db, alertId, company.id)) throw Boom.conflict(`${company.name} was already asked to look at this alarm`);
    const staff = await activeStaffUserIds(this.db, company.id);
    if (!staff.length) throw ruleRefused(`${company.name} has no staff who could look at it yet`);

    const { row } = found;
    const alarm: ServiceRequestAlarm = {
      id: row.id,
      path: row.path,
      priority: row.priority,
      message: row.message,
      deviceName: row.deviceName,
      propertyName: row.propertyName,
      raisedAt: row.raisedAt,
    };
    const now = this.clock.now();
    const message = input.message?.trim() ?? '';
    const id = await requests.insertRequest(this.db, {
      vesselId,
      companyId: company.id,
      alertId,
      alarm,
      evidence: await this.evidence(row, now),
      message,
      requestedBy: userId,
      createdAt: new Date(now).toISOString(),
    });
    const vesselName = (await this.plugins.access().vesselNames([vesselId])).get(vesselId) ?? '';
    const text = alarmText(alarm);
    try {
      const threadId = await this.plugins.messaging().startThread(userId, {
        userIds: staff,
        vesselId,
        name: `${vesselName}: ${text}`.slice(0, 120),
        text: [
          message || `Could you look at this alarm on ${vesselName}?`,
          '',
          `Alarm: ${text} (${alarm.priority}), raised ${alarm.raisedAt.slice(0, 16).replace('T', ' ')} UTC.`,
        ].join('\n'),
      });
      await requests.setThread(this.db, id, threadId);
    } catch (err) {
      // Without its thread there is no request: nothing is left behind.
      await requests.deleteRequest(this.db, id);
      throw err;
    }
    const [view] = await this.views([(await requests.findRequest(this.db, id))!]);
    this.plugins.messaging().announceServiceRequest(new Set([userId, ...staff]), { requestId: id, vesselId, state: 'open' });
    return view;
  }

  /** The requests waiting on the caller's company, on the vessels the caller reaches through it: open ones, then those done lately. */
  async ofCaller(userId: number): Promise<ServiceRequest[]> {
    const company = await findCompanyOf(this.db, userId);
    if (!company) throw Boom.notFound('You do not belong to an organisation');
    return this.views(await requests.requestsOfCompany(this.db, company.id, await this.reachedThrough(userId, company.id), DONE_SHOWN));
  }

  /** Marks a request of the caller's company done and writes the vessel's service log entry. */
  async markDone(userId: number, requestId: number, done: ServiceRequestDone): Promise<ServiceRequest> {
    const request = await requests.findRequest(this.db, requestId);
    const company = await findCompanyOf(this.db, userId);
    if (!request || !company || request.companyId !== company.id) throw missing();
    if (!(await this.reachedThrough(userId, company.id)).includes(request.vesselId)) throw missing();
    if (request.state === 'done') throw Boom.conflict('This request was already marked done');
    const at = new Date(this.clock.now()).toISOString();
    const marked = await this.db.transaction(async (trx) => {
      const logId = await repo.insertLog(trx, {
        vesselId: request.vesselId,
        itemId: null,
        itemName: `Alarm: ${alarmText(request.alarm)}`.slice(0, 120),
        doneOn: dayOf(this.clock.now()),
        runHours: null,
        doneBy: company.name,
        notes: done.notes?.trim() || request.message,
        recordedBy: userId,
        createdAt: at,
        documentIds: [],
      });
      return requests.markDone(trx, request.id, { at, by: userId, logId });
    });
    if (!marked) throw Boom.conflict('This request was already marked done');
    const [view] = await this.views([(await requests.findRequest(this.db, request.id))!]);
    const concerned = [...(await activeStaffUserIds(this.db, company.id)), ...(request.requestedBy !== null ? [request.requestedBy] : [])];
    this.plugins.messaging().announceServiceRequest(new Set(concerned), { requestId: request.id, vesselId: request.vesselId, state: 'done' });
    return view;
  }

  /** The vessels the user reaches through the company's current grants, unpaused (as its services due). */
  private async reachedThrough(userId: number, companyId: number): Promise<number[]> {
    const place = (await staffCompaniesOf(this.db, userId)).find((c) => c.companyId === companyId);
    if (!place || place.paused) return [];
    const accesses = await this.plugins.access().accessesOf(userId);
    return (await grantsOfCompany(this.db, companyId, this.clock.now())).flatMap((g) => {
      const access = accesses.get(g.vesselId);
      return access && !access.paused ? [g.vesselId] : [];
    });
  }

  /** The last 24 h of the value an alarm is about, numbers only; none for an alarm about no value. */
  private async evidence(alert: { bridgeId: number; origin: string; path: string }, now: number): Promise<ServiceRequestSeries[]> {
    if (!ABOUT_A_VALUE.has(alert.origin)) return [];
    const path = propertyPathOf(alert.path);
    const [property] = await namedPropertiesOfBridge(this.db, alert.bridgeId, [path]);
    const samples = await historyOf(this.db, alert.bridgeId, path, now - SERVICE_REQUEST_HISTORY_HOURS * HOUR_MS, now, MAX_POINTS);
    const points = samples.flatMap((s) => (typeof s.value === 'number' && Number.isFinite(s.value) ? [{ t: s.timestamp, v: s.value }] : []));
    if (!property && !points.length) return [];
    return [{ path, displayName: property?.displayName ?? null, deviceName: property?.deviceName ?? null, units: property?.units ?? null, points }];
  }

  private async views(rows: requests.StoredRequest[]): Promise<ServiceRequest[]> {
    if (!rows.length) return [];
    const vesselNames = await this.plugins.access().vesselNames([...new Set(rows.map((r) => r.vesselId))]);
    const companies = await companiesByIds(this.db, [...new Set(rows.map((r) => r.companyId))]);
    const people = await this.plugins.usersByIds(rows.flatMap((r) => [r.requestedBy, r.doneBy]).filter((id): id is number => id !== null));
    const person = (id: number | null) => {
      const user = id === null ? undefined : people.get(id);
      return id !== null && user ? { userId: id, name: `${user.firstName} ${user.lastName}`.trim() } : null;
    };
    return rows.map((r) => ({
      id: r.id,
      vesselId: r.vesselId,
      vesselName: vesselNames.get(r.vesselId) ?? '',
      companyId: r.companyId,
      companyName: companies.get(r.companyId)?.name ?? '',
      state: r.state,
      alarm: r.alarm,
      evidence: r.evidence,
      message: r.message,
      threadId: r.threadId,
      requestedBy: person(r.requestedBy),
      createdAt: r.createdAt,
      doneAt: r.doneAt,
      doneBy: person(r.doneBy),
      logEntryId: r.logId,
    }));
  }
}
