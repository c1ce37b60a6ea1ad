import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import { DelayedSpinner, useDelayedIndicator } from '../loading/DelayedSpinner';
import { PAGE_SIZES, DEFAULT_SIZE, sortOf, type ListSearch } from './listSearch';
import type { Paged } from './types';
import { RetryButton } from '../errors/RetryButton';

export type SetSearch = (patch: Partial<ListSearch>) => void;

/** The search box of a list: the text goes into the URL (and back to the first page) on Enter or Search. */
export function SearchBox({ search, setSearch, label }: { search: ListSearch; setSearch: SetSearch; label: string }) {
  const [text, setText] = useState(search.q ?? '');
  const id = useId();
  useEffect(() => setText(search.q ?? ''), [search.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ q: text.trim() || undefined, page: undefined });
  };
  return (
    <form className="admin-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} className="input" type="search" placeholder={label} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className="button">
        Search
      </button>
      {search.q ? (
        <button type="button" className="button button--ghost" onClick={() => setSearch({ q: undefined, page: undefined })}>
          Clear
        </button>
      ) : null}
    </form>
  );
}

export interface Chip {
  value: string;
  label: string;
}

/** One filter at a time; "All" clears it. The pressed chip is the filter in the URL. */
export function FilterChips({ chips, search, setSearch, label }: { chips: Chip[]; search: ListSearch; setSearch: SetSearch; label: string }) {
  const all: Array<{ value: string | undefined; label: string }> = [{ value: undefined, label: 'All' }, ...chips];
  return (
    <div className="admin-chips" role="group" aria-label={label}>
      {all.map((chip) => (
        <button
          key={chip.value ?? 'all'}
          type="button"
          className="chip admin-chip"
          aria-pressed={search.filter === chip.value}
          onClick={() => setSearch({ filter: chip.value, page: undefined })}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
}

interface QueryLike<T> {
  data: T | undefined;
  /** Still the previous page's (or search's) rows, shown while the ones asked for load. */
  isPlaceholderData?: boolean;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Why a list could not be loaded, for its error state. */
export function loadFailure(what: string, error: unknown): string {
  if (isApiError(error) && error.status === 404) return `${what} could not be loaded: the server does not offer this list.`;
  if (isApiError(error) && error.status === 403) return `${what} are for platform administrators only.`;
  if (isApiError(error) && error.status === null) return `${what} could not be loaded: the server cannot be reached.`;
  return `${what} could not be loaded${isApiError(error) && error.status ? ` (status ${error.status})` : ''}.`;
}

/** Loading (a spinner after 1 s), error with a retry, or the content. */
export function QueryState<T>({ query, what, children }: { query: QueryLike<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isError) {
    return (
      <div className="admin-error" role="alert">
        <p>{loadFailure(what, query.error)}</p>
        <RetryButton error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  if (query.isPending || query.data === undefined) return <DelayedSpinner loading label={`Loading ${what.toLowerCase()}…`} />;
  return <>{children(query.data)}</>;
}

interface PagedTableProps<T> {
  /** The plural name of the rows, e.g. "Users": the caption, and the loading, empty and error texts. */
  what: string;
  query: QueryLike<Paged<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  search: ListSearch;
  setSearch: SetSearch;
  empty: string;
  /** The order the server uses when the URL names none, to mark its column. */
  defaultSort?: string;
  /** A short list inside a detail shows no pager. */
  paged?: boolean;
}

/** A server- or locally-paged table: sort headers, loading, empty and error states, and a pager, all driven by the URL. */
export function PagedTable<T>({ what, query, columns, rowKey, search, setSearch, empty, defaultSort, paged = true }: PagedTableProps<T>) {
  const sort = sortOf({ sort: search.sort ?? defaultSort });
  const toggle = (field: string) => {
    const direction = sort?.field === field && sort.direction === 'asc' ? 'desc' : 'asc';
    setSearch({ sort: `${field},${direction}`, page: undefined });
  };
  // While a new page, sort or search loads, the previous rows stay under a pager that already
  // names the new page: they are marked busy at once, and faded like any slow load (spec 4).
  const stale = query.isPlaceholderData === true;
  const faded = useDelayedIndicator(stale);
  return (
    <QueryState query={query} what={what}>
      {(data) => {
        const size = search.size ?? DEFAULT_SIZE;
        const page = search.page ?? 0;
        const pages = Math.max(1, Math.ceil(data.totalElements / size));
        if (data.totalElements === 0) {
          return <p className="empty-state">{search.q || search.filter ? `No ${what.toLowerCase()} match this search.` : empty}</p>;
        }
        return (
          <>
            <div className="admin-table-wrap">
              <table className={`table admin-table${faded ? ' admin-table--stale' : ''}`} aria-busy={stale}>
                <caption className="visually-hidden">{what}</caption>
                <thead>
                  <tr>
                    {columns.map((column) => {
                      const active = sort?.field === column.key;
                      return (
                        <th key={column.key} scope="col" aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                          {column.sortable ? (
                            <button type="button" className="admin-sort" onClick={() => toggle(column.key)}>
                              {column.label}
                              <span aria-hidden="true">{active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                            </button>
                          ) : (
                            column.label
                          )}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>
                  {data.content.map((row) => (
                    <tr key={rowKey(row)}>
                      {columns.map((column) => (
                        <td key={column.key} data-label={column.label}>
                          {column.render(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {paged ? (
              <nav className="admin-pager" aria-label={`${what} pages`}>
                <span className="muted">
                  {data.totalElements} {data.totalElements === 1 ? 'entry' : 'entries'} · page {Math.min(page + 1, pages)} of {pages}
                </span>
                <button type="button" className="button button--small" disabled={page === 0} onClick={() => setSearch({ page: page - 1 || undefined })}>
                  Previous
                </button>
                <button type="button" className="button button--small" disabled={page + 1 >= pages} onClick={() => setSearch({ page: page + 1 })}>
                  Next
                </button>
                <label className="admin-pager__size">
                  <span>Per page</span>
                  <select
                    className="input input--small"
                    value={size}
                    onChange={(event) =>
                      setSearch({ size: Number(event.target.value) === DEFAULT_SIZE ? undefined : Number(event.target.value), page: undefined })
                    }
                  >
                    {PAGE_SIZES.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </select>
                </label>
              </nav>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}

/** A period filter: two days, each in the URL as soon as it is chosen. */
export function PeriodFilter({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  return (
    <div className="admin-period">
      <label>
        <span>From</span>
        <input
          className="input input--small"
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => setSearch({ from: event.target.value || undefined, page: undefined })}
        />
      </label>
      <label>
        <span>To</span>
        <input
          className="input input--small"
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => setSearch({ to: event.target.value || undefined, page: undefined })}
        />
      </label>
    </div>
  );
}
