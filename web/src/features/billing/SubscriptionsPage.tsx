import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const format = useFormatters();
  const subscriptions = useQuery(billingQueries.subscriptions());
  const [ending, setEnding] = useState<SubscriptionView | null>(null);
  const cancel = useMutation({
    mutationFn: (vesselId: number) => billingActions.cancel(vesselId),
    onSuccess: (result, vesselId) => {
      toast.success(result.refundedPence ? t('subscriptions.endedRefund', { amount: formatMoney(result.refundedPence, 'GBP') }) : t('noticeGiven'));
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId) });
    },
    onError: () => setEnding(null),
  });

  return (
    <section className="card" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">{t('subscriptions.title')}</h2>
      <DelayedSpinner loading={subscriptions.isPending} label={t('subscriptions.loading')} />
      {subscriptions.isError ? (
        <p className="form-error" role="alert">
          {t('subscriptions.loadFailed', { reason: failureMessage(subscriptions.error) })}{' '}
          <RetryButton error={subscriptions.error} onRetry={() => subscriptions.refetch()} />
        </p>
      ) : null}
      {subscriptions.isSuccess && subscriptions.data.length === 0 ? <p className="empty-state">{t('subscriptions.empty')}</p> : null}
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
                {[
                  s.valid
                    ? t('subscriptions.activeUntil', { date: format.date(s.validUntil) })
                    : t('subscriptions.endedOn', { date: format.date(s.endedAt ?? s.validUntil) }),
                  s.renewsOn ? t('subscriptions.renewsOn', { date: format.date(s.renewsOn), deadline: format.date(s.noticeDeadline!) }) : null,
                  s.noticeGivenAt ? t('subscriptions.noticeGivenOn', { date: format.date(s.noticeGivenAt) }) : null,
                  s.paidBy === 'voucher' ? t('subscriptions.voucher') : s.paidBy === 'voucher-and-card' ? t('subscriptions.voucherAndCard') : s.card,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <span className="button-row">
              <Link to="/dashboard/vessels/$vesselId/subscribe" params={{ vesselId: s.vesselId }} className="button button--small">
                {s.valid ? t('subscriptions.products') : t('lapsed.renew')}
              </Link>
              {s.canManage && (s.renewsOn || s.refundableUntil) ? (
                <button type="button" className="button button--small button--danger" onClick={() => setEnding(s)}>
                  {s.refundableUntil ? t('subscriptions.endWithRefund') : t('giveNotice')}
                </button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">{t('subscriptions.renewal', { months: SUBSCRIPTION_TERMS.renewalMonths, days: SUBSCRIPTION_TERMS.noticeDays })}</p>
      {ending ? (
        <ConfirmModal
          title={ending.refundableUntil ? t('endTitle', { vessel: ending.vesselName }) : t('noticeTitle', { vessel: ending.vesselName })}
          confirmLabel={ending.refundableUntil ? t('endConfirm') : t('giveNotice')}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate(ending.vesselId)}
          onClose={() => setEnding(null)}
        >
          <p>
            {ending.refundableUntil
              ? t('subscriptions.endText', { vessel: ending.vesselName, days: SUBSCRIPTION_TERMS.testPeriodDays })
              : t('subscriptions.noticeText', {
                  date: format.date(ending.validUntil),
                  vessel: ending.vesselName,
                  products: ending.products.map((product) => product.name).join(', '),
                  days: SUBSCRIPTION_TERMS.testPeriodDays,
                })}
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}
