import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { isApiError } from '../../lib/api';
import { DelayedSpinner, useDelayedIndicator } from '../loading/DelayedSpinner';
import { PAGE_SIZES, DEFAULT_SIZE, sortOf, type ListSearch } from './listSearch';
import type { Paged } from './types';
import { RetryButton } from '../errors/RetryButton';

export type SetSearch = (patch: Partial<ListSearch>) => void;

// English writes a list's name in lower case inside a sentence ("Loading users…"); other languages quote it as it is.
i18n.services.formatter?.add('lowercase', (value: unknown, language: string | undefined) => String(value).toLocaleLowerCase(language));

/** The search box of a list: the text goes into the URL (and back to the first page) on Enter or Search. */
export function SearchBox({ search, setSearch, label }: { search: ListSearch; setSearch: SetSearch; label: string }) {
  const { t } = useTranslation('admin');
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
        {t('list.search')}
      </button>
      {search.q ? (
        <button type="button" className="button button--ghost" onClick={() => setSearch({ q: undefined, page: undefined })}>
          {t('list.clear')}
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
  const { t } = useTranslation('admin');
  const all: Array<{ value: string | undefined; label: string }> = [{ value: undefined, label: t('list.all') }, ...chips];
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
  if (isApiError(error) && error.status === 404) return i18n.t('admin:list.notOffered', { what });
  if (isApiError(error) && error.status === 403) return i18n.t('admin:list.adminsOnly', { what });
  if (isApiError(error) && error.status === null) return i18n.t('admin:list.unreachable', { what });
  if (isApiError(error) && error.status) return i18n.t('admin:list.failedStatus', { what, status: error.status });
  return i18n.t('admin:list.failed', { what });
}

/** Loading (a spinner after 1 s), error with a retry, or the content. */
export function QueryState<T>({ query, what, children }: { query: QueryLike<T>; what: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('admin');
  if (query.isError) {
    return (
      <div className="admin-error" role="alert">
        <p>{loadFailure(what, query.error)}</p>
        <RetryButton error={query.error} onRetry={() => query.refetch()} />
      </div>
    );
  }
  if (query.isPending || query.data === undefined) return <DelayedSpinner loading label={t('list.loading', { what })} />;
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
  const { t } = useTranslation('admin');
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
          return <p className="empty-state">{search.q || search.filter ? t('list.noMatch', { what }) : empty}</p>;
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
              <nav className="admin-pager" aria-label={t('list.pages', { what })}>
                <span className="muted">
                  {t('list.entries', { count: data.totalElements })} · {t('list.pageOf', { page: Math.min(page + 1, pages), pages })}
                </span>
                <button type="button" className="button button--small" disabled={page === 0} onClick={() => setSearch({ page: page - 1 || undefined })}>
                  {t('list.previous')}
                </button>
                <button type="button" className="button button--small" disabled={page + 1 >= pages} onClick={() => setSearch({ page: page + 1 })}>
                  {t('list.next')}
                </button>
                <label className="admin-pager__size">
                  <span>{t('list.perPage')}</span>
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
  const { t } = useTranslation('admin');
  return (
    <div className="admin-period">
      <label>
        <span>{t('list.from')}</span>
        <input
          className="input input--small"
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => setSearch({ from: event.target.value || undefined, page: undefined })}
        />
      </label>
      <label>
        <span>{t('list.to')}</span>
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
