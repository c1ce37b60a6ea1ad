import { useQuery } from '@tanstack/react-query';
import { Modal } from '../modal/Modal';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import { formatDateTime } from './format';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { ErrorReport, ErrorReportDetail } from './types';

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
    {
      key: 'details',
      label: 'Details',
      render: (r) => (
        <button type="button" className="button button--small" onClick={() => setSearch({ open: r.id })}>
          Show<span className="visually-hidden"> the report of {formatDateTime(r.timestamp)}</span>
        </button>
      ),
    },
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
      {search.open ? <ErrorReportModal key={search.open} id={search.open} onClose={() => setSearch({ open: undefined })} /> : null}
    </>
  );
}

/** The whole report: what the user saw, where it happened, who and on which client, and what the app sent of its request. */
function ErrorReportModal({ id, onClose }: { id: number; onClose: () => void }) {
  const report = useQuery(adminQueries.errorReport(id));
  return (
    <Modal open title={`Error report #${id}`} onClose={onClose}>
      <QueryState query={report} what="The error report">
        {(r: ErrorReportDetail) => (
          <>
            <dl className="admin-facts">
              <dt>Message</dt>
              <dd>{r.displayedMsg ?? '—'}</dd>
              <dt>Status</dt>
              <dd>{r.status ?? '—'}</dd>
              <dt>Endpoint</dt>
              <dd>{r.endpoint ? <code>{r.endpoint}</code> : '—'}</dd>
              <dt>When</dt>
              <dd>
                {formatDateTime(r.timestamp)}
                {r.timezone ? <span className="muted"> · {r.timezone}</span> : null}
              </dd>
              <dt>Received</dt>
              <dd>{formatDateTime(r.receivedAt)}</dd>
              <dt>User</dt>
              <dd>{r.userName ? `${r.userName}${r.userId ? ` (#${r.userId})` : ''}` : '—'}</dd>
              <dt>Vessel</dt>
              <dd>{r.vesselName ? `${r.vesselName}${r.vesselId ? ` (#${r.vesselId})` : ''}` : '—'}</dd>
              <dt>Platform</dt>
              <dd>{[r.platform, r.uiVersion, r.environment].filter(Boolean).join(' · ') || '—'}</dd>
              <dt>Browser</dt>
              <dd>{[r.browser, r.os].filter(Boolean).join(' · ') || '—'}</dd>
              <dt>Comment</dt>
              <dd>{r.comment ?? '—'}</dd>
            </dl>
            <h3>Request data and stack</h3>
            {r.requestData === null || r.requestData === undefined ? (
              <p className="muted">The app sent none.</p>
            ) : (
              <pre className="admin-pre" tabIndex={0}>
                {typeof r.requestData === 'string' ? r.requestData : JSON.stringify(r.requestData, null, 2)}
              </pre>
            )}
          </>
        )}
      </QueryState>
    </Modal>
  );
}
