/**
 * Every vessel's subscription state for the admin console (docs/product.md, admin console):
 * valid, expiring (valid but ending within the horizon: the end of this month unless a number
 * of days is given), expired, or none. Worked out over all vessels in memory: a fleet is
 * thousands of vessels, not millions.
 */
import type { Subscription, SubscriptionState } from '../../../contracts/admin.js';
import type { Db } from '../../db/knex.js';
import type { Page, PageRequest } from '../../platform/pagination.js';
import { latestSubscriptionRecords } from '../billing/api.js';
import { listVessels } from '../vessel/api.js';

export type { SubscriptionState };

export interface SubscriptionFilter {
  state?: SubscriptionState[];
  /** The horizon of `expiring`, in days from now; the end of the current month (UTC) when absent. */
  expiringWithinDays?: number;
  q?: string;
  productId?: number;
}

/** GET admin/subscriptions: one row per vessel. */
export type VesselSubscriptionState = Subscription;

const DAY_MS = 86_400_000;

/** The end of the month `nowMs` is in (UTC). */
export const endOfMonth = (nowMs: number): number => {
  const d = new Date(nowMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

export async function subscriptionStates(db: Db, filter: SubscriptionFilter, nowMs: number): Promise<VesselSubscriptionState[]> {
  const vessels = await listVessels(db, filter.q ? { q: filter.q } : {});
  const records = await latestSubscriptionRecords(
    db,
    vessels.map((v) => v.id),
  );
  const horizon = filter.expiringWithinDays === undefined ? endOfMonth(nowMs) : nowMs + filter.expiringWithinDays * DAY_MS;
  const all = vessels.map((v): VesselSubscriptionState => {
    const s = records.get(v.id);
    const from = s ? Date.parse(s.validFrom) : NaN;
    const until = s ? Date.parse(s.validUntil) : NaN;
    const valid = Boolean(s) && from <= nowMs && until > nowMs;
    const state: SubscriptionState = !s ? 'none' : valid ? (until <= horizon ? 'expiring' : 'valid') : until <= nowMs ? 'expired' : 'valid';
    return {
      vesselId: v.id,
      vesselName: v.name,
      ownerId: v.ownerId,
      state,
      valid,
      validFrom: s?.validFrom ?? null,
      validUntil: s?.validUntil ?? null,
      daysLeft: s ? Math.max(0, Math.ceil((until - nowMs) / DAY_MS)) : null,
      productIds: s?.productIds ?? [],
      voucherId: s?.voucherId ?? null,
    };
  });
  return all.filter(
    (v) => (!filter.state?.length || filter.state.includes(v.state)) && (filter.productId === undefined || v.productIds.includes(filter.productId)),
  );
}

const SORTS: Record<string, (a: VesselSubscriptionState, b: VesselSubscriptionState) => number> = {
  vesselName: (a, b) => a.vesselName.localeCompare(b.vesselName),
  validUntil: (a, b) => (a.validUntil ?? '').localeCompare(b.validUntil ?? ''),
  state: (a, b) => a.state.localeCompare(b.state),
  daysLeft: (a, b) => (a.daysLeft ?? -1) - (b.daysLeft ?? -1),
};

export async function pageSubscriptionStates(db: Db, request: PageRequest<SubscriptionFilter>, nowMs: number): Promise<Page<VesselSubscriptionState>> {
  const all = await subscriptionStates(db, request.filter, nowMs);
  const [field, direction] = (request.sort ?? 'validUntil,asc').split(',');
  const compare = Object.hasOwn(SORTS, field) ? SORTS[field] : SORTS.validUntil;
  all.sort((a, b) => (direction === 'desc' ? -1 : 1) * (compare(a, b) || a.vesselId - b.vesselId));
  return { totalElements: all.length, content: all.slice(request.page * request.size, (request.page + 1) * request.size) };
}
