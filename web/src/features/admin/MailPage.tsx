import { useQuery } from '@tanstack/react-query';
import { Modal } from '../modal/Modal';
import { AdminHeader } from './AdminLayout';
import { formatDateTime } from './format';
import { FilterChips, PagedTable, QueryState, SearchBox, type Column, type SetSearch } from './ListControls';
import type { ListSearch } from './listSearch';
import { adminQueries } from './queries';
import type { OutboxMail } from './types';

const DELIVERY: Record<OutboxMail['delivery'], string> = { outbox: 'In the outbox', sent: 'Sent', failed: 'Failed' };
const CHIPS = (Object.keys(DELIVERY) as Array<OutboxMail['delivery']>).map((value) => ({ value, label: DELIVERY[value] }));

function Delivery({ mail }: { mail: OutboxMail }) {
  return <span className={mail.delivery === 'failed' ? 'text-critical' : mail.delivery === 'sent' ? 'text-success' : ''}>{DELIVERY[mail.delivery]}</span>;
}

/**
 * The mail outbox: every message the platform sent or keeps for delivery by hand, newest first.
 * Bodies carry sign-in links and codes, so a mail's text shows only in its detail.
 */
export function MailPage({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const mail = useQuery(adminQueries.mail(search));
  const columns: Column<OutboxMail>[] = [
    { key: 'createdAt', label: 'Created', sortable: true, render: (m) => formatDateTime(m.createdAt) },
    { key: 'to', label: 'To', sortable: true, render: (m) => m.to },
    { key: 'subject', label: 'Subject', sortable: true, render: (m) => m.subject },
    { key: 'delivery', label: 'State', render: (m) => <Delivery mail={m} /> },
    { key: 'attempts', label: 'Attempts', render: (m) => (m.delivery === 'outbox' ? '0' : '1') },
    { key: 'error', label: 'Error', render: (m) => m.error ?? '—' },
    {
      key: 'details',
      label: 'Text',
      render: (m) => (
        <button type="button" className="button button--small" onClick={() => setSearch({ open: m.id })}>
          Read
          <span className="visually-hidden">
            {' '}
            the mail to {m.to}: {m.subject}
          </span>
        </button>
      ),
    },
  ];
  return (
    <>
      <AdminHeader title="Mail outbox" />
      <p className="muted">Without an SMTP server every mail waits here to be delivered by hand; with one, only the envelope of a sent mail is kept.</p>
      <div className="admin-toolbar">
        <SearchBox search={search} setSearch={setSearch} label="Search by recipient or subject" />
        <FilterChips chips={CHIPS} search={search} setSearch={setSearch} label="State" />
      </div>
      <PagedTable
        what="Mails"
        query={mail}
        columns={columns}
        rowKey={(m) => m.id}
        search={search}
        setSearch={setSearch}
        empty="No mail was sent yet."
        defaultSort="createdAt,desc"
      />
      {search.open ? <MailModal key={search.open} id={search.open} onClose={() => setSearch({ open: undefined })} /> : null}
    </>
  );
}

function MailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const mail = useQuery(adminQueries.mailItem(id));
  return (
    <Modal open title={mail.data?.subject ?? `Mail #${id}`} onClose={onClose}>
      <QueryState query={mail} what="The mail">
        {(m: OutboxMail) => (
          <>
            <dl className="admin-facts">
              <dt>To</dt>
              <dd>{m.to}</dd>
              <dt>Subject</dt>
              <dd>{m.subject}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(m.createdAt)}</dd>
              <dt>State</dt>
              <dd>
                <Delivery mail={m} />
                {m.sentAt ? <span className="muted"> · {formatDateTime(m.sentAt)}</span> : null}
              </dd>
              {m.error ? (
                <>
                  <dt>Error</dt>
                  <dd>{m.error}</dd>
                </>
              ) : null}
            </dl>
            {m.text ? (
              <pre className="admin-pre" tabIndex={0} data-testid="mail-text">
                {m.text}
              </pre>
            ) : (
              <p className="muted">The text was not kept: SMTP delivered the mail.</p>
            )}
          </>
        )}
      </QueryState>
    </Modal>
  );
}
