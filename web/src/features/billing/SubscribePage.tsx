import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toast } from '../../app/services';
import { failureMessage, isNotOffered } from '../../lib/failureMessage';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import type { VesselDetail } from '../vessels/types';
import { billingActions, billingQueries, SUBSCRIPTION_TERMS } from './queries';
import './billing.css';

export const CARD_PAYMENTS_MISSING = 'Card payments are not configured on this server. Redeem a voucher instead, or ask your dealer for one.';

/** Subscribe or renew a vessel's cloud services: its products, the EULA's terms, a voucher, card payment where offered. */
export function SubscribePage({ vessel }: { vessel: VesselDetail }) {
  const queryClient = useQueryClient();
  const format = useFormatters();
  const products = useQuery(billingQueries.products(vessel.id, vessel.vesselSubscription));
  const [code, setCode] = useState('');
  const voucherCode = code.trim().toUpperCase();
  const canManage = vessel.permissions.billingManager === 'MANAGE';

  const check = useMutation({ mutationFn: (value: string) => billingActions.voucherDetails(value) });
  const redeem = useMutation({
    mutationFn: (value: string) => billingActions.redeemVoucher(vessel.id, value),
    onSuccess: () => {
      toast.success('Voucher redeemed: the subscription is active');
      setCode('');
      check.reset();
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vessel.id) });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
    },
  });
  const card = useMutation({
    mutationFn: () =>
      billingActions.subscribeByCard(
        vessel.id,
        (products.data?.products ?? []).map((product) => product.id),
      ),
    onSuccess: () => {
      toast.success('Subscription started');
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vessel.id) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (voucherCode) redeem.mutate(voucherCode);
  };
  const subscription = vessel.vesselSubscription;

  return (
    <div className="subscribe">
      <section className="card">
        <h2>Cloud services of {vessel.name}</h2>
        {subscription?.valid ? (
          <p>Active{subscription.validUntil ? ` until ${format.date(subscription.validUntil)}` : ''}. A new subscription starts when this one ends.</p>
        ) : (
          <p className="text-warning">
            No active subscription{subscription?.validUntil ? `: the last one ended on ${format.date(subscription.validUntil)}` : ''}. Without one the vessel is
            not monitored or controlled.
          </p>
        )}
        <h3>Products</h3>
        <DelayedSpinner loading={products.isPending} label="Loading the products…" />
        {products.isError ? (
          <p className="form-error" role="alert">
            The products could not be loaded: {failureMessage(products.error)}{' '}
            <button type="button" className="button button--small" onClick={() => void products.refetch()}>
              Retry
            </button>
          </p>
        ) : null}
        {products.isSuccess && products.data.source === 'subscription' ? (
          <p className="muted">This server does not list a vessel&apos;s products; shown are the products its subscription names.</p>
        ) : null}
        {products.isSuccess && products.data.products.length === 0 ? <p className="empty-state">No products are listed for this vessel yet.</p> : null}
        <ul className="list">
          {(products.data?.products ?? []).map((product) => (
            <li key={product.id} className="list__item">
              <span>
                {product.name}
                {product.description ? <span className="muted"> · {product.description}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="subscription-terms">
        <h2 id="subscription-terms">Terms</h2>
        <ul className="subscribe__terms">
          <li>A subscription runs for {SUBSCRIPTION_TERMS.termMonths} months from its start.</li>
          <li>
            It renews for a further {SUBSCRIPTION_TERMS.renewalMonths} months unless notice of non-renewal is given at least {SUBSCRIPTION_TERMS.noticeDays}{' '}
            days before the term ends.
          </li>
          <li>Where a test period is offered it lasts {SUBSCRIPTION_TERMS.testPeriodDays} days, during which the subscription can be ended without charge.</li>
        </ul>
        <p>
          <Link to="/terms/$tabCode" params={{ tabCode: 'eula' }}>
            Read the end user licence agreement
          </Link>
        </p>
      </section>
      {canManage ? (
        <>
          <form className="card form" onSubmit={submit}>
            <h2>Redeem a voucher</h2>
            <TextField
              label="Voucher code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              required
            />
            {check.isSuccess ? (
              <div role="status" className="subscribe__voucher">
                <p>
                  {check.data.code} gives {check.data.months} months of {check.data.products.map((product) => product.name).join(', ') || 'cloud services'}.
                  {check.data.expiresAt ? ` Redeem it by ${format.date(check.data.expiresAt)}.` : ''}
                </p>
              </div>
            ) : null}
            {check.isError ? (
              <p className="form-error" role="alert">
                {failureMessage(check.error, 'The voucher could not be checked.')}
              </p>
            ) : null}
            {redeem.isError ? (
              <p className="form-error" role="alert">
                {failureMessage(redeem.error, 'The voucher could not be redeemed.')}
              </p>
            ) : null}
            <div className="button-row">
              <button type="button" className="button" disabled={!voucherCode || check.isPending} onClick={() => check.mutate(voucherCode)}>
                {check.isPending ? 'Checking…' : 'Check the voucher'}
              </button>
              <button type="submit" className="button button--primary" disabled={!voucherCode || redeem.isPending}>
                {redeem.isPending ? 'Redeeming…' : 'Redeem'}
              </button>
            </div>
          </form>
          <section className="card">
            <h2>Pay by card</h2>
            {card.isError ? (
              <p className={isNotOffered(card.error) ? 'text-warning' : 'form-error'} role="alert">
                {isNotOffered(card.error) ? CARD_PAYMENTS_MISSING : failureMessage(card.error)}
              </p>
            ) : null}
            <div className="button-row">
              <button type="button" className="button" disabled={card.isPending || !products.isSuccess} onClick={() => card.mutate()}>
                {card.isPending ? 'Starting…' : 'Subscribe by card'}
              </button>
            </div>
          </section>
        </>
      ) : (
        <p className="muted">Only members who manage billing can subscribe this vessel.</p>
      )}
    </div>
  );
}
