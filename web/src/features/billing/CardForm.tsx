import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { failureMessage } from '../../lib/failureMessage';
import { TextField } from '../forms/Field';
import { cardFieldErrors, digitsOf, EMPTY_CARD, fieldOfServerMessage, parseExpiry, type CardField, type CardFormValues } from './cardForm';
import { billingActions, billingKeys, type PaymentMethod } from './queries';

/**
 * A new payment card: checked here field by field, then sent to the server, which hands it to the
 * payment provider and keeps only its brand, last four digits and expiry. A declined card shows
 * the provider's reason as the server words it.
 */
export function CardForm({ onSaved, submitLabel }: { onSaved: (method: PaymentMethod) => void; submitLabel?: string }) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CardFormValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const save = useMutation({
    mutationFn: () => {
      const expiry = parseExpiry(values.expiry)!;
      return billingActions.addCard({ holderName: values.holderName.trim(), cardNumber: digitsOf(values.cardNumber), cvc: values.cvc.trim(), ...expiry });
    },
    onSuccess: (method) => {
      setValues(EMPTY_CARD);
      void queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods });
      onSaved(method);
    },
    onError: (error) => {
      const field = isApiError(error) && error.status === 400 ? fieldOfServerMessage(error.message) : null;
      if (field) setErrors({ [field]: error.message });
    },
  });
  const set = (field: CardField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = cardFieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const serverFieldError = save.isError && isApiError(save.error) && save.error.status === 400 && fieldOfServerMessage(save.error.message);

  return (
    <form className="form card-form" onSubmit={submit} noValidate aria-label={t('card.newCard')}>
      <TextField
        label={t('card.holderName')}
        value={values.holderName}
        onChange={set('holderName')}
        autoComplete="cc-name"
        error={errors.holderName}
        required
      />
      <TextField
        label={t('card.cardNumber')}
        value={values.cardNumber}
        onChange={set('cardNumber')}
        autoComplete="cc-number"
        inputMode="numeric"
        error={errors.cardNumber}
        required
      />
      <div className="card-form__row">
        <TextField
          label={t('card.expiry')}
          value={values.expiry}
          onChange={set('expiry')}
          autoComplete="cc-exp"
          placeholder={t('card.expiryPlaceholder')}
          error={errors.expiry}
          required
        />
        <TextField label={t('card.cvc')} value={values.cvc} onChange={set('cvc')} autoComplete="cc-csc" inputMode="numeric" error={errors.cvc} required />
      </div>
      {save.isError && !serverFieldError ? (
        <p className="form-error" role="alert">
          {failureMessage(save.error, t('card.addFailed'))}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('card.checking') : (submitLabel ?? t('card.add'))}
        </button>
      </div>
    </form>
  );
}
