import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const methods = useQuery(billingQueries.paymentMethods());
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [adding, setAdding] = useState(false);
  const remove = useMutation({
    mutationFn: (id: number) => billingActions.removeCard(id),
    onSuccess: () => {
      toast.success(t('cards.removed'));
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods });
    },
    onError: () => setRemoving(null),
  });

  return (
    <div className="subscribe">
      <section className="card" aria-labelledby="cards-title">
        <h2 id="cards-title">{t('cards.title')}</h2>
        <DelayedSpinner loading={methods.isPending} label={t('cards.loading')} />
        {methods.isError ? (
          <p className="form-error" role="alert">
            {t('cards.loadFailed', { reason: failureMessage(methods.error) })} <RetryButton error={methods.error} onRetry={() => methods.refetch()} />
          </p>
        ) : null}
        {methods.isSuccess && methods.data.length === 0 ? <p className="empty-state">{t('cards.empty')}</p> : null}
        <ul className="billing-list">
          {(methods.data ?? []).map((method) => (
            <li key={method.id}>
              <span>
                <strong>{cardLabel(method)}</strong> · {t('card.expires', { month: String(method.expMonth).padStart(2, '0'), year: method.expYear })} ·{' '}
                {method.holderName}
                {method.pays.length ? <span className="muted"> · {t('cards.pays', { vessels: method.pays.join(', ') })}</span> : null}
              </span>
              <button
                type="button"
                className="button button--small button--danger"
                onClick={() => setRemoving(method)}
                aria-label={t('cards.removeOf', { card: cardLabel(method) })}
              >
                {t('cards.remove')}
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
        <h2 id="new-card">{t('cards.add')}</h2>
        {adding ? (
          <CardForm
            onSaved={(method) => {
              toast.success(t('cards.added', { card: cardLabel(method) }));
              setAdding(false);
            }}
          />
        ) : (
          <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t('cards.add')}
          </button>
        )}
        <p className="muted">{t('cards.kept')}</p>
      </section>
      {removing ? (
        <ConfirmModal
          title={t('cards.removeTitle', { card: cardLabel(removing) })}
          confirmLabel={t('cards.removeConfirm')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removing.id)}
          onClose={() => setRemoving(null)}
        >
          <p>{t('cards.removeText', { card: cardLabel(removing), month: String(removing.expMonth).padStart(2, '0'), year: removing.expYear })}</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
