/**
 * What a command shows, independent of how: the Ink components draw it on a terminal, the
 * plain formatter prints it for pipes and files. Both share the column widths.
 */
export type Tone = 'green' | 'yellow' | 'red' | 'gray';

export interface Column {
  header: string;
  align?: 'left' | 'right';
  /** A colour for a cell on the terminal, chosen from its text. */
  tone?: (cell: string) => Tone | undefined;
}

export interface TableView {
  kind: 'table';
  columns: Column[];
  rows: string[][];
  /** A summary under the table, e.g. which rows of how many. */
  footer?: string;
  /** Shown instead of the table when there are no rows. */
  empty: string;
}

export interface RecordsView {
  kind: 'records';
  records: Array<{ title: string; fields: Array<[string, string]>; body?: string }>;
  empty: string;
}

export interface MessageView {
  kind: 'message';
  lines: string[];
}

export type View = TableView | RecordsView | MessageView;

export const NONE = '-';

export function columnWidths(view: TableView): number[] {
  return view.columns.map((c, i) => Math.max(c.header.length, ...view.rows.map((r) => (r[i] ?? '').length)));
}

/** "1–20 of 57": which rows a page holds, for list footers. */
export function pageFooter(noun: string, page: number, size: number, shown: number, total: number): string {
  if (!shown) return `no ${noun} on page ${page} (${total} in all)`;
  const first = page * size + 1;
  return `${noun} ${first}–${first + shown - 1} of ${total}`;
}

/** Dates as the operator's UTC minute: sortable and short. */
export const shortDate = (iso: string | null | undefined): string => (iso ? iso.replace('T', ' ').slice(0, 16) : NONE);
