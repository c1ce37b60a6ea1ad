/**
 * Your phone number for alarms (Profile › Notifications): add it, type the code texted to it,
 * and choose what follows an alarm or emergency you were told of that nobody acknowledged in
 * time (a text, a call, or nothing). A text is answered with ACK to acknowledge the alarm; a call
 * with the key 1. Hidden behind a note when the server sends no SMS.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { E164, PHONE_FOLLOW_UPS, type PhoneFollowUp, type PhoneSettings } from '../../../../contracts/phone';
import { reportActionFailure } from '../../app/failures';
import { toast } from '../../app/services';
import { api, isApiError } from '../../lib/api';
import './alarm-settings.css';

const phoneKey = ['profile', 'phone'] as const;
const phoneQuery = { queryKey: phoneKey, queryFn: () => api.get<PhoneSettings>('profile/phone') };

/** The server's words for a refused code or number (400, 429), shown by the field; anything else goes to the usual failure report. */
const fieldError = (error: unknown): string | null =>
  isApiError(error) && (error.status === 400 || error.status === 429 || error.status === 418) ? (error.serverMessage ?? error.message) : null;

export function PhoneNumber() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const phone = useQuery(phoneQuery);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = (data: PhoneSettings) => {
    queryClient.setQueryData(phoneKey, data);
    setError(null);
  };
  const failed = (what: string) => (e: unknown) => {
    const shown = fieldError(e);
    if (shown) setError(shown);
    else reportActionFailure(what, e);
  };
  const add = useMutation({
    mutationFn: (n: string) => api.post<PhoneSettings>('profile/phone', { number: n }),
    onSuccess: (data) => {
      settle(data);
      setCode('');
      toast.success(t('phone.codeSent', { number: data.pendingNumber }));
    },
    onError: failed(t('phone.sendingCode')),
  });
  const verify = useMutation({
    mutationFn: (c: string) => api.post<PhoneSettings>('profile/phone/verify', { code: c }),
    onSuccess: (data) => {
      settle(data);
      setChanging(false);
      setNumber('');
      toast.success(t('phone.verified'));
    },
    onError: failed(t('phone.verifying')),
  });
  const followUp = useMutation({
    mutationFn: (next: { followUp: PhoneFollowUp; followUpSeconds: number }) => api.put<PhoneSettings>('profile/phone', next),
    onSuccess: (data) => {
      settle(data);
      toast.success(t('phone.saved'));
    },
    onError: failed(t('phone.savingFollowUp')),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<PhoneSettings>('profile/phone'),
    onSuccess: (data) => {
      settle(data);
      toast.success(t('phone.removed'));
    },
    onError: failed(t('phone.removing')),
  });

  const submitNumber = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = number.replace(/[\s().-]/g, '');
    if (!E164.test(cleaned)) return setError(t('phone.international'));
    add.mutate(cleaned);
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t('phone.sixDigits'));
    verify.mutate(code.trim());
  };
  const data = phone.data;
  const asking = data && (data.number === null || changing);

  return (
    <section className="card phone-number" aria-labelledby="phone-number-title">
      <h2 id="phone-number-title">{t('phone.title')}</h2>
      {phone.isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('phone.loading')}
        </p>
      ) : null}
      {phone.isError ? (
        <div role="alert">
          <p className="form-error">{t('phone.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void phone.refetch()}>
            {t('phone.tryAgain')}
          </button>
        </div>
      ) : null}
      {data && !data.available ? <p className="muted">{t('phone.unavailable')}</p> : null}
      {data && data.available ? (
        <>
          {data.number ? (
            <p>
              <Trans
                t={t}
                i18nKey="phone.yourNumber"
                values={{ number: data.number }}
                components={{ strong: <strong />, badge: <span className="badge" /> }}
                shouldUnescape
              />
            </p>
          ) : (
            <p className="muted">{t('phone.noNumber')}</p>
          )}
          {error ? (
            <p className="field__error" role="alert" id="phone-error">
              {error}
            </p>
          ) : null}
          {asking ? (
            <form className="inline-form" onSubmit={submitNumber} noValidate>
              <div className="field">
                <label htmlFor="phone-number" className="field__label">
                  {t('phone.number')}
                </label>
                <input
                  className="input"
                  id="phone-number"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="+447700900123"
                  value={number}
                  aria-describedby={error ? 'phone-error' : 'phone-number-hint'}
                  onChange={(event) => setNumber(event.target.value)}
                />
                <p className="field__hint" id="phone-number-hint">
                  {t('phone.numberHint')}
                </p>
              </div>
              <div className="button-row">
                <button type="submit" className="button button--primary" disabled={add.isPending || !number.trim()}>
                  {add.isPending ? t('phone.sending') : t('phone.sendCode')}
                </button>
                {data.number ? (
                  <button type="button" className="button" onClick={() => setChanging(false)}>
                    {t('phone.keep', { number: data.number })}
                  </button>
                ) : null}
              </div>
            </form>
          ) : null}
          {data.pendingNumber ? (
            <form className="inline-form" onSubmit={submitCode} noValidate>
              <div className="field">
                <label htmlFor="phone-code" className="field__label">
                  {t('phone.codeTo', { number: data.pendingNumber })}
                </label>
                <input
                  className="input"
                  id="phone-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  aria-describedby={error ? 'phone-error' : undefined}
                  onChange={(event) => setCode(event.target.value)}
                />
              </div>
              <div className="button-row">
                <button type="submit" className="button button--primary" disabled={verify.isPending || !code.trim()}>
                  {verify.isPending ? t('phone.verifyingButton') : t('phone.verify')}
                </button>
              </div>
            </form>
          ) : null}
          {data.number && !changing ? (
            <>
              <div className="field">
                <label htmlFor="phone-follow-up" className="field__label">
                  {t('phone.followUp', { count: data.followUpSeconds })}
                </label>
                <select
                  className="input"
                  id="phone-follow-up"
                  value={data.followUp}
                  disabled={followUp.isPending}
                  onChange={(event) => followUp.mutate({ followUp: event.target.value as PhoneFollowUp, followUpSeconds: data.followUpSeconds })}
                >
                  {PHONE_FOLLOW_UPS.map((f) => (
                    <option key={f} value={f}>
                      {t(`phone.followUps.${f}`)}
                    </option>
                  ))}
                </select>
                <p className="field__hint">{t('phone.replyHint')}</p>
              </div>
              <div className="button-row">
                <button type="button" className="button" onClick={() => setChanging(true)}>
                  {t('phone.change')}
                </button>
                <button type="button" className="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  {t('phone.remove')}
                </button>
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
