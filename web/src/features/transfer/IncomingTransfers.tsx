import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
  const format = useFormatters();
  const incoming = useQuery(transferQueries.incoming());
  const [accepting, setAccepting] = useState<IncomingTransfer | null>(null);
  const decline = useMutation({
    mutationFn: (transfer: IncomingTransfer) => transferActions.decline(transfer.id),
    onSuccess: (_data, transfer) => {
      toast.success(`You declined ${transfer.vesselName}`);
      void queryClient.invalidateQueries({ queryKey: transferKeys.incoming });
    },
    onError: (error) => reportActionFailure('Declining the transfer', error),
  });

  if (incoming.isPending) return <DelayedSpinner loading label="Looking for vessels offered to you…" />;
  // Out of reach (offline, say), the fleet shows its last known state and the app says it is offline: no second message here.
  if (incoming.isError && !(isApiError(incoming.error) && incoming.error.status !== null)) return null;
  if (incoming.isError)
    return (
      <p className="form-error" role="alert">
        {failureMessage(incoming.error, 'Vessels offered to you could not be loaded.')}{' '}
        <RetryButton error={incoming.error} onRetry={() => incoming.refetch()} />
      </p>
    );
  if (incoming.data.length === 0) return null;
  return (
    <section className="card" aria-labelledby="incoming-transfers-title" data-testid="incoming-transfers">
      <h2 id="incoming-transfers-title">Vessels offered to you</h2>
      <ul className="list">
        {incoming.data.map((transfer) => (
          <li key={transfer.id} className="list__item">
            <span>
              <strong>{transfer.vesselName}</strong> from {transfer.seller.name || transfer.seller.email}
              <span className="muted"> · answer by {format.date(transfer.expiresAt)}</span>
            </span>
            <span className="button-row">
              <button type="button" className="button button--small" disabled={decline.isPending} onClick={() => decline.mutate(transfer)}>
                Decline
              </button>
              <button type="button" className="button button--primary button--small" onClick={() => setAccepting(transfer)}>
                Accept…
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
  const [open, setOpen] = useState(true);
  const [members, setMembers] = useState<number[]>([]);
  const [companies, setCompanies] = useState<number[]>([]);
  const accept = useMutation({
    mutationFn: () => transferActions.accept(transfer.id, { keepMembers: members, keepCompanies: companies }),
    onSuccess: () => {
      toast.success(`${transfer.vesselName} is yours`);
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
    <Modal open={open} title={`Accept ${transfer.vesselName}`} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <p>
          {transfer.vesselName} becomes yours with its history, documents, notes, service log and subscription. {transfer.seller.email} loses access.
        </p>
        {nobody ? (
          <p className="muted">Nobody else has access to {transfer.vesselName}.</p>
        ) : (
          <fieldset className="transfer-keep">
            <legend>Who keeps access</legend>
            <p className="field__hint">Anyone you leave unticked loses access. You can invite people and companies again later.</p>
            {transfer.members.map((m) => (
              <label key={`user-${m.userId}`} className="checkbox">
                <input type="checkbox" checked={members.includes(m.userId)} onChange={() => toggle(members, setMembers, m.userId)} />
                <span>
                  {m.name}
                  {m.name !== m.email ? <span className="muted"> ({m.email})</span> : null}
                  {m.pending ? <span className="muted"> · invited</span> : null}
                </span>
              </label>
            ))}
            {transfer.companies.map((c) => (
              <label key={`company-${c.companyId}`} className="checkbox">
                <input type="checkbox" checked={companies.includes(c.companyId)} onChange={() => toggle(companies, setCompanies, c.companyId)} />
                <span>
                  {c.name} <span className="muted">(company)</span>
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
            Not now
          </button>
          <button type="submit" className="button button--primary" disabled={accept.isPending}>
            {accept.isPending ? 'Accepting…' : `Accept and own ${transfer.vesselName}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
