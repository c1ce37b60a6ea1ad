import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { i18n, labelsOf } from '../../i18n';
import { Modal } from '../modal/Modal';
import { AdminHeader } from './AdminLayout';
import { formatDateTime } from './format';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { OutboxMail } from './types';
import { HIDDEN } from '../../i18n/hidden';

const DELIVERIES = ['outbox', 'sent', 'failed'] as const satisfies ReadonlyArray<OutboxMail['delivery']>;
const DELIVERY: Record<OutboxMail['delivery'], string> = labelsOf(DELIVERIES, (delivery) => i18n.t(`admin:mail.delivery.${delivery}`));

function Delivery({ mail }: { mail: OutboxMail }) {
  return <span className={mail.delivery === 'failed' ? 'text-critical' : mail.delivery === 'sent' ? 'text-success' : ''}>{DELIVERY[mail.delivery]}</span>;
}

/**
 * The mail outbox: every message the platform sent or keeps for delivery by hand, newest first.
 * Bodies carry sign-in links and codes, so a mail's text shows only in its detail.
 */
export function MailPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const { t } = useTranslation('admin');
  const chips = DELIVERIES.map((value) => ({ value, label: DELIVERY[value] }));
  const mail = useQuery(adminQueries.mail(search));
  const columns: Column<OutboxMail>[] = [
    { key: 'createdAt', label: t('mail.columns.created'), sortable: true, render: (m) => formatDateTime(m.createdAt) },
    { key: 'to', label: t('mail.columns.to'), sortable: true, render: (m) => m.to },
    { key: 'subject', label: t('mail.columns.subject'), sortable: true, render: (m) => m.subject },
    { key: 'delivery', label: t('mail.columns.state'), render: (m) => <Delivery mail={m} /> },
    { key: 'attempts', label: t('mail.columns.attempts'), render: (m) => (m.delivery === 'outbox' ? '0' : '1') },
    { key: 'error', label: t('mail.columns.error'), render: (m) => m.error ?? '—' },
    {
      key: 'details',
      label: t('mail.columns.text'),
      render: (m) => (
        <button type="button" className="button button--small" onClick={() => setSearch({ open: m.id })}>
          <Trans t={t} i18nKey="mail.read" values={{ to: m.to, subject: m.subject }} components={HIDDEN} shouldUnescape />
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title={t('mail.title')} />
      <p className="muted">{t('mail.intro')}</p>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label={t('mail.search')} />
        <FilterChips chips={chips} search={search} setSearch={setSearch} label={t('mail.state')} />
      </div>
      <PagedTable
        what={t('mail.what')}
        query={mail}
        columns={columns}
        rowKey={(m) => m.id}
        search={search}
        setSearch={setSearch}
        empty={t('mail.empty')}
        defaultSort="createdAt,desc"
      />
      {search.open ? <MailModal key={search.open} id={search.open} onClose={() => setSearch({ open: undefined })} /> : null}
    </>
  );
}

function MailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const mail = useQuery(adminQueries.mailItem(id));
  return (
    <Modal open title={mail.data?.subject ?? t('mail.modalTitle', { id })} onClose={onClose}>
      <QueryState query={mail} what={t('mail.one')}>
        {(m: OutboxMail) => (
          <>
            <dl className="admin-facts">
              <dt>{t('mail.columns.to')}</dt>
              <dd>{m.to}</dd>
              <dt>{t('mail.columns.subject')}</dt>
              <dd>{m.subject}</dd>
              <dt>{t('mail.columns.created')}</dt>
              <dd>{formatDateTime(m.createdAt)}</dd>
              <dt>{t('mail.columns.state')}</dt>
              <dd>
                <Delivery mail={m} />
                {m.sentAt ? <span className="muted"> · {formatDateTime(m.sentAt)}</span> : null}
              </dd>
              {m.error ? (
                <>
                  <dt>{t('mail.columns.error')}</dt>
                  <dd>{m.error}</dd>
                </>
              ) : null}
            </dl>
            {m.text ? (
              <pre className="admin-pre" tabIndex={0} data-testid="mail-text">
                {m.text}
              </pre>
            ) : (
              <p className="muted">{t('mail.notKept')}</p>
            )}
          </>
        )}
      </QueryState>
    </Modal>
  );
}
