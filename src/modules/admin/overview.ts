/**
 * The admin overview (docs/product.md, admin console): the platform's numbers at a glance, with
 * small daily series for charts. Every number comes from its module's api.
 */
import type { Db } from '../../db/knex.js';
import { activeAlertCounts } from '../alerts/api.js';
import type { AuthApi } from '../auth/api.js';
import { bridgeCounts, fleetUsageSince } from '../bridges/api.js';
import { countCompanies } from '../org/api.js';
import { errorReportTimesSince } from '../utility/api.js';
import { countVessels, listVessels, vesselsCreatedSince } from '../vessel/api.js';
import { endOfMonth, subscriptionStates } from './subscriptions.js';

const DAY_MS = 86_400_000;
export const OVERVIEW_DAYS = 14;

/** Per-minute message counts of the live ingest (the bridges module's meter). */
export interface IngestRate {
  lastMinutes(nowMs: number, n?: number): Array<{ minute: string; messages: number }>;
  ratePerMinute(nowMs: number): number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days (UTC), oldest first, each with how many of `times` fall on it. */
export function perDay(times: string[], nowMs: number, days = OVERVIEW_DAYS): Array<{ day: string; count: number }> {
  const counts = new Map<string, number>();
  for (const t of times) counts.set(t.slice(0, 10), (counts.get(t.slice(0, 10)) ?? 0) + 1);
  return Array.from({ length: days }, (_, i) => {
    const day = dayOf(nowMs - (days - 1 - i) * DAY_MS);
    return { day, count: counts.get(day) ?? 0 };
  });
}

export async function overview(db: Db, auth: AuthApi, ingest: IngestRate | null, nowMs: number) {
  const since = new Date(Date.parse(dayOf(nowMs - (OVERVIEW_DAYS - 1) * DAY_MS))).toISOString();
  const weekAgo = new Date(nowMs - 7 * DAY_MS).toISOString();
  const [users, vessels, companies, bridges, reportTimes, userTimes, vesselTimes, usage, everyVessel] = await Promise.all([
    auth.countUsers(),
    countVessels(db),
    countCompanies(db),
    bridgeCounts(db),
    errorReportTimesSince(db, since),
    auth.userCreationTimesSince(since),
    vesselsCreatedSince(db, since),
    fleetUsageSince(db, since.slice(0, 10)),
    listVessels(db),
  ]);
  const alarms = [
    ...(
      await activeAlertCounts(
        db,
        everyVessel.map((v) => v.id),
      )
    ).values(),
  ].reduce((a, b) => a + b, 0);
  const subscriptions = await subscriptionStates(db, {}, nowMs);
  const minutes = ingest?.lastMinutes(nowMs, 60) ?? [];
  const usageByDay = new Map(usage.map((u) => [u.day, u.messages]));
  return {
    at: new Date(nowMs).toISOString(),
    users,
    vessels,
    companies,
    bridges,
    activeAlarms: alarms,
    ingest: {
      /** Average messages per minute over the (up to five) whole minutes before this one since the server started. */
      messagesPerMinute: ingest?.ratePerMinute(nowMs) ?? 0,
      lastHour: minutes,
    },
    subscriptions: {
      valid: subscriptions.filter((s) => s.state === 'valid').length,
      expiringThisMonth: subscriptions.filter((s) => s.state === 'expiring').length,
      expired: subscriptions.filter((s) => s.state === 'expired').length,
      none: subscriptions.filter((s) => s.state === 'none').length,
      monthEnds: new Date(endOfMonth(nowMs)).toISOString(),
    },
    errorReportsThisWeek: reportTimes.filter((t) => t >= weekAgo).length,
    series: {
      days: OVERVIEW_DAYS,
      errorReports: perDay(reportTimes, nowMs),
      newUsers: perDay(userTimes, nowMs),
      newVessels: perDay(vesselTimes, nowMs),
      messages: perDay([], nowMs).map((d) => ({ day: d.day, count: usageByDay.get(d.day) ?? 0 })),
    },
  };
}
