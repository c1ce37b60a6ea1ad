/**
 * The paging contract of docs/api.md: `{page, size, sort: "field,desc", filter}` in,
 * `{totalElements, content}` out, size capped at 200.
 */
import Joi from 'joi';
import type { Knex } from 'knex';

export interface PageRequest<F = Record<string, unknown>> {
  page: number;
  size: number;
  sort?: string;
  filter: F;
}

export interface Page<T> {
  totalElements: number;
  content: T[];
}

export const pageRequestSchema = (filter: Joi.ObjectSchema = Joi.object().unknown(false)) =>
  Joi.object({
    page: Joi.number().integer().min(0).default(0),
    size: Joi.number().integer().min(1).max(200).default(20),
    sort: Joi.string()
      .max(64)
      .pattern(/^[A-Za-z]+(,(asc|desc))?$/),
    filter: filter.default({}),
  }).default({ page: 0, size: 20, filter: {} });

/**
 * Runs a paged query. `sortable` maps the API's field names to columns, so a client can only
 * sort by what the endpoint offers.
 */
export async function paginate<T, Row = Record<string, unknown>>(
  query: Knex.QueryBuilder,
  request: PageRequest<unknown>,
  sortable: Record<string, string>,
  fallbackSort: [string, 'asc' | 'desc'],
  map: (row: Row) => T,
): Promise<Page<T>> {
  const countRow = await query.clone().clearSelect().clearOrder().count<{ n: number | string }[]>({ n: '*' }).first();
  const [field, direction] = (request.sort ?? '').split(',');
  // Own keys only: `constructor` or `toString` must not reach Object.prototype (and the query).
  const known = Object.hasOwn(sortable, field);
  const column = known ? sortable[field] : fallbackSort[0];
  const dir = known ? ((direction as 'asc' | 'desc') ?? 'asc') : fallbackSort[1];
  const rows = await query
    .orderBy(column, dir)
    .orderBy('id', dir)
    .limit(request.size)
    .offset(request.page * request.size);
  return { totalElements: Number(countRow?.n ?? 0), content: rows.map(map) };
}
