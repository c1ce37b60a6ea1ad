import { useEffect } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { PublicLayout } from '../features/layout/PublicLayout';
import { registration } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

export const Route = createFileRoute('/complete-registration/$verificationCode')({
  head: () => pageTitle(i18n.t('common:titles.completeRegistration')),
  component: CompleteRegistrationPage,
});

function CompleteRegistrationPage() {
  const { t } = useTranslation();
  const { verificationCode } = Route.useParams();
  const complete = useMutation({ mutationFn: registration.completeRegistration });
  const { mutate } = complete;

  useEffect(() => {
    mutate(verificationCode);
  }, [mutate, verificationCode]);

  return (
    <PublicLayout>
      <section className="card" aria-labelledby="complete-title" aria-live="polite">
        <h1 id="complete-title">{t('completeRegistration.title')}</h1>
        {complete.isSuccess ? (
          <>
            <p role="status">{t('completeRegistration.done')}</p>
            <Link to="/" className="button button--primary">
              {t('public.signIn')}
            </Link>
          </>
        ) : complete.isError ? (
          <>
            <p className="form-error" role="alert">
              {isApiError(complete.error) && complete.error.serverMessage ? complete.error.serverMessage : t('completeRegistration.invalid')}
            </p>
            <Link to="/" className="button">
              {t('public.returnHome')}
            </Link>
          </>
        ) : (
          <p role="status">
            <span className="spinner spinner--small" aria-hidden="true" /> {t('completeRegistration.activating')}
          </p>
        )}
      </section>
    </PublicLayout>
  );
}
