import { useQuery } from '@tanstack/react-query';
import type { AdminVessel } from '../../../../contracts/vessels';
import { AdminHeader } from './AdminLayout';
import { formatDateTime } from './format';
import { Modal } from '../modal/Modal';
import { grantWindow } from './CompaniesPage';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { AdminVesselCompanyGrant } from './types';

const SERVICES: Record<string, string> = { NOT_PAIRED: 'Not paired', NO_SUBSCRIPTION: 'No active services', OFFLINE: 'Offline', OK: 'Online' };

/** Every vessel on the platform: its owner, bridge, services and alarms, searched and paged on the server. */
export function VesselsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const vessels = useQuery(adminQueries.vessels(search));
  const columns: Column<AdminVessel>[] = [
    { key: 'name', label: 'Vessel', sortable: true, render: (v) => v.name },
    { key: 'owner', label: 'Owner', render: (v) => v.ownerEmail ?? `#${v.ownerId}` },
    {
      key: 'bridge',
      label: 'Bridge',
      render: (v) => (v.reportingClient ? `${v.reportingClient.serial}${v.reportingClient.version ? ` · ${v.reportingClient.version}` : ''}` : '—'),
    },
    {
      key: 'state',
      label: 'State',
      render: (v) => (
        <span className={v.bannerState === 'OK' ? 'text-success' : v.bannerState === 'NO_SUBSCRIPTION' ? 'chip chip--warning' : ''}>
          {SERVICES[v.bannerState] ?? v.bannerState}
          {v.bannerState === 'OFFLINE' && v.lastSeen ? <span className="muted"> · last seen {formatDateTime(v.lastSeen)}</span> : null}
        </span>
      ),
    },
    {
      key: 'alerts',
      label: 'Active alerts',
      render: (v) => <span className={v.activeAlertCount ? 'text-critical' : ''}>{v.activeAlertCount ?? 0}</span>,
    },
    {
      key: 'services',
      label: 'Services until',
      render: (v) =>
        v.vesselSubscription?.valid && v.vesselSubscription.validUntil
          ? formatDateTime(v.vesselSubscription.validUntil)
          : v.cloudServices?.inTestPeriod && v.cloudServices.testPeriodUntil
            ? `Test period until ${formatDateTime(v.cloudServices.testPeriodUntil)}`
            : '—',
    },
    {
      key: 'companies',
      label: 'Companies',
      render: (v) => (
        <button type="button" className="button button--small" onClick={() => setSearch({ open: v.id })}>
          Company access<span className="visually-hidden"> to {v.name}</span>
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Vessels" />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search by vessel name or owner e-mail" />
        <FilterChips chips={[{ value: 'alerting', label: 'With active alerts' }]} search={search} setSearch={setSearch} label="Show vessels" />
      </div>
      <PagedTable
        what="Vessels"
        query={vessels}
        columns={columns}
        rowKey={(v) => v.id}
        search={search}
        setSearch={setSearch}
        empty="There are no vessels yet."
      />
      {search.open ? (
        <VesselGrantsModal
          key={search.open}
          id={search.open}
          name={vessels.data?.content.find((v) => v.id === search.open)?.name}
          onClose={() => setSearch({ open: undefined })}
        />
      ) : null}
    </>
  );
}

const WINDOW_LABELS = { current: 'Current', scheduled: 'Not started yet', expired: 'Ended' } as const;

/** The companies with technical access to a vessel: who, of which kind, for which window. */
function VesselGrantsModal({ id, name, onClose }: { id: number; name: string | undefined; onClose: () => void }) {
  const grants = useQuery(adminQueries.vesselCompanyGrants(id));
  return (
    <Modal open title={`Company access to ${name ?? `vessel #${id}`}`} onClose={onClose}>
      <QueryState query={grants} what="The company grants">
        {(list: AdminVesselCompanyGrant[]) =>
          list.length === 0 ? (
            <p className="empty-state">No company has access to this vessel.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="table admin-table">
                <caption className="visually-hidden">Companies with access to {name ?? `vessel #${id}`}</caption>
                <thead>
                  <tr>
                    <th scope="col">Company</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Window</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((g) => (
                    <tr key={g.id}>
                      <td data-label="Company">{g.companyName ?? `#${g.companyId}`}</td>
                      <td data-label="Kind" className="capitalize">
                        {g.companyKind ?? '—'}
                      </td>
                      <td data-label="Window">{grantWindow(g)}</td>
                      <td data-label="State">
                        {g.status === 'active' ? WINDOW_LABELS[g.window] : g.status}
                        {g.paused ? ' · paused by the owner' : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </Modal>
  );
}
