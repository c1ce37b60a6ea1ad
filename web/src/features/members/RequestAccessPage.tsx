import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { failureMessage } from '../../lib/failureMessage';
import { FieldShell } from '../forms/Field';
import { memberActions } from './queries';
import './members.css';

/**
 * Where the link an owner shares leads: the person asks for access. The page never names the
 * vessel, and the answer is the same whether or not it exists (the server tells nothing either).
 */
export function RequestAccessPage({ vesselId }: { vesselId: number }) {
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
          <h1>Ask for access to a vessel</h1>
          <p className="muted">The vessel’s owner is told by e-mail and decides what you may see and do.</p>
        </div>
      </header>
      {ask.isSuccess ? (
        <div className="card" role="status">
          <p>Your request was passed on. Once the owner grants it, the vessel appears in your fleet.</p>
          <Link to="/dashboard" className="button">
            Back to your fleet
          </Link>
        </div>
      ) : (
        <form className="card form" onSubmit={submit}>
          <FieldShell label="Message to the owner" hint="Optional: who you are and why you ask, up to 500 characters.">
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
              {failureMessage(ask.error, 'The request could not be sent.')}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={ask.isPending}>
            {ask.isPending ? 'Sending…' : 'Ask for access'}
          </button>
        </form>
      )}
    </div>
  );
}
