import type { Paged } from './types';

/**
 * The state of an admin list, kept in the URL search params so that a view can be shared:
 * page (from 0), page size, sort ("field,asc|desc"), search text, one filter chip and the open row.
 */
export interface ListSearch {
  page?: number;
  size?: number;
  sort?: string;
  q?: string;
  filter?: string;
  /** The row whose detail is open (a bridge, a rollout), so that a link shows it too. */
  open?: number;
  /** A period, as days (YYYY-MM-DD, UTC), for the lists that have dates (the audit trail). */
  from?: string;
  to?: string;
  /** The audit trail shows the routine session checks too (hidden unless asked for). */
  routine?: boolean;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_SIZE = 20;

const SORT = /^[A-Za-z]+,(asc|desc)$/;

/** validateSearch of every admin list route: unknown or malformed values are dropped, defaults left out of the URL. */
export function validateListSearch(raw: Record<string, unknown>): ListSearch {
  const search: ListSearch = {};
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 0 && page < 100_000) search.page = page;
  const size = Number(raw.size);
  if ((PAGE_SIZES as readonly number[]).includes(size) && size !== DEFAULT_SIZE) search.size = size;
  if (typeof raw.sort === 'string' && SORT.test(raw.sort)) search.sort = raw.sort;
  if (typeof raw.q === 'string' && raw.q.trim()) search.q = raw.q.trim().slice(0, 200);
  if (typeof raw.filter === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(raw.filter)) search.filter = raw.filter;
  const open = Number(raw.open);
  if (Number.isInteger(open) && open > 0) search.open = open;
  if (raw.routine === true || raw.routine === 'true') search.routine = true;
  for (const key of ['from', 'to'] as const) {
    const day = raw[key];
    if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day))) search[key] = day;
  }
  return search;
}

/** The search as the server's paged calls take it. */
export function pageRequest(search: ListSearch) {
  return { page: search.page ?? 0, size: search.size ?? DEFAULT_SIZE, ...(search.sort ? { sort: search.sort } : {}) };
}

export function sortOf(search: ListSearch): { field: string; direction: 'asc' | 'desc' } | null {
  if (!search.sort) return null;
  const [field, direction] = search.sort.split(',');
  return { field, direction: direction === 'desc' ? 'desc' : 'asc' };
}

interface LocalPaging<T> {
  /** The text the search box matches (case-insensitive). */
  text: (row: T) => string;
  /** The value each sortable column sorts by. */
  sortBy: Record<string, (row: T) => string | number | null>;
  /** Whether a row passes the selected filter chip. */
  filter?: (row: T, filter: string) => boolean;
  /** The order when the URL names none. */
  defaultSort?: string;
}

/**
 * Pages, sorts and searches a list that the server answers whole (reporting clients,
 * vouchers, products): the same URL state as the server-paged lists.
 */
export function pageLocally<T>(rows: readonly T[], search: ListSearch, paging: LocalPaging<T>): Paged<T> {
  const q = search.q?.toLowerCase();
  let result = rows.filter(
    (row) => (!q || paging.text(row).toLowerCase().includes(q)) && (!search.filter || !paging.filter || paging.filter(row, search.filter)),
  );
  const sort = sortOf({ sort: search.sort ?? paging.defaultSort });
  const key = sort ? paging.sortBy[sort.field] : undefined;
  if (sort && key) {
    const sign = sort.direction === 'desc' ? -1 : 1;
    result = [...result].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    });
  }
  const { page, size } = pageRequest(search);
  return { totalElements: result.length, content: result.slice(page * size, page * size + size) };
}
