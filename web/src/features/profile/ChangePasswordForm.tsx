import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { isApiError } from '../../lib/api';
import { actionFailedText } from '../../lib/errorReport';
import { TextField } from '../forms/Field';
import { NewPasswordFields } from '../forms/NewPasswordFields';
import { newPasswordError } from '../forms/passwords';
import { profileActions } from './queries';

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => profileActions.changePassword(current, next),
    onSuccess: () => {
      toast.success(t('password.changed'));
      setCurrent('');
      setNext('');
      setConfirmation('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = newPasswordError(next, confirmation);
    setProblem(error);
    if (!error) change.mutate();
  };

  const failure = change.isError
    ? isApiError(change.error) && (change.error.status === 400 || change.error.status === 418 || change.error.status === 403)
      ? (change.error.serverMessage ?? t('password.wrong'))
      : actionFailedText(t('password.changing'), isApiError(change.error) ? change.error.status : null)
    : null;

  return (
    <form className="card form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">{t('password.title')}</h2>
      <TextField
        label={t('password.current')}
        type="password"
        required
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <NewPasswordFields
        password={next}
        confirmation={confirmation}
        onPassword={(event) => setNext(event.target.value)}
        onConfirmation={(event) => setConfirmation(event.target.value)}
        problem={problem}
      />
      {failure ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {change.isPending ? t('saving') : t('password.title')}
        </button>
      </div>
    </form>
  );
}
