import { useQuery } from '@tanstack/react-query';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, SearchBox, type Column, type SetSearch } from './ListControls';
import { formatDateTime } from './format';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { ErrorReport } from './types';

const CHIPS = [
  { value: 'CLOUD_UI', label: 'Web app' },
  { value: 'CLOUD_API', label: 'Server' },
];

/** The error reports the web app sends (utility/error), searchable on the server. */
export function ErrorReportsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const reports = useQuery(adminQueries.errorReports(search));
  const columns: Column<ErrorReport>[] = [
    { key: 'timestamp', label: 'When', sortable: true, render: (r) => formatDateTime(r.timestamp) },
    { key: 'status', label: 'Status', sortable: true, render: (r) => r.status ?? '—' },
    {
      key: 'displayedMsg',
      label: 'Message',
      render: (r) => (
        <>
          {r.displayedMsg ?? '—'}
          {r.comment ? (
            <>
              <br />
              <span className="muted">“{r.comment}”</span>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'endpoint', label: 'Endpoint', render: (r) => (r.endpoint ? <code>{r.endpoint}</code> : '—') },
    { key: 'userName', label: 'User', render: (r) => [r.userName, r.vesselName].filter(Boolean).join(' · ') || '—' },
    { key: 'client', label: 'Client', render: (r) => [r.platform, r.uiVersion, r.browser, r.os].filter(Boolean).join(' · ') || '—' },
  ];
  return (
    <>
      <AdminHeader title="Error reports" />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search error reports" />
        <FilterChips chips={CHIPS} search={search} setSearch={setSearch} label="Platform" />
      </div>
      <PagedTable
        what="Error reports"
        query={reports}
        columns={columns}
        rowKey={(r) => r.id}
        search={search}
        setSearch={setSearch}
        empty="No error was reported."
        defaultSort="timestamp,desc"
      />
    </>
  );
}
