/**
 * A vessel's monthly alarm report (contracts/alarm-report.ts): the month is a calendar month in
 * the vessel owner's time zone; its alarms come from the alerts module's api, its notifications
 * from the notifications module's receipts. The time is the server's clock.
 */
import Boom from '@hapi/boom';
import type { AlarmReport } from '../../../contracts/alarm-report.js';
import type { Db } from '../../db/knex.js';
import type { Clock } from '../../platform/clock.js';
import { alarmsBetween } from '../alerts/api.js';
import type { User } from '../auth/api.js';
import { notificationsBetween } from '../notifications/api.js';
import { listVessels } from '../vessel/api.js';
import { alarmFigures } from './figures.js';
import { compareMonths, knownZone, type Month, monthAt, monthBounds, monthText, parseMonth, previousMonth } from './month.js';

export type UsersByIds = (ids: number[]) => Promise<Map<number, User>>;

export interface ReportVessel {
  id: number;
  name: string;
  ownerId: number;
  createdAt: string;
}

export class AlarmReports {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly usersByIds: UsersByIds,
  ) {}

  async vessel(vesselId: number): Promise<ReportVessel> {
    const [vessel] = await listVessels(this.db, { ids: [vesselId] });
    if (!vessel) throw Boom.notFound('Vessel not found');
    return vessel;
  }

  /** The owner's time zone (UTC when they have none Intl knows). */
  async zoneOf(vessel: ReportVessel): Promise<string> {
    return knownZone((await this.usersByIds([vessel.ownerId])).get(vessel.ownerId)?.preferences.timeZone ?? 'UTC');
  }

  /** The last full month in a zone, now. */
  lastFullMonth(timeZone: string): Month {
    return previousMonth(monthAt(this.clock.now(), timeZone));
  }

  /** The report of a month (`YYYY-MM`; by default the last full one); a month still to come is refused. */
  async report(vesselId: number, month?: string): Promise<AlarmReport> {
    const vessel = await this.vessel(vesselId);
    const timeZone = await this.zoneOf(vessel);
    const chosen = month ? parseMonth(month) : this.lastFullMonth(timeZone);
    if (compareMonths(chosen, monthAt(this.clock.now(), timeZone)) > 0) throw Boom.badRequest('month must not be in the future');
    return this.of(vessel, chosen, timeZone);
  }

  async of(vessel: ReportVessel, month: Month, timeZone: string): Promise<AlarmReport> {
    const now = this.clock.now();
    const { from, to } = monthBounds(month, timeZone);
    const [fromIso, toIso] = [new Date(from).toISOString(), new Date(to).toISOString()];
    const { alarms, transitions } = await alarmsBetween(this.db, vessel.id, fromIso, toIso);
    const byChannel = await notificationsBetween(this.db, vessel.id, fromIso, toIso);
    return {
      vesselId: vessel.id,
      vesselName: vessel.name,
      month: monthText(month),
      timeZone,
      from: fromIso,
      to: toIso,
      complete: now >= to,
      ...alarmFigures({ alarms, transitions, from, to, now }),
      notifications: { total: Object.values(byChannel).reduce((n, c) => n + c.sent + c.failed, 0), byChannel },
    };
  }
}
