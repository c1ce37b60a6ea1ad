import { useEffect } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { PublicLayout } from '../features/layout/PublicLayout';
import { registration } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';

export const Route = createFileRoute('/complete-registration/$verificationCode')({
  head: () => pageTitle('Complete registration'),
  component: CompleteRegistrationPage,
});

function CompleteRegistrationPage() {
  const { verificationCode } = Route.useParams();
  const complete = useMutation({ mutationFn: registration.completeRegistration });
  const { mutate } = complete;

  useEffect(() => {
    mutate(verificationCode);
  }, [mutate, verificationCode]);

  return (
    <PublicLayout>
      <section className="card" aria-labelledby="complete-title" aria-live="polite">
        <h1 id="complete-title">Finish registration</h1>
        {complete.isSuccess ? (
          <>
            <p role="status">Your account is active. You can now sign in.</p>
            <Link to="/" className="button button--primary">
              Sign in
            </Link>
          </>
        ) : complete.isError ? (
          <>
            <p className="form-error" role="alert">
              {isApiError(complete.error) && complete.error.serverMessage
                ? complete.error.serverMessage
                : 'This registration link is not valid any more. It may have been used already.'}
            </p>
            <Link to="/" className="button">
              Return to Home
            </Link>
          </>
        ) : (
          <p role="status">
            <span className="spinner spinner--small" aria-hidden="true" /> Activating your account…
          </p>
        )}
      </section>
    </PublicLayout>
  );
}
