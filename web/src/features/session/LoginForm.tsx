import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { session } from '../../app/services';

export function LoginForm() {
  const { t } = useTranslation('session');
  const loggingIn = useSelector(session, (state) => state.hasTag('loading'));
  const error = useSelector(session, (state) => state.context.error);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'LOGIN', credentials: { username: username.trim(), password } });
  };

  return (
    <form className="card login" onSubmit={submit} aria-labelledby="login-title" noValidate={false}>
      <h2 id="login-title">{t('login.title')}</h2>
      <div className="field">
        <label htmlFor={emailId} className="field__label">
          {t('login.email')}
        </label>
        <input
          id={emailId}
          className="input"
          type="email"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={passwordId} className="field__label">
          {t('login.password')}
        </label>
        <input
          id={passwordId}
          className="input"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={loggingIn}>
        {loggingIn ? t('login.signingIn') : t('login.submit')}
      </button>
      <div className="login__links">
        <Link to="/password-reset-request">{t('login.forgotten')}</Link>
        <Link to="/sign-in-link">{t('login.link')}</Link>
        <Link to="/create-account">{t('login.create')}</Link>
      </div>
    </form>
  );
}
