import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, PeriodFilter, SearchBox, type Column, type SetSearch } from './ListControls';
import { formatDateTime } from './format';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { AuditEntry } from './types';

const TARGETS = ['user', 'vessel', 'bridge', 'voucher'] as const;

/** Every state-changing call, who made it and how it ended: paged, sorted and searched on the server. */
export function AuditTrailPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const chips = TARGETS.map((value) => ({ value, label: t(`audit.targets.${value}`) }));
  const trail = useQuery(adminQueries.auditTrail(search));
  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: t('audit.columns.when'), sortable: true, render: (e) => formatDateTime(e.at) },
    {
      key: 'actorId',
      label: t('audit.columns.who'),
      sortable: true,
      render: (e) => (
        <>
          {e.actorEmail ?? (e.actorId ? `#${e.actorId}` : t('audit.anonymous'))}
          {e.details?.company ? <span className="muted"> {t('audit.forCompany', { company: e.details.company.name })}</span> : null}
        </>
      ),
    },
    { key: 'action', label: t('audit.columns.action'), sortable: true, render: (e) => <code>{e.action}</code> },
    { key: 'target', label: t('audit.columns.target'), render: (e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—') },
    {
      key: 'outcome',
      label: t('audit.columns.outcome'),
      sortable: true,
      render: (e) => <span className={e.outcome >= 500 ? 'text-critical' : e.outcome >= 400 ? 'text-warning' : ''}>{e.outcome}</span>,
    },
  ];
  return (
    <>
      <AdminHeader title={t('audit.title')} />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('audit.search')} />
        <FilterChips chips={chips} search={search} setSearch={setSearch} label={t('audit.kindOfTarget')} />
        <PeriodFilter search={search} setSearch={setSearch} />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={search.routine === true}
            onChange={(event) => setSearch({ routine: event.target.checked || undefined, page: undefined })}
          />{' '}
          {t('audit.showSessionChecks')}
        </label>
      </div>
      <PagedTable
        what={t('audit.what')}
        query={trail}
        columns={columns}
        rowKey={(e) => e.id}
        search={search}
        setSearch={setSearch}
        empty={search.from || search.to ? t('audit.emptyPeriod') : t('audit.empty')}
        defaultSort="at,desc"
      />
    </>
  );
}
