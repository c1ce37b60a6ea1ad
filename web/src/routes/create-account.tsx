import { useState, type FormEvent } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { errorReportMessage } from '../lib/errorReport';
import { PublicLayout } from '../features/layout/PublicLayout';
import { TextField } from '../features/forms/Field';
import { NewPasswordFields } from '../features/forms/NewPasswordFields';
import { CountryLanguageFields } from '../features/utility/CountryLanguageFields';
import { newPasswordError } from '../features/forms/passwords';
import { registration, type NewAccount } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';
import { i18n } from '../i18n';

export const Route = createFileRoute('/create-account')({
  head: () => pageTitle(i18n.t('common:titles.createAccount')),
  component: CreateAccountPage,
});

const EMPTY: NewAccount & { confirmation: string } = {
  email: '',
  password: '',
  confirmation: '',
  firstName: '',
  lastName: '',
  countryCode: '',
  languageCode: '',
};

function failureText(error: unknown): string {
  if (isApiError(error) && error.status === 409) return i18n.t('common:createAccount.exists');
  if (isApiError(error)) return error.serverMessage ?? errorReportMessage({ status: error.status }) ?? i18n.t('common:createAccount.unreachable');
  return i18n.t('common:createAccount.failed');
}

function CreateAccountPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState(EMPTY);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const create = useMutation({ mutationFn: registration.createAccount });

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordError(form.password, form.confirmation);
    setPasswordError(problem);
    if (problem) return;
    const { confirmation: _confirmation, countryCode, languageCode, ...account } = form;
    create.mutate({
      ...account,
      email: account.email.trim(),
      firstName: account.firstName.trim(),
      lastName: account.lastName.trim(),
      ...(countryCode ? { countryCode } : {}),
      ...(languageCode ? { languageCode } : {}),
    });
  };

  if (create.isSuccess) {
    return (
      <PublicLayout>
        <section className="card" aria-labelledby="created-title" role="status">
          <h1 id="created-title">{t('public.checkEmail')}</h1>
          <p>
            <Trans shouldUnescape t={t} i18nKey="createAccount.sent" values={{ email: form.email }} components={{ email: <strong /> }} />
          </p>
          <Link to="/" className="button button--primary">
            {t('public.returnHome')}
          </Link>
        </section>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <form className="card form" onSubmit={submit} aria-labelledby="create-title">
        <h1 id="create-title">{t('createAccount.title')}</h1>
        <div className="form__row">
          <TextField label={t('createAccount.firstName')} required autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
          <TextField label={t('createAccount.lastName')} required autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
        </div>
        <TextField label={t('public.email')} type="email" required autoComplete="email" value={form.email} onChange={set('email')} />
        <NewPasswordFields
          labels={[t('createAccount.password'), t('createAccount.confirmPassword')]}
          password={form.password}
          confirmation={form.confirmation}
          onPassword={set('password')}
          onConfirmation={set('confirmation')}
          problem={passwordError}
        />
        <CountryLanguageFields
          countryCode={form.countryCode ?? ''}
          languageCode={form.languageCode ?? ''}
          onCountryChange={set('countryCode')}
          onLanguageChange={set('languageCode')}
        />
        <p className="form__note">
          <Trans shouldUnescape t={t} i18nKey="createAccount.agree" components={{ terms: <Link to="/terms" /> }} />
        </p>
        {create.isError ? (
          <p className="form-error" role="alert">
            {failureText(create.error)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={create.isPending}>
          {create.isPending ? t('createAccount.creating') : t('createAccount.submit')}
        </button>
        <p className="form__note">
          <Trans shouldUnescape t={t} i18nKey="createAccount.registered" components={{ signIn: <Link to="/" /> }} />
        </p>
      </form>
    </PublicLayout>
  );
}
