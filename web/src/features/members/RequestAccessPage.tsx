import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../lib/failureMessage';
import { FieldShell } from '../forms/Field';
import { memberActions } from './queries';
import './members.css';

/**
 * Where the link an owner shares leads: the person asks for access. The page never names the
 * vessel, and the answer is the same whether or not it exists (the server tells nothing either).
 */
export function RequestAccessPage({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('members');
  const [message, setMessage] = useState('');
  const ask = useMutation({ mutationFn: () => memberActions.requestAccess(vesselId, message.trim()) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate();
  };

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>{t('ask.title')}</h1>
          <p className="muted">{t('ask.intro')}</p>
        </div>
      </header>
      {ask.isSuccess ? (
        <div className="card" role="status">
          <p>{t('ask.sent')}</p>
          <Link to="/dashboard" className="button">
            {t('ask.back')}
          </Link>
        </div>
      ) : (
        <form className="card form" onSubmit={submit}>
          <FieldShell label={t('ask.message')} hint={t('ask.messageHint', { max: 500 })}>
            {({ inputId, describedBy }) => (
              <textarea
                id={inputId}
                className="input"
                rows={3}
                maxLength={500}
                value={message}
                aria-describedby={describedBy}
                onChange={(event) => setMessage(event.target.value)}
              />
            )}
          </FieldShell>
          {ask.isError ? (
            <p className="form-error" role="alert">
              {failureMessage(ask.error, t('ask.failed'))}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={ask.isPending}>
            {ask.isPending ? t('ask.sending') : t('ask.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
