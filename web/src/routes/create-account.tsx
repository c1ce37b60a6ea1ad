import { useState, type FormEvent } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../lib/api';
import { errorReportMessage } from '../lib/errorReport';
import { PublicLayout } from '../features/layout/PublicLayout';
import { TextField } from '../features/forms/Field';
import { NewPasswordFields } from '../features/forms/NewPasswordFields';
import { CountryLanguageFields } from '../features/utility/CountryLanguageFields';
import { newPasswordError } from '../features/forms/passwords';
import { registration, type NewAccount } from '../features/account/registration';
import { pageTitle } from '../features/layout/documentTitle';

export const Route = createFileRoute('/create-account')({
  head: () => pageTitle('Create account'),
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
  if (isApiError(error) && error.status === 409) return 'An account with this e-mail address already exists.';
  if (isApiError(error)) return error.serverMessage ?? errorReportMessage({ status: error.status }) ?? 'The server cannot be reached';
  return 'The account could not be created.';
}

function CreateAccountPage() {
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
          <h1 id="created-title">Check your e-mail</h1>
          <p>
            We have sent a link to <strong>{form.email}</strong>. Open it to finish your registration, then sign in.
          </p>
          <Link to="/" className="button button--primary">
            Return to Home
          </Link>
        </section>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout>
      <form className="card form" onSubmit={submit} aria-labelledby="create-title">
        <h1 id="create-title">Create an account</h1>
        <div className="form__row">
          <TextField label="First name" required autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
          <TextField label="Last name" required autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
        </div>
        <TextField label="E-mail" type="email" required autoComplete="email" value={form.email} onChange={set('email')} />
        <NewPasswordFields
          labels={['Password', 'Confirm password']}
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
          By creating an account you agree to the <Link to="/terms">Terms of Use</Link>.
        </p>
        {create.isError ? (
          <p className="form-error" role="alert">
            {failureText(create.error)}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={create.isPending}>
          {create.isPending ? 'Creating account…' : 'Create account'}
        </button>
        <p className="form__note">
          Already registered? <Link to="/">Sign in</Link>
        </p>
      </form>
    </PublicLayout>
  );
}
