import { useState, type FormEvent } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { PublicLayout } from '../features/layout/PublicLayout';
import { NewPasswordFields } from '../features/forms/NewPasswordFields';
import { newPasswordError } from '../features/forms/passwords';
import { registration } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

interface ResetSearch {
  token?: string;
}

export const Route = createFileRoute('/password-reset')({
  head: () => pageTitle(i18n.t('common:titles.newPassword')),
  validateSearch: (search: Record<string, unknown>): ResetSearch => (typeof search.token === 'string' && search.token ? { token: search.token } : {}),
  component: PasswordResetPage,
});

function PasswordResetPage() {
  const { t } = useTranslation();
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
          <h1 id="reset-missing-title">{t('reset.title')}</h1>
          <p className="form-error" role="alert">
            {t('reset.incomplete')}
          </p>
          <Link to="/password-reset-request" className="button button--primary">
            {t('public.newLink')}
          </Link>
        </section>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      {reset.isSuccess ? (
        <section className="card" aria-labelledby="reset-done-title" role="status">
          <h1 id="reset-done-title">{t('reset.done')}</h1>
          <p>{t('reset.doneText')}</p>
          <Link to="/" className="button button--primary">
            {t('public.signIn')}
          </Link>
        </section>
      ) : (
        <form className="card form" onSubmit={submit} aria-labelledby="reset-title">
          <h1 id="reset-title">{t('reset.title')}</h1>
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={(event) => setPassword(event.target.value)}
            onConfirmation={(event) => setConfirmation(event.target.value)}
            problem={problem}
          />
          {reset.isError ? (
            <p className="form-error" role="alert">
              {isApiError(reset.error) && reset.error.serverMessage ? reset.error.serverMessage : t('reset.invalid')}
            </p>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
            {reset.isPending ? t('reset.saving') : t('reset.submit')}
          </button>
          <p className="form__note">
            <Link to="/password-reset-request">{t('public.newLink')}</Link>
          </p>
        </form>
      )}
    </PublicLayout>
  );
}
