import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { toast } from '../../app/services';
import { failureMessage } from '../../lib/failureMessage';
import { TextField } from '../forms/Field';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { ConfirmModal } from '../modal/ConfirmModal';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys } from '../vessels/queries';
import type { VesselDetail } from '../vessels/types';
import { CardForm } from './CardForm';
import { billingActions, billingKeys, billingQueries, cardLabel, formatMoney, SUBSCRIPTION_TERMS, type VesselProducts } from './queries';
import { proratedPence } from '../../../../contracts/billing';
import './billing.css';
import { RetryButton } from '../errors/RetryButton';

export const CARD_PAYMENTS_MISSING = 'Card payments are not configured on this server. Redeem a voucher instead, or ask your dealer for one.';

/** Subscribe, renew or change a vessel's cloud services: its products with prices, the EULA's terms, card payment or a voucher. */
export function SubscribePage({ vessel }: { vessel: VesselDetail }) {
  const queryClient = useQueryClient();
  const products = useQuery(billingQueries.products(vessel.id));
  const canManage = vessel.permissions.billingManager === 'MANAGE';
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vessel.id) });
    void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
    void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vessel.id, 'products') });
    void queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions });
    void queryClient.invalidateQueries({ queryKey: billingKeys.invoices });
  };

  return (
    <div className="subscribe">
      <DelayedSpinner loading={products.isPending} label="Loading the products…" />
      {products.isError ? (
        <p className="form-error" role="alert">
          The products could not be loaded: {failureMessage(products.error)} <RetryButton error={products.error} onRetry={() => products.refetch()} />
        </p>
      ) : null}
      {products.isSuccess ? <StatusCard vessel={vessel} data={products.data} onChanged={refresh} /> : null}
      <TermsCard />
      {products.isSuccess && canManage ? <ProductsForm vessel={vessel} data={products.data} onChanged={refresh} /> : null}
      {canManage ? (
        <VoucherForm vesselId={vessel.id} onRedeemed={refresh} />
      ) : (
        <p className="muted">Only members who manage billing can subscribe this vessel.</p>
      )}
    </div>
  );
}

function StatusCard({ vessel, data, onChanged }: { vessel: VesselDetail; data: VesselProducts; onChanged: () => void }) {
  const format = useFormatters();
  const [confirming, setConfirming] = useState(false);
  const subscription = data.subscription;
  const services = data.cloudServices;
  const cancel = useMutation({
    mutationFn: () => billingActions.cancel(vessel.id),
    onSuccess: (result) => {
      setConfirming(false);
      toast.success(
        result.refundedPence > 0
          ? `The subscription has ended; ${formatMoney(result.refundedPence, 'GBP')} will be refunded to the card`
          : 'Notice of non-renewal given',
      );
      onChanged();
    },
    onError: () => setConfirming(false),
  });
  const refundable = Boolean(subscription?.refundableUntil);
  return (
    <section className="card" aria-labelledby="subscription-status">
      <h2 id="subscription-status">Cloud services of {vessel.name}</h2>
      {subscription?.valid ? (
        <>
          <p>
            Active until {format.date(subscription.validUntil)}: {subscription.products.map((product) => product.name).join(', ')}.
          </p>
          <p>
            {subscription.renewsOn
              ? `Renews on ${format.date(subscription.renewsOn)} for ${SUBSCRIPTION_TERMS.renewalMonths} months${subscription.card ? `, paid with the ${subscription.card}` : ''}${
                  subscription.renewalProducts.length !== subscription.products.length
                    ? ` (with ${subscription.renewalProducts.map((product) => product.name).join(', ')})`
                    : ''
                }. Notice of non-renewal can be given until ${format.date(subscription.noticeDeadline!)}.`
              : subscription.noticeGivenAt
                ? `Notice of non-renewal was given on ${format.date(subscription.noticeGivenAt)}: it ends on ${format.date(subscription.validUntil)}.`
                : subscription.paidBy === 'voucher'
                  ? 'Paid with a voucher: it does not renew.'
                  : subscription.paidBy === 'voucher-and-card'
                    ? 'Paid with a voucher, and the products added since by card: it does not renew.'
                    : 'It does not renew.'}
          </p>
          {subscription.canManage && (subscription.renewsOn || refundable) ? (
            <div className="button-row">
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                {refundable ? 'End the subscription with a refund' : 'Give notice of non-renewal'}
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-warning">
          No active subscription
          {subscription ? `: the last one ended on ${format.date(subscription.endedAt ?? subscription.validUntil)}` : ''}.{' '}
          {services.inTestPeriod && services.testPeriodUntil
            ? `The ${SUBSCRIPTION_TERMS.testPeriodDays}-day test period after pairing lasts until ${format.dateTime(services.testPeriodUntil)}; after it, live values, commands and history beyond ${SUBSCRIPTION_TERMS.testPeriodDays} days need a subscription.`
            : `Without one the vessel shows its last known values and settings, but no live values, no commands and no history beyond ${SUBSCRIPTION_TERMS.testPeriodDays} days.`}
        </p>
      )}
      {cancel.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(cancel.error)}
        </p>
      ) : null}
      {confirming && subscription ? (
        <ConfirmModal
          title={refundable ? `End the subscription of ${vessel.name}?` : `Give notice of non-renewal for ${vessel.name}?`}
          confirmLabel={refundable ? 'End it and refund' : 'Give notice'}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          onClose={() => setConfirming(false)}
        >
          {refundable ? (
            <p>
              The subscription ends now and what was paid for it is refunded to the card. {vessel.name} loses its live values, commands and history beyond{' '}
              {SUBSCRIPTION_TERMS.testPeriodDays} days at once.
            </p>
          ) : (
            <p>
              The subscription will not renew: on {format.date(subscription.validUntil)} {vessel.name} loses its live values, commands and history beyond{' '}
              {SUBSCRIPTION_TERMS.testPeriodDays} days ({subscription.products.map((product) => product.name).join(', ')}).
            </p>
          )}
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function TermsCard() {
  return (
    <section className="card" aria-labelledby="subscription-terms">
      <h2 id="subscription-terms">Terms</h2>
      <ul className="subscribe__terms">
        <li>A subscription runs for {SUBSCRIPTION_TERMS.termMonths} months from its start.</li>
        <li>
          It renews for a further {SUBSCRIPTION_TERMS.renewalMonths} months unless notice of non-renewal is given at least {SUBSCRIPTION_TERMS.noticeDays} days
          before the term ends.
        </li>
        <li>
          Test period: for {SUBSCRIPTION_TERMS.testPeriodDays} days after a bridge is first paired the vessel has every cloud service without a subscription,
          and a new subscription paid by card can be ended within {SUBSCRIPTION_TERMS.testPeriodDays} days of its start with a full refund.
        </li>
        <li>Products added during a term are charged for the rest of the term; products taken off stay until the term ends and are not renewed.</li>
        <li>Prices include VAT. Each payment has an invoice under Profile, Invoices.</li>
      </ul>
      <p>
        <Link to="/terms/$tabCode" params={{ tabCode: 'eula' }}>
          Read the end user licence agreement
        </Link>
      </p>
    </section>
  );
}

const NEW_CARD = 'new';

function ProductsForm({ vessel, data, onChanged }: { vessel: VesselDetail; data: VesselProducts; onChanged: () => void }) {
  const format = useFormatters();
  const running = data.subscription?.valid ? data.subscription : null;
  const changing = running !== null;
  const [chosen, setChosen] = useState<number[]>(() =>
    running
      ? running.renewalProducts.map((product) => product.id)
      : data.products
          .filter((product) => product.active)
          .slice(0, 1)
          .map((product) => product.id),
  );
  const cards = useQuery({ ...billingQueries.paymentMethods(), enabled: data.cardPayments });
  const [card, setCard] = useState<string>('');
  const selectedCard = card || (cards.data?.[0] ? String(cards.data[0].id) : NEW_CARD);
  const pay = useMutation({
    mutationFn: () => {
      const paymentMethodId = selectedCard === NEW_CARD ? undefined : Number(selectedCard);
      if (changing) return billingActions.changeProducts(vessel.id, chosen, paymentMethodId);
      return billingActions.subscribeByCard(vessel.id, chosen, paymentMethodId!);
    },
    onSuccess: (result) => {
      toast.success(
        result.invoice
          ? `Paid ${formatMoney(result.invoice.totalPence, result.invoice.currency)}: invoice ${result.invoice.number}`
          : 'The products have been changed',
      );
      onChanged();
    },
  });
  const buyable = data.products.filter((product) => product.active);
  const total = buyable.filter((product) => chosen.includes(product.id)).reduce((sum, product) => sum + product.pricePence, 0);
  const currency = buyable[0]?.currency ?? 'GBP';
  const added = running ? chosen.filter((id) => !running.products.some((product) => product.id === id)) : chosen;
  const needsCard = !changing || added.length > 0;
  // Products added to a running term are charged now for the rest of it: the amount is shown before paying.
  const addedNow = running ? buyable.filter((product) => added.includes(product.id)) : [];
  const chargedNow = running ? addedNow.reduce((sum, product) => sum + proratedPence(product.pricePence, new Date(), new Date(running.validUntil)), 0) : 0;
  const unchanged =
    running !== null && chosen.length === running.renewalProducts.length && chosen.every((id) => running.renewalProducts.some((p) => p.id === id));
  const toggle = (id: number) => setChosen((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length && !(needsCard && selectedCard === NEW_CARD)) pay.mutate();
  };

  return (
    <section className="card" aria-labelledby="choose-products">
      <form className="form" onSubmit={submit}>
        <h2 id="choose-products">{changing ? 'Change the products' : 'Subscribe by card'}</h2>
        {!data.cardPayments ? <p className="text-warning">{CARD_PAYMENTS_MISSING}</p> : null}
        {buyable.length === 0 ? <p className="empty-state">No products are offered for this vessel yet.</p> : null}
        <fieldset className="fieldset">
          <legend>Products</legend>
          {buyable.map((product) => (
            <label key={product.id} className="product-choice">
              <input type="checkbox" checked={chosen.includes(product.id)} onChange={() => toggle(product.id)} />
              <span>
                <strong>{product.name}</strong>
                {product.included ? <span className="muted"> · in the subscription</span> : null}
                {product.description ? <span className="muted"> · {product.description}</span> : null}
              </span>
              <span className="product-choice__price">
                {formatMoney(product.pricePence, product.currency)} / {product.termMonths} months
              </span>
            </label>
          ))}
        </fieldset>
        {changing ? (
          <>
            <p>
              Products you add are charged for the rest of the term, until {format.date(running.validUntil)}; products you take off stay until then and are not
              renewed.
            </p>
            {addedNow.length ? (
              <p className="subscribe__total" data-testid="charged-now">
                Charged now: {formatMoney(chargedNow, currency)} for {addedNow.map((product) => product.name).join(', ')} until{' '}
                {format.date(running.validUntil)}, VAT ({data.vatPercent}%) included.
              </p>
            ) : null}
          </>
        ) : (
          <p className="subscribe__total">
            {formatMoney(total, currency)} for {SUBSCRIPTION_TERMS.termMonths} months, VAT ({data.vatPercent}%) included; renews for{' '}
            {SUBSCRIPTION_TERMS.renewalMonths} months unless notice is given {SUBSCRIPTION_TERMS.noticeDays} days before the end.
          </p>
        )}
        {data.cardPayments && needsCard ? (
          <fieldset className="fieldset">
            <legend>Pay with</legend>
            {cards.isError ? (
              <p className="form-error" role="alert">
                The saved cards could not be loaded: {failureMessage(cards.error)}
              </p>
            ) : null}
            {(cards.data ?? []).map((method) => (
              <label key={method.id} className="product-choice">
                <input type="radio" name="card" value={method.id} checked={selectedCard === String(method.id)} onChange={() => setCard(String(method.id))} />
                <span>
                  {cardLabel(method)} · expires {String(method.expMonth).padStart(2, '0')}/{method.expYear}
                </span>
              </label>
            ))}
            <label className="product-choice">
              <input type="radio" name="card" value={NEW_CARD} checked={selectedCard === NEW_CARD} onChange={() => setCard(NEW_CARD)} />
              <span>A new card</span>
            </label>
          </fieldset>
        ) : null}
        {pay.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(pay.error)}
          </p>
        ) : null}
        {data.cardPayments && needsCard && selectedCard === NEW_CARD ? (
          <p className="muted">Add the new card below; it is then chosen for this payment.</p>
        ) : (
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={!chosen.length || pay.isPending || !data.cardPayments || unchanged}>
              {pay.isPending
                ? 'Paying…'
                : changing
                  ? addedNow.length
                    ? `Pay ${formatMoney(chargedNow, currency)} and change the products`
                    : 'Change the products'
                  : `Pay ${formatMoney(total, currency)} and subscribe`}
            </button>
          </div>
        )}
      </form>
      {data.cardPayments && needsCard && selectedCard === NEW_CARD ? (
        <section aria-labelledby="new-card-title">
          <h3 id="new-card-title">New card</h3>
          <CardForm onSaved={(method) => setCard(String(method.id))} submitLabel="Add the card" />
        </section>
      ) : null}
    </section>
  );
}

function VoucherForm({ vesselId, onRedeemed }: { vesselId: number; onRedeemed: () => void }) {
  const format = useFormatters();
  const [code, setCode] = useState('');
  const voucherCode = code.trim().toUpperCase();
  const check = useMutation({ mutationFn: (value: string) => billingActions.voucherDetails(value) });
  const redeem = useMutation({
    mutationFn: (value: string) => billingActions.redeemVoucher(vesselId, value),
    onSuccess: () => {
      toast.success('Voucher redeemed: the subscription is active');
      setCode('');
      check.reset();
      onRedeemed();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (voucherCode) redeem.mutate(voucherCode);
  };
  return (
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
  );
}
