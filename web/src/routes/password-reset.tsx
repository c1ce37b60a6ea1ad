import { useState, type FormEvent } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { PublicLayout } from '../features/layout/PublicLayout';
import { NewPasswordFields } from '../features/forms/NewPasswordFields';
import { newPasswordError } from '../features/forms/passwords';
import { registration } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';

interface ResetSearch {
  token?: string;
}

export const Route = createFileRoute('/password-reset')({
  head: () => pageTitle('New password'),
  validateSearch: (search: Record<string, unknown>): ResetSearch => (typeof search.token === 'string' && search.token ? { token: search.token } : {}),
  component: PasswordResetPage,
});

function PasswordResetPage() {
  const { token } = Route.useSearch();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: (newPassword: string) => registration.resetPassword(token ?? '', newPassword) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = newPasswordError(password, confirmation);
    setProblem(error);
    if (!error) reset.mutate(password);
  };

  if (!token) {
    return (
      <PublicLayout>
        <section className="card" aria-labelledby="reset-missing-title">
          <h1 id="reset-missing-title">Set a new password</h1>
          <p className="form-error" role="alert">
            This link is incomplete. Open the link from the e-mail again, or ask for a new one.
          </p>
          <Link to="/password-reset-request" className="button button--primary">
            Ask for a new link
          </Link>
        </section>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      {reset.isSuccess ? (
        <section className="card" aria-labelledby="reset-done-title" role="status">
          <h1 id="reset-done-title">Password changed</h1>
          <p>Your new password is set. Sign in with it now.</p>
          <Link to="/" className="button button--primary">
            Sign in
          </Link>
        </section>
      ) : (
        <form className="card form" onSubmit={submit} aria-labelledby="reset-title">
          <h1 id="reset-title">Set a new password</h1>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={(event) => setPassword(event.target.value)}
            onConfirmation={(event) => setConfirmation(event.target.value)}
            problem={problem}
          />
          {reset.isError ? (
            <p className="form-error" role="alert">
              {isApiError(reset.error) && reset.error.serverMessage ? reset.error.serverMessage : 'This link is not valid any more. Ask for a new one.'}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Set password'}
          </button>
          <p className="form__note">
            <Link to="/password-reset-request">Ask for a new link</Link>
          </p>
        </form>
      )}
    </PublicLayout>
  );
}
