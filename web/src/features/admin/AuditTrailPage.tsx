import { useQuery } from '@tanstack/react-query';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, PeriodFilter, SearchBox, type Column, type SetSearch } from './ListControls';
import { formatDateTime } from './format';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { AuditEntry } from './types';

const CHIPS = [
  { value: 'user', label: 'Users' },
  { value: 'vessel', label: 'Vessels' },
  { value: 'bridge', label: 'Bridges' },
  { value: 'voucher', label: 'Vouchers' },
];

/** Every state-changing call, who made it and how it ended: paged, sorted and searched on the server. */
export function AuditTrailPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const trail = useQuery(adminQueries.auditTrail(search));
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: 'When', sortable: true, render: (e) => formatDateTime(e.at) },
    {
      key: 'actorId',
      label: 'Who',
      sortable: true,
      render: (e) => (
        <>
          {e.actorEmail ?? (e.actorId ? `#${e.actorId}` : 'anonymous')}
          {e.details?.company ? <span className="muted"> for {e.details.company.name}</span> : null}
        </>
      ),
    },
    { key: 'action', label: 'Action', sortable: true, render: (e) => <code>{e.action}</code> },
    { key: 'target', label: 'Target', render: (e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—') },
    {
      key: 'outcome',
      label: 'Outcome',
      sortable: true,
      render: (e) => <span className={e.outcome >= 500 ? 'text-critical' : e.outcome >= 400 ? 'text-warning' : ''}>{e.outcome}</span>,
    },
  ];
  return (
    <>
      <AdminHeader title="Audit trail" />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search by action or e-mail" />
        <FilterChips chips={CHIPS} search={search} setSearch={setSearch} label="Kind of target" />
        <PeriodFilter search={search} setSearch={setSearch} />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={search.routine === true}
            onChange={(event) => setSearch({ routine: event.target.checked || undefined, page: undefined })}
          />{' '}
          Show session checks
        </label>
      </div>
      <PagedTable
        what="Audit entries"
        query={trail}
        columns={columns}
        rowKey={(e) => e.id}
        search={search}
        setSearch={setSearch}
        empty={search.from || search.to ? 'Nothing was recorded in this period.' : 'Nothing was recorded yet.'}
        defaultSort="at,desc"
      />
    </>
  );
}
