import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
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

/** Why card payments cannot be made here, in the current language. */
export const cardPaymentsMissing = () => i18n.t('billing:subscribe.cardPaymentsMissing');

/** Subscribe, renew or change a vessel's cloud services: its products with prices, the EULA's terms, card payment or a voucher. */
export function SubscribePage({ vessel }: { vessel: VesselDetail }) {
  const { t } = useTranslation('billing');
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
      <DelayedSpinner loading={products.isPending} label={t('subscribe.loading')} />
      {products.isError ? (
        <p className="form-error" role="alert">
          {t('subscribe.loadFailed', { reason: failureMessage(products.error) })} <RetryButton error={products.error} onRetry={() => products.refetch()} />
        </p>
      ) : null}
      {products.isSuccess ? <StatusCard vessel={vessel} data={products.data} onChanged={refresh} /> : null}
      <TermsCard />
      {products.isSuccess && canManage ? <ProductsForm vessel={vessel} data={products.data} onChanged={refresh} /> : null}
      {canManage ? <VoucherForm vesselId={vessel.id} onRedeemed={refresh} /> : <p className="muted">{t('subscribe.onlyManagers')}</p>}
    </div>
  );
}

function StatusCard({ vessel, data, onChanged }: { vessel: VesselDetail; data: VesselProducts; onChanged: () => void }) {
  const { t } = useTranslation('billing');
  const format = useFormatters();
  const [confirming, setConfirming] = useState(false);
  const subscription = data.subscription;
  const services = data.cloudServices;
  const cancel = useMutation({
    mutationFn: () => billingActions.cancel(vessel.id),
    onSuccess: (result) => {
      setConfirming(false);
      toast.success(result.refundedPence > 0 ? t('status.endedRefund', { amount: formatMoney(result.refundedPence, 'GBP') }) : t('noticeGiven'));
      onChanged();
    },
    onError: () => setConfirming(false),
  });
  const refundable = Boolean(subscription?.refundableUntil);
  return (
    <section className="card" aria-labelledby="subscription-status">
      <h2 id="subscription-status">{t('status.title', { vessel: vessel.name })}</h2>
      {subscription?.valid ? (
        <>
          <p>
            {t('status.activeUntil', {
              date: format.date(subscription.validUntil),
              products: subscription.products.map((product) => product.name).join(', '),
            })}
          </p>
          <p>
            {subscription.renewsOn
              ? t(
                  subscription.card
                    ? subscription.renewalProducts.length !== subscription.products.length
                      ? 'status.renewsCardWith'
                      : 'status.renewsCard'
                    : subscription.renewalProducts.length !== subscription.products.length
                      ? 'status.renewsWith'
                      : 'status.renews',
                  {
                    date: format.date(subscription.renewsOn),
                    months: SUBSCRIPTION_TERMS.renewalMonths,
                    card: subscription.card,
                    products: subscription.renewalProducts.map((product) => product.name).join(', '),
                    deadline: format.date(subscription.noticeDeadline!),
                  },
                )
              : subscription.noticeGivenAt
                ? t('status.noticeGiven', { date: format.date(subscription.noticeGivenAt), end: format.date(subscription.validUntil) })
                : subscription.paidBy === 'voucher'
                  ? t('status.voucher')
                  : subscription.paidBy === 'voucher-and-card'
                    ? t('status.voucherAndCard')
                    : t('status.noRenewal')}
          </p>
          {subscription.canManage && (subscription.renewsOn || refundable) ? (
            <div className="button-row">
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                {refundable ? t('status.endWithRefund') : t('status.giveNotice')}
              </button>
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-warning">
          {subscription ? t('status.noneEnded', { date: format.date(subscription.endedAt ?? subscription.validUntil) }) : t('status.none')}{' '}
          {services.inTestPeriod && services.testPeriodUntil
            ? t('status.testPeriod', { until: format.dateTime(services.testPeriodUntil), days: SUBSCRIPTION_TERMS.testPeriodDays })
            : t('status.withoutOne', { days: SUBSCRIPTION_TERMS.testPeriodDays })}
        </p>
      )}
      {cancel.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(cancel.error)}
        </p>
      ) : null}
      {confirming && subscription ? (
        <ConfirmModal
          title={refundable ? t('endTitle', { vessel: vessel.name }) : t('noticeTitle', { vessel: vessel.name })}
          confirmLabel={refundable ? t('endConfirm') : t('giveNotice')}
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          onClose={() => setConfirming(false)}
        >
          {refundable ? (
            <p>{t('status.endText', { vessel: vessel.name, days: SUBSCRIPTION_TERMS.testPeriodDays })}</p>
          ) : (
            <p>
              {t('status.noticeText', {
                date: format.date(subscription.validUntil),
                vessel: vessel.name,
                days: SUBSCRIPTION_TERMS.testPeriodDays,
                products: subscription.products.map((product) => product.name).join(', '),
              })}
            </p>
          )}
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function TermsCard() {
  const { t } = useTranslation('billing');
  return (
    <section className="card" aria-labelledby="subscription-terms">
      <h2 id="subscription-terms">{t('terms.title')}</h2>
      <ul className="subscribe__terms">
        <li>{t('terms.term', { months: SUBSCRIPTION_TERMS.termMonths })}</li>
        <li>{t('terms.renewal', { months: SUBSCRIPTION_TERMS.renewalMonths, days: SUBSCRIPTION_TERMS.noticeDays })}</li>
        <li>{t('terms.testPeriod', { days: SUBSCRIPTION_TERMS.testPeriodDays })}</li>
        <li>{t('terms.changes')}</li>
        <li>{t('terms.vat')}</li>
      </ul>
      <p>
        <Link to="/terms/$tabCode" params={{ tabCode: 'eula' }}>
          {t('terms.eula')}
        </Link>
      </p>
    </section>
  );
}

const NEW_CARD = 'new';

function ProductsForm({ vessel, data, onChanged }: { vessel: VesselDetail; data: VesselProducts; onChanged: () => void }) {
  const { t } = useTranslation('billing');
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
          ? t('products.paid', { amount: formatMoney(result.invoice.totalPence, result.invoice.currency), number: result.invoice.number })
          : t('products.changed'),
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
        <h2 id="choose-products">{changing ? t('products.change') : t('products.subscribeByCard')}</h2>
        {!data.cardPayments ? <p className="text-warning">{cardPaymentsMissing()}</p> : null}
        {buyable.length === 0 ? <p className="empty-state">{t('products.none')}</p> : null}
        <fieldset className="fieldset">
          <legend>{t('products.title')}</legend>
          {buyable.map((product) => (
            <label key={product.id} className="product-choice">
              <input type="checkbox" checked={chosen.includes(product.id)} onChange={() => toggle(product.id)} />
              <span>
                <strong>{product.name}</strong>
                {product.included ? <span className="muted"> · {t('products.included')}</span> : null}
                {product.description ? <span className="muted"> · {product.description}</span> : null}
              </span>
              <span className="product-choice__price">
                {t('products.price', { price: formatMoney(product.pricePence, product.currency), months: product.termMonths })}
              </span>
            </label>
          ))}
        </fieldset>
        {changing ? (
          <>
            <p>{t('products.changeRules', { date: format.date(running.validUntil) })}</p>
            {addedNow.length ? (
              <p className="subscribe__total" data-testid="charged-now">
                {t('products.chargedNow', {
                  amount: formatMoney(chargedNow, currency),
                  products: addedNow.map((product) => product.name).join(', '),
                  date: format.date(running.validUntil),
                  vat: data.vatPercent,
                })}
              </p>
            ) : null}
          </>
        ) : (
          <p className="subscribe__total">
            {t('products.total', {
              amount: formatMoney(total, currency),
              months: SUBSCRIPTION_TERMS.termMonths,
              vat: data.vatPercent,
              renewalMonths: SUBSCRIPTION_TERMS.renewalMonths,
              days: SUBSCRIPTION_TERMS.noticeDays,
            })}
          </p>
        )}
        {data.cardPayments && needsCard ? (
          <fieldset className="fieldset">
            <legend>{t('products.payWith')}</legend>
            {cards.isError ? (
              <p className="form-error" role="alert">
                {t('products.cardsFailed', { reason: failureMessage(cards.error) })}
              </p>
            ) : null}
            {(cards.data ?? []).map((method) => (
              <label key={method.id} className="product-choice">
                <input type="radio" name="card" value={method.id} checked={selectedCard === String(method.id)} onChange={() => setCard(String(method.id))} />
                <span>
                  {cardLabel(method)} · {t('card.expires', { month: String(method.expMonth).padStart(2, '0'), year: method.expYear })}
                </span>
              </label>
            ))}
            <label className="product-choice">
              <input type="radio" name="card" value={NEW_CARD} checked={selectedCard === NEW_CARD} onChange={() => setCard(NEW_CARD)} />
              <span>{t('products.newCard')}</span>
            </label>
          </fieldset>
        ) : null}
        {pay.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(pay.error)}
          </p>
        ) : null}
        {data.cardPayments && needsCard && selectedCard === NEW_CARD ? (
          <p className="muted">{t('products.addBelow')}</p>
        ) : (
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={!chosen.length || pay.isPending || !data.cardPayments || unchanged}>
              {pay.isPending
                ? t('products.paying')
                : changing
                  ? addedNow.length
                    ? t('products.payAndChange', { amount: formatMoney(chargedNow, currency) })
                    : t('products.change')
                  : t('products.payAndSubscribe', { amount: formatMoney(total, currency) })}
            </button>
          </div>
        )}
      </form>
      {data.cardPayments && needsCard && selectedCard === NEW_CARD ? (
        <section aria-labelledby="new-card-title">
          <h3 id="new-card-title">{t('products.newCardTitle')}</h3>
          <CardForm onSaved={(method) => setCard(String(method.id))} />
        </section>
      ) : null}
    </section>
  );
}

function VoucherForm({ vesselId, onRedeemed }: { vesselId: number; onRedeemed: () => void }) {
  const { t } = useTranslation('billing');
  const format = useFormatters();
  const [code, setCode] = useState('');
  const voucherCode = code.trim().toUpperCase();
  const check = useMutation({ mutationFn: (value: string) => billingActions.voucherDetails(value) });
  const redeem = useMutation({
    mutationFn: (value: string) => billingActions.redeemVoucher(vesselId, value),
    onSuccess: () => {
      toast.success(t('voucher.redeemed'));
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
      <h2>{t('voucher.title')}</h2>
      <TextField
        label={t('voucher.code')}
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
            {t('voucher.gives', {
              code: check.data.code,
              months: check.data.months,
              products: check.data.products.map((product) => product.name).join(', ') || t('voucher.cloudServices'),
            })}
            {check.data.expiresAt ? ` ${t('voucher.redeemBy', { date: format.date(check.data.expiresAt) })}` : ''}
          </p>
        </div>
      ) : null}
      {check.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(check.error, t('voucher.checkFailed'))}
        </p>
      ) : null}
      {redeem.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(redeem.error, t('voucher.redeemFailed'))}
        </p>
      ) : null}
      <div className="button-row">
        <button type="button" className="button" disabled={!voucherCode || check.isPending} onClick={() => check.mutate(voucherCode)}>
          {check.isPending ? t('voucher.checking') : t('voucher.check')}
        </button>
        <button type="submit" className="button button--primary" disabled={!voucherCode || redeem.isPending}>
          {redeem.isPending ? t('voucher.redeeming') : t('voucher.redeem')}
        </button>
      </div>
    </form>
  );
}
