/**
 * A table view from records and column definitions: the list commands of the admin nouns share it.
 */
import { NONE, type Column, type TableView } from './ui/view.js';

export interface ColumnOf<T> extends Column {
  cell: (row: T) => string | number | boolean | null | undefined;
}

export function tableOf<T>(rows: T[], columns: Array<ColumnOf<T>>, footer: string, empty: string): TableView {
  return {
    kind: 'table',
    columns: columns.map(({ cell: _cell, ...column }) => column),
    rows: rows.map((row) =>
      columns.map((c) => {
        const value = c.cell(row);
        return value === null || value === undefined || value === '' ? NONE : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
      }),
    ),
    footer,
    empty,
  };
}

/** The columns of a record view: every field of a flat object. */
export const fieldsOf = (record: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(record).map(([k, v]) => [k, v === null || v === undefined ? NONE : typeof v === 'object' ? JSON.stringify(v) : String(v)]);
