import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toast } from '../../app/services';
import { failureMessage } from '../../lib/failureMessage';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import { billingActions, billingKeys, billingQueries, formatMoney, SUBSCRIPTION_TERMS, type SubscriptionView } from './queries';
import './billing.css';
import { RetryButton } from '../errors/RetryButton';

/** Profile, Subscriptions: each vessel's subscription with its renewal date, and notice of non-renewal behind a confirmation. */
export function SubscriptionsPage() {
  const queryClient = useQueryClient();
  const format = useFormatters();
  const subscriptions = useQuery(billingQueries.subscriptions());
  const [ending, setEnding] = useState<SubscriptionView | null>(null);
  const cancel = useMutation({
    mutationFn: (vesselId: number) => billingActions.cancel(vesselId),
    onSuccess: (result, vesselId) => {
      toast.success(
        result.refundedPence ? `The subscription has ended; ${formatMoney(result.refundedPence, 'GBP')} will be refunded` : 'Notice of non-renewal given',
      );
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId) });
    },
    onError: () => setEnding(null),
  });

  return (
    <section className="card" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">Subscriptions</h2>
      <DelayedSpinner loading={subscriptions.isPending} label="Loading the subscriptions…" />
      {subscriptions.isError ? (
        <p className="form-error" role="alert">
          The subscriptions could not be loaded: {failureMessage(subscriptions.error)}{' '}
          <RetryButton error={subscriptions.error} onRetry={() => subscriptions.refetch()} />
        </p>
      ) : null}
      {subscriptions.isSuccess && subscriptions.data.length === 0 ? <p className="empty-state">None of your vessels has a subscription yet.</p> : null}
      {cancel.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(cancel.error)}
        </p>
      ) : null}
      <ul className="billing-list">
        {(subscriptions.data ?? []).map((s) => (
          <li key={s.id}>
            <span>
              <strong>{s.vesselName}</strong> · {s.products.map((product) => product.name).join(', ')}
              <br />
              <span className={s.valid ? undefined : 'text-warning'}>
                {s.valid ? `Active until ${format.date(s.validUntil)}` : `Ended on ${format.date(s.endedAt ?? s.validUntil)}`}
                {s.renewsOn ? ` · renews on ${format.date(s.renewsOn)}; notice until ${format.date(s.noticeDeadline!)}` : ''}
                {s.noticeGivenAt ? ` · notice given on ${format.date(s.noticeGivenAt)}` : ''}
                {s.paidBy === 'voucher' ? ' · voucher' : s.paidBy === 'voucher-and-card' ? ' · voucher, added products by card' : s.card ? ` · ${s.card}` : ''}
              </span>
            </span>
            <span className="button-row">
              <Link to="/dashboard/vessels/$vesselId/subscribe" params={{ vesselId: s.vesselId }} className="button button--small">
                {s.valid ? 'Products' : 'Renew'}
              </Link>
              {s.canManage && (s.renewsOn || s.refundableUntil) ? (
                <button type="button" className="button button--small button--danger" onClick={() => setEnding(s)}>
                  {s.refundableUntil ? 'End with a refund' : 'Give notice'}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">
        A subscription renews for {SUBSCRIPTION_TERMS.renewalMonths} months unless notice is given at least {SUBSCRIPTION_TERMS.noticeDays} days before its term
        ends.
      </p>
      {ending ? (
        <ConfirmModal
          title={ending.refundableUntil ? `End the subscription of ${ending.vesselName}?` : `Give notice of non-renewal for ${ending.vesselName}?`}
          confirmLabel={ending.refundableUntil ? 'End it and refund' : 'Give notice'}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(ending.vesselId)}
          onClose={() => setEnding(null)}
        >
          <p>
            {ending.refundableUntil
              ? `The subscription ends now and is refunded. ${ending.vesselName} loses its live values, commands and history beyond ${SUBSCRIPTION_TERMS.testPeriodDays} days at once.`
              : `It will not renew: on ${format.date(ending.validUntil)} ${ending.vesselName} loses ${ending.products.map((product) => product.name).join(', ')}, its live values, commands and history beyond ${SUBSCRIPTION_TERMS.testPeriodDays} days.`}
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
