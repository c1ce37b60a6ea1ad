/**
 * Your phone number for alarms (Profile › Notifications): add it, type the code texted to it,
 * and choose what follows an alarm or emergency you were told of that nobody acknowledged in
 * time (a text, a call, or nothing). A text is answered with ACK to acknowledge the alarm; a call
 * with the key 1. Hidden behind a note when the server sends no SMS.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { E164, PHONE_FOLLOW_UPS, type PhoneFollowUp, type PhoneSettings } from '../../../../contracts/phone';
import { reportActionFailure } from '../../app/failures';
import { toast } from '../../app/services';
import { api, isApiError } from '../../lib/api';
import './alarm-settings.css';

const phoneKey = ['profile', 'phone'] as const;
const phoneQuery = { queryKey: phoneKey, queryFn: () => api.get<PhoneSettings>('profile/phone') };

const FOLLOW_UP_LABELS: Record<PhoneFollowUp, string> = { sms: 'Text me', voice: 'Call me', off: 'Nothing' };

/** The server's words for a refused code or number (400, 429), shown by the field; anything else goes to the usual failure report. */
const fieldError = (error: unknown): string | null =>
  isApiError(error) && (error.status === 400 || error.status === 429 || error.status === 418) ? (error.serverMessage ?? error.message) : null;

export function PhoneNumber() {
  const queryClient = useQueryClient();
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
      toast.success(`A code is on its way to ${data.pendingNumber}`);
    },
    onError: failed('Sending the code'),
  });
  const verify = useMutation({
    mutationFn: (c: string) => api.post<PhoneSettings>('profile/phone/verify', { code: c }),
    onSuccess: (data) => {
      settle(data);
      setChanging(false);
      setNumber('');
      toast.success('Your phone number is verified');
    },
    onError: failed('Verifying the code'),
  });
  const followUp = useMutation({
    mutationFn: (next: { followUp: PhoneFollowUp; followUpSeconds: number }) => api.put<PhoneSettings>('profile/phone', next),
    onSuccess: (data) => {
      settle(data);
      toast.success('Saved');
    },
    onError: failed('Saving what follows an alarm'),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<PhoneSettings>('profile/phone'),
    onSuccess: (data) => {
      settle(data);
      toast.success('Your phone number was removed');
    },
    onError: failed('Removing your phone number'),
  });

  const submitNumber = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = number.replace(/[\s().-]/g, '');
    if (!E164.test(cleaned)) return setError('Type the number in international form: a plus and the country code first, e.g. +447700900123.');
    add.mutate(cleaned);
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('Type the six digits texted to you.');
    verify.mutate(code.trim());
  };
  const data = phone.data;
  const asking = data && (data.number === null || changing);

  return (
    <section className="card phone-number" aria-labelledby="phone-number-title">
      <h2 id="phone-number-title">Alarms by text and call</h2>
      {phone.isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> Loading your phone number…
        </p>
      ) : null}
      {phone.isError ? (
        <div role="alert">
          <p className="form-error">Your phone number could not be loaded.</p>
          <button type="button" className="button" onClick={() => void phone.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {data && !data.available ? (
        <p className="muted">Text messages and calls are not configured on this server; alarms reach you by e-mail, push and in the app.</p>
      ) : null}
      {data && data.available ? (
        <>
          {data.number ? (
            <p>
              Your number: <strong>{data.number}</strong> <span className="badge">Verified</span>
            </p>
          ) : (
            <p className="muted">No phone number yet. Add one to be texted or called when an alarm goes unacknowledged.</p>
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
                  Phone number
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
                  In international form, with the country code. We text a code to it.
                </p>
              </div>
              <div className="button-row">
                <button type="submit" className="button button--primary" disabled={add.isPending || !number.trim()}>
                  {add.isPending ? 'Sending…' : 'Send the code'}
                </button>
                {data.number ? (
                  <button type="button" className="button" onClick={() => setChanging(false)}>
                    Keep {data.number}
                  </button>
                ) : null}
              </div>
            </form>
          ) : null}
          {data.pendingNumber ? (
            <form className="inline-form" onSubmit={submitCode} noValidate>
              <div className="field">
                <label htmlFor="phone-code" className="field__label">
                  Code texted to {data.pendingNumber}
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
                  {verify.isPending ? 'Verifying…' : 'Verify'}
                </button>
              </div>
            </form>
          ) : null}
          {data.number && !changing ? (
            <>
              <div className="field">
                <label htmlFor="phone-follow-up" className="field__label">
                  When an alarm or emergency is not acknowledged after {data.followUpSeconds} seconds
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
                      {FOLLOW_UP_LABELS[f]}
                    </option>
                  ))}
                </select>
                <p className="field__hint">Reply ACK to the text, or press 1 on the call, to acknowledge the alarm.</p>
              </div>
              <div className="button-row">
                <button type="button" className="button" onClick={() => setChanging(true)}>
                  Change number
                </button>
                <button type="button" className="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
                  Remove number
                </button>
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
