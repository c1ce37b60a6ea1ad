import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { IncomingTransfer } from '../../../../contracts/transfer';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { isApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failureMessage';
import { RetryButton } from '../errors/RetryButton';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { Modal } from '../modal/Modal';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { transferActions, transferKeys, transferQueries } from './queries';
import './transfer.css';

/**
 * The buyer's side of a transfer of ownership, on the fleet page: vessels offered to the
 * signed-in person, to accept (choosing who stays on board) or decline. Nothing when there are none.
 */
export function IncomingTransfers() {
  const { t } = useTranslation('transfer');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const incoming = useQuery(transferQueries.incoming());
  const [accepting, setAccepting] = useState<IncomingTransfer | null>(null);
  const decline = useMutation({
    mutationFn: (transfer: IncomingTransfer) => transferActions.decline(transfer.id),
    onSuccess: (_data, transfer) => {
      toast.success(t('incoming.declined', { vessel: transfer.vesselName }));
      void queryClient.invalidateQueries({ queryKey: transferKeys.incoming });
    },
    onError: (error) => reportActionFailure(t('incoming.declining'), error),
  });

  if (incoming.isPending) return <DelayedSpinner loading label={t('incoming.loading')} />;
  // Out of reach (offline, say), the fleet shows its last known state and the app says it is offline: no second message here.
  if (incoming.isError && !(isApiError(incoming.error) && incoming.error.status !== null)) return null;
  if (incoming.isError)
    return (
      <p className="form-error" role="alert">
        {failureMessage(incoming.error, t('incoming.loadFailed'))} <RetryButton error={incoming.error} onRetry={() => incoming.refetch()} />
      </p>
    );
  if (incoming.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby="incoming-transfers-title" data-testid="incoming-transfers">
      <h2 id="incoming-transfers-title">{t('incoming.title')}</h2>
      <ul className="list">
        {incoming.data.map((transfer) => (
          <li key={transfer.id} className="list__item">
            <span>
              <Trans
                shouldUnescape
                t={t}
                i18nKey="incoming.offer"
                values={{ vessel: transfer.vesselName, seller: transfer.seller.name || transfer.seller.email }}
                components={{ vessel: <strong /> }}
              />
              <span className="muted"> · {t('incoming.answerBy', { date: format.date(transfer.expiresAt) })}</span>
            </span>
            <span className="button-row">
              <button type="button" className="button button--small" disabled={decline.isPending} onClick={() => decline.mutate(transfer)}>
                {t('incoming.decline')}
              </button>
              <button type="button" className="button button--primary button--small" onClick={() => setAccepting(transfer)}>
                {t('incoming.accept')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {accepting ? (
        <AcceptTransferModal
          transfer={accepting}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: transferKeys.incoming });
            void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
          }}
          onClose={() => setAccepting(null)}
        />
      ) : null}
    </section>
  );
}

/** Who stays on board: every member and company is offered, none kept unless ticked. */
function AcceptTransferModal({ transfer, onDone, onClose }: { transfer: IncomingTransfer; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation('transfer');
  const [open, setOpen] = useState(true);
  const [members, setMembers] = useState<number[]>([]);
  const [companies, setCompanies] = useState<number[]>([]);
  const accept = useMutation({
    mutationFn: () => transferActions.accept(transfer.id, { keepMembers: members, keepCompanies: companies }),
    onSuccess: () => {
      toast.success(t('accept.done', { vessel: transfer.vesselName }));
      setOpen(false);
      onDone();
    },
  });
  const toggle = (list: number[], set: (next: number[]) => void, id: number) => set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  const nobody = transfer.members.length === 0 && transfer.companies.length === 0;
  return (
    <Modal open={open} title={t('accept.title', { vessel: transfer.vesselName })} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <p>{t('accept.text', { vessel: transfer.vesselName, seller: transfer.seller.email })}</p>
        {nobody ? (
          <p className="muted">{t('accept.nobody', { vessel: transfer.vesselName })}</p>
        ) : (
          <fieldset className="transfer-keep">
            <legend>{t('accept.keep')}</legend>
            <p className="field__hint">{t('accept.keepHint')}</p>
            {transfer.members.map((m) => (
              <label key={`user-${m.userId}`} className="checkbox">
                <input type="checkbox" checked={members.includes(m.userId)} onChange={() => toggle(members, setMembers, m.userId)} />
                <span>
                  {m.name}
                  {m.name !== m.email ? <span className="muted"> ({m.email})</span> : null}
                  {m.pending ? <span className="muted"> · {t('accept.invited')}</span> : null}
                </span>
              </label>
            ))}
            {transfer.companies.map((c) => (
              <label key={`company-${c.companyId}`} className="checkbox">
                <input type="checkbox" checked={companies.includes(c.companyId)} onChange={() => toggle(companies, setCompanies, c.companyId)} />
                <span>
                  {c.name} <span className="muted">{t('accept.company')}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {accept.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(accept.error)}
          </p>
        ) : null}
        <div className="button-row">
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('accept.notNow')}
          </button>
          <button type="submit" className="button button--primary" disabled={accept.isPending}>
            {accept.isPending ? t('accept.accepting') : t('accept.submit', { vessel: transfer.vesselName })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
