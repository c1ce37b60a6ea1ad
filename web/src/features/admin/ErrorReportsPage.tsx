import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Modal } from '../modal/Modal';
import { AdminHeader } from './AdminLayout';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import { formatDateTime } from './format';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { ErrorReport, ErrorReportDetail } from './types';
import { HIDDEN } from '../../i18n/hidden';

const PLATFORMS = ['CLOUD_UI', 'CLOUD_API'] as const;

/** The error reports the web app sends (utility/error), searchable on the server. */
export function ErrorReportsPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const chips = PLATFORMS.map((value) => ({ value, label: t(`errorReports.platforms.${value}`) }));
  const reports = useQuery(adminQueries.errorReports(search));
  const columns: Column<ErrorReport>[] = [
    { key: 'timestamp', label: t('errorReports.columns.when'), sortable: true, render: (r) => formatDateTime(r.timestamp) },
    { key: 'status', label: t('errorReports.columns.status'), sortable: true, render: (r) => r.status ?? '—' },
    {
      key: 'displayedMsg',
      label: t('errorReports.columns.message'),
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
    { key: 'endpoint', label: t('errorReports.columns.endpoint'), render: (r) => (r.endpoint ? <code>{r.endpoint}</code> : '—') },
    { key: 'userName', label: t('errorReports.columns.user'), render: (r) => [r.userName, r.vesselName].filter(Boolean).join(' · ') || '—' },
    { key: 'client', label: t('errorReports.columns.client'), render: (r) => [r.platform, r.uiVersion, r.browser, r.os].filter(Boolean).join(' · ') || '—' },
    {
      key: 'details',
      label: t('errorReports.columns.details'),
      render: (r) => (
        <button type="button" className="button button--small" onClick={() => setSearch({ open: r.id })}>
          <Trans t={t} i18nKey="errorReports.show" values={{ when: formatDateTime(r.timestamp) }} components={HIDDEN} shouldUnescape />
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('errorReports.title')} />
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('errorReports.search')} />
        <FilterChips chips={chips} search={search} setSearch={setSearch} label={t('errorReports.platform')} />
      </div>
      <PagedTable
        what={t('errorReports.what')}
        query={reports}
        columns={columns}
        rowKey={(r) => r.id}
        search={search}
        setSearch={setSearch}
        empty={t('errorReports.empty')}
        defaultSort="timestamp,desc"
      />
      {search.open ? <ErrorReportModal key={search.open} id={search.open} onClose={() => setSearch({ open: undefined })} /> : null}
    </>
  );
}

/** The whole report: what the user saw, where it happened, who and on which client, and what the app sent of its request. */
function ErrorReportModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const report = useQuery(adminQueries.errorReport(id));
  return (
    <Modal open title={t('errorReports.modalTitle', { id })} onClose={onClose}>
      <QueryState query={report} what={t('errorReports.one')}>
        {(r: ErrorReportDetail) => (
          <>
            <dl className="admin-facts">
              <dt>{t('errorReports.facts.message')}</dt>
              <dd>{r.displayedMsg ?? '—'}</dd>
              <dt>{t('errorReports.facts.status')}</dt>
              <dd>{r.status ?? '—'}</dd>
              <dt>{t('errorReports.facts.endpoint')}</dt>
              <dd>{r.endpoint ? <code>{r.endpoint}</code> : '—'}</dd>
              <dt>{t('errorReports.facts.when')}</dt>
              <dd>
                {formatDateTime(r.timestamp)}
                {r.timezone ? <span className="muted"> · {r.timezone}</span> : null}
              </dd>
              <dt>{t('errorReports.facts.received')}</dt>
              <dd>{formatDateTime(r.receivedAt)}</dd>
              <dt>{t('errorReports.facts.user')}</dt>
              <dd>{r.userName ? `${r.userName}${r.userId ? ` (#${r.userId})` : ''}` : '—'}</dd>
              <dt>{t('errorReports.facts.vessel')}</dt>
              <dd>{r.vesselName ? `${r.vesselName}${r.vesselId ? ` (#${r.vesselId})` : ''}` : '—'}</dd>
              <dt>{t('errorReports.facts.platform')}</dt>
              <dd>{[r.platform, r.uiVersion, r.environment].filter(Boolean).join(' · ') || '—'}</dd>
              <dt>{t('errorReports.facts.browser')}</dt>
              <dd>{[r.browser, r.os].filter(Boolean).join(' · ') || '—'}</dd>
              <dt>{t('errorReports.facts.comment')}</dt>
              <dd>{r.comment ?? '—'}</dd>
            </dl>
            <h3>{t('errorReports.requestData')}</h3>
            {r.requestData === null || r.requestData === undefined ? (
              <p className="muted">{t('errorReports.noneSent')}</p>
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
