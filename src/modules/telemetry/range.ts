/**
 * The time range of a history read: its defaults, and the unsubscribed-vessel rule for how far
 * back it may reach.
 */
import Boom from '@hapi/boom';
import { type CloudService, type CloudServices, SUBSCRIPTION_TERMS } from '../../../contracts/billing.js';

export const DAY_MS = 24 * 3600 * 1000;

/** A time range from optional ISO ends: `to` defaults to `nowMs` (the server's clock), `from` to `defaultSpanMs` before it. */
export function rangeOf(from: string | undefined, to: string | undefined, defaultSpanMs: number, nowMs: number): { fromMs: number; toMs: number } {
  const toMs = to ? Date.parse(to) : nowMs;
  const fromMs = from ? Date.parse(from) : toMs - defaultSpanMs;
  if (fromMs > toMs) throw Boom.badRequest('from must be before to');
  return { fromMs, toMs };
}

/** What reading history asks of the access module: the unsubscribed-vessel rule. */
export interface HistoryAccess {
  cloudServices(vesselId: number): Promise<CloudServices>;
  requireCloudService(vesselId: number, service: CloudService): Promise<void>;
}

/** Slack for a range computed on a client a moment before the server checks it. */
const HISTORY_GRACE_MS = 3600 * 1000;

/**
 * The unsubscribed-vessel rule for history (docs/decisions.md, "Billing" and "Lapsed services"):
 * without a subscription, outside the test period, history reaches back only the test period's
 * length (7 days) before the services ended (nothing is stored after); a range starting earlier
 * is the 418 that says why and how to renew.
 */
export async function requireHistory(access: HistoryAccess, vesselId: number, fromMs: number, nowMs: number): Promise<void> {
  const span = SUBSCRIPTION_TERMS.testPeriodDays * DAY_MS + HISTORY_GRACE_MS;
  if (fromMs >= nowMs - span) return;
  const services = await access.cloudServices(vesselId);
  if (services.active) return;
  if (services.endedAt && fromMs >= Date.parse(services.endedAt) - span) return;
  await access.requireCloudService(vesselId, 'history');
}
