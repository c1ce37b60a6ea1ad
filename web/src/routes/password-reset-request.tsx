import { useState, type FormEvent } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { PublicLayout } from '../features/layout/PublicLayout';
import { TextField } from '../features/forms/Field';
import { registration } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';

export const Route = createFileRoute('/password-reset-request')({
  head: () => pageTitle('Forgotten password'),
  component: PasswordResetRequestPage,
});

function PasswordResetRequestPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: registration.requestPasswordReset });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  return (
    <PublicLayout>
      {request.isSuccess ? (
        <section className="card" aria-labelledby="reset-sent-title" role="status">
          <h1 id="reset-sent-title">Check your e-mail</h1>
          <p>
            If an account exists for <strong>{email.trim()}</strong>, we have sent it a link to set a new password. The link is valid for one hour.
          </p>
          <Link to="/" className="button button--primary">
            Return to Home
          </Link>
        </section>
      ) : (
        <form className="card form" onSubmit={submit} aria-labelledby="reset-request-title">
          <h1 id="reset-request-title">Reset your password</h1>
          <p>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
          <TextField label="E-mail" type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          {request.isError ? (
            <p className="form-error" role="alert">
              The request could not be sent. Please try again.
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
            {request.isPending ? 'Sending…' : 'Send reset link'}
          </button>
          <p className="form__note">
            <Link to="/">Back to sign in</Link>
          </p>
        </form>
      )}
    </PublicLayout>
  );
}
