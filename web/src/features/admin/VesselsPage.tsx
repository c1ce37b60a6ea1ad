import { useQuery } from '@tanstack/react-query';
import type { AdminVessel } from '../../../../contracts/vessels';
import { AdminHeader } from './AdminLayout';
import { formatDateTime } from './format';
import { FilterChips, PagedTable, SearchBox, type Column, type SetSearch } from './ListControls';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';

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
        <span className={v.bannerState === 'OK' ? 'text-success' : v.bannerState === 'NO_SUBSCRIPTION' ? 'text-warning' : ''}>
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
    </>
  );
}
