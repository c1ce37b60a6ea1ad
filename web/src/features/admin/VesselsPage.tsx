import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { AdminVessel } from '../../../../contracts/vessels';
import { AdminHeader } from './AdminLayout';
import { formatDateTime } from './format';
import { Modal } from '../modal/Modal';
import { grantWindow } from './CompaniesPage';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { AdminVesselCompanyGrant } from './types';
import { HIDDEN } from '../../i18n/hidden';

/** The banner states with words of their own (`vessels.services.<state>`); another shows as the server names it. */
const SERVICES = new Set(['NOT_PAIRED', 'NO_SUBSCRIPTION', 'OFFLINE', 'OK']);

/** Every vessel on the platform: its owner, bridge, services and alarms, searched and paged on the server. */
export function VesselsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const vessels = useQuery(adminQueries.vessels(search));
  const columns: Column<AdminVessel>[] = [
    { key: 'name', label: t('vessels.columns.vessel'), sortable: true, render: (v) => v.name },
    { key: 'owner', label: t('vessels.columns.owner'), render: (v) => v.ownerEmail ?? `#${v.ownerId}` },
    {
      key: 'bridge',
      label: t('vessels.columns.bridge'),
      render: (v) => (v.reportingClient ? `${v.reportingClient.serial}${v.reportingClient.version ? ` · ${v.reportingClient.version}` : ''}` : '—'),
    },
    {
      key: 'state',
      label: t('vessels.columns.state'),
      render: (v) => (
        <span className={v.bannerState === 'OK' ? 'text-success' : v.bannerState === 'NO_SUBSCRIPTION' ? 'chip chip--warning' : ''}>
          {SERVICES.has(v.bannerState) ? t(`vessels.services.${v.bannerState}`) : v.bannerState}
          {v.bannerState === 'OFFLINE' && v.lastSeen ? <span className="muted"> · {t('vessels.lastSeen', { at: formatDateTime(v.lastSeen) })}</span> : null}
        </span>
      ),
    },
    {
      key: 'alerts',
      label: t('vessels.columns.alerts'),
      render: (v) => <span className={v.activeAlertCount ? 'text-critical' : ''}>{v.activeAlertCount ?? 0}</span>,
    },
    {
      key: 'services',
      label: t('vessels.columns.services'),
      render: (v) =>
        v.vesselSubscription?.valid && v.vesselSubscription.validUntil
          ? formatDateTime(v.vesselSubscription.validUntil)
          : v.cloudServices?.inTestPeriod && v.cloudServices.testPeriodUntil
            ? t('vessels.testPeriodUntil', { at: formatDateTime(v.cloudServices.testPeriodUntil) })
            : '—',
    },
    {
      key: 'companies',
      label: t('vessels.columns.companies'),
      render: (v) => (
        <button type="button" className="button button--small" onClick={() => setSearch({ open: v.id })}>
          <Trans t={t} i18nKey="vessels.companyAccess" values={{ name: v.name }} components={HIDDEN} shouldUnescape />
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('vessels.title')} />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('vessels.search')} />
        <FilterChips chips={[{ value: 'alerting', label: t('vessels.alerting') }]} search={search} setSearch={setSearch} label={t('vessels.show')} />
      </div>
      <PagedTable
        what={t('vessels.what')}
        query={vessels}
        columns={columns}
        rowKey={(v) => v.id}
        search={search}
        setSearch={setSearch}
        empty={t('vessels.empty')}
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

/** The companies with technical access to a vessel: who, of which kind, for which window. */
function VesselGrantsModal({ id, name, onClose }: { id: number; name: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const grants = useQuery(adminQueries.vesselCompanyGrants(id));
  const vessel = name ?? t('vessels.vesselNumber', { id });
  return (
    <Modal open title={t('vessels.grants.title', { vessel })} onClose={onClose}>
      <QueryState query={grants} what={t('vessels.grants.what')}>
        {(list: AdminVesselCompanyGrant[]) =>
          list.length === 0 ? (
            <p className="empty-state">{t('vessels.grants.empty')}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="table admin-table">
                <caption className="visually-hidden">{t('vessels.grants.caption', { vessel })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('grants.company')}</th>
                    <th scope="col">{t('grants.kind')}</th>
                    <th scope="col">{t('grants.window')}</th>
                    <th scope="col">{t('grants.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((g) => (
                    <tr key={g.id}>
                      <td data-label={t('grants.company')}>{g.companyName ?? `#${g.companyId}`}</td>
                      <td data-label={t('grants.kind')} className="capitalize">
                        {g.companyKind ? t(`companies.kinds.${g.companyKind}`) : '—'}
                      </td>
                      <td data-label={t('grants.window')}>{grantWindow(g)}</td>
                      <td data-label={t('grants.state')}>
                        {g.status === 'active' ? t(`grants.windows.${g.window}`) : t(`grants.statuses.${g.status}`, { defaultValue: g.status })}
                        {g.paused ? ` · ${t('grants.paused')}` : ''}
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
