import { useState, type FormEvent } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { PublicLayout } from '../features/layout/PublicLayout';
import { TextField } from '../features/forms/Field';
import { registration } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

export const Route = createFileRoute('/password-reset-request')({
  head: () => pageTitle(i18n.t('common:titles.forgottenPassword')),
  component: PasswordResetRequestPage,
});

function PasswordResetRequestPage() {
  const { t } = useTranslation();
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
          <h1 id="reset-sent-title">{t('public.checkEmail')}</h1>
          <p>
            <Trans shouldUnescape t={t} i18nKey="resetRequest.sent" values={{ email: email.trim() }} components={{ email: <strong /> }} />
          </p>
          <Link to="/" className="button button--primary">
            {t('public.returnHome')}
          </Link>
        </section>
      ) : (
        <form className="card form" onSubmit={submit} aria-labelledby="reset-request-title">
          <h1 id="reset-request-title">{t('resetRequest.title')}</h1>
          <p>{t('resetRequest.intro')}</p>
          <TextField label={t('public.email')} type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          {request.isError ? (
            <p className="form-error" role="alert">
              {t('public.requestFailed')}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
            {request.isPending ? t('public.sending') : t('resetRequest.send')}
          </button>
          <p className="form__note">
            <Link to="/">{t('public.backToSignIn')}</Link>
          </p>
        </form>
      )}
    </PublicLayout>
  );
}
