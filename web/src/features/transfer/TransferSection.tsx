import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { failureMessage } from '../../lib/failureMessage';
import { RetryButton } from '../errors/RetryButton';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { CodeConfirmModal } from '../modal/CodeConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { transferActions, transferKeys, transferQueries } from './queries';

/**
 * The owner's side of a transfer of ownership, under the vessel's settings: start one to an
 * e-mail address (confirmed with an e-mailed code, like deleting the vessel), see the one that
 * waits for the buyer, and cancel it.
 */
export function TransferSection({ vesselId, vesselName }: { vesselId: number; vesselName: string }) {
  const queryClient = useQueryClient();
  const format = useFormatters();
  const transfer = useQuery(transferQueries.ofVessel(vesselId));
  const [starting, setStarting] = useState(false);
  const [email, setEmail] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: transferKeys.ofVessel(vesselId) });
  const cancel = useMutation({
    mutationFn: (transferId: number) => transferActions.cancel(transferId),
    onSuccess: () => {
      toast.success('Transfer cancelled');
      void refresh();
    },
    onError: (error) => reportActionFailure('Cancelling the transfer', error),
  });

  const pending = transfer.data ?? null;
  return (
    <section className="card" aria-labelledby="transfer-title" data-testid="transfer-section">
      <h2 id="transfer-title">Transfer to a new owner</h2>
      <DelayedSpinner loading={transfer.isPending} label="Loading the transfer…" />
      {transfer.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(transfer.error, 'The transfer could not be loaded.')} <RetryButton error={transfer.error} onRetry={() => transfer.refetch()} />
        </p>
      ) : null}
      {transfer.isSuccess && pending ? (
        <>
          <p role="status">
            Waiting for <strong>{pending.buyerEmail}</strong> to accept, until {format.date(pending.expiresAt)}. Nothing changes on {vesselName} until they do.
          </p>
          <div className="button-row">
            <button type="button" className="button button--danger" disabled={cancel.isPending} onClick={() => cancel.mutate(pending.id)}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel the transfer'}
            </button>
          </div>
        </>
      ) : null}
      {transfer.isSuccess && !pending ? (
        <>
          <p>
            Sold the boat? The new owner gets {vesselName} with its history, documents, notes, service log, alarm settings, bridge and subscription. You, and
            everyone you gave access that the new owner does not keep, lose access when they accept.
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => setStarting(true)}>
              Transfer {vesselName}
            </button>
          </div>
        </>
      ) : null}
      {starting ? (
        <CodeConfirmModal
          title={`Transfer ${vesselName}`}
          consequences={
            <>
              <p>
                The new owner is e-mailed a link to accept or decline within 14 days (and to create an account if they have none). When they accept,{' '}
                {vesselName} is theirs and you lose access to it.
              </p>
              <TextField
                label="New owner’s e-mail address"
                type="email"
                autoComplete="off"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </>
          }
          confirmLabel="Send me the code"
          request={() => transferActions.start(vesselId, email.trim())}
          complete={(code) => transferActions.confirm(vesselId, code)}
          onDone={(done) => {
            toast.success(`${vesselName} offered to ${done.buyerEmail}`);
            setEmail('');
            void refresh();
          }}
          onClose={() => setStarting(false)}
        />
      ) : null}
    </section>
  );
}
