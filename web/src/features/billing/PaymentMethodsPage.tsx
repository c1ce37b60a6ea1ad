import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { CardForm } from './CardForm';
import { billingActions, billingKeys, billingQueries, cardLabel, type PaymentMethod } from './queries';
import './billing.css';
import { RetryButton } from '../errors/RetryButton';

/** Profile, Payment methods: the saved cards (brand, last four digits, expiry), adding one, removing one after a confirmation. */
export function PaymentMethodsPage() {
  const queryClient = useQueryClient();
  const methods = useQuery(billingQueries.paymentMethods());
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useMutation({
    mutationFn: (id: number) => billingActions.removeCard(id),
    onSuccess: () => {
      toast.success('The card has been removed');
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods });
    },
    onError: () => setRemoving(null),
  });

  return (
    <div className="subscribe">
      <section className="card" aria-labelledby="cards-title">
        <h2 id="cards-title">Payment methods</h2>
        <DelayedSpinner loading={methods.isPending} label="Loading the cards…" />
        {methods.isError ? (
          <p className="form-error" role="alert">
            The cards could not be loaded: {failureMessage(methods.error)} <RetryButton error={methods.error} onRetry={() => methods.refetch()} />
          </p>
        ) : null}
        {methods.isSuccess && methods.data.length === 0 ? (
          <p className="empty-state">No cards saved. Add one to pay for a vessel&apos;s subscription.</p>
        ) : null}
        <ul className="billing-list">
          {(methods.data ?? []).map((method) => (
            <li key={method.id}>
              <span>
                <strong>{cardLabel(method)}</strong> · expires {String(method.expMonth).padStart(2, '0')}/{method.expYear} · {method.holderName}
                {method.pays.length ? <span className="muted"> · pays the renewal of {method.pays.join(', ')}</span> : null}
              </span>
              <button
                type="button"
                className="button button--small button--danger"
                onClick={() => setRemoving(method)}
                aria-label={`Remove the ${cardLabel(method)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        {remove.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(remove.error)}
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="new-card">
        <h2 id="new-card">Add a card</h2>
        {adding ? (
          <CardForm
            onSaved={(method) => {
              toast.success(`${cardLabel(method)} added`);
              setAdding(false);
            }}
          />
        ) : (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add a card
          </button>
        )}
        <p className="muted">The card is kept by the payment provider; Vessel Link keeps only its brand, last four digits and expiry.</p>
      </section>
      {removing ? (
        <ConfirmModal
          title={`Remove the ${cardLabel(removing)}?`}
          confirmLabel="Remove the card"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing.id)}
          onClose={() => setRemoving(null)}
        >
          <p>
            The {cardLabel(removing)} (expires {String(removing.expMonth).padStart(2, '0')}/{removing.expYear}) can no longer be used for payments. Invoices
            paid with it stay.
          </p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
