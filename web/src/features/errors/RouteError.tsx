import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isApiError } from '../../lib/api';
import { errorReportMessage } from '../../lib/errorReport';
import { renderFailureText } from './RenderErrorBoundary';
import '../layout/public.css';

/**
 * A route whose loader or component failed. API failures read as the error report message of
 * their status ("Object not found"); anything else as "There was a problem loading the page".
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation('errors');
  const router = useRouter();
  const navigate = useNavigate();
  const message = isApiError(error)
    ? (errorReportMessage({ status: error.status, serverMessage: error.serverMessage }) ?? t('route.unreachable'))
    : renderFailureText({ kind: 'page' });

  useEffect(() => {
    if (!isApiError(error)) console.error(error);
  }, [error]);

  return (
    <section className="route-error" role="alert">
      <h1>{message}</h1>
      {isApiError(error) && error.serverMessage && error.serverMessage !== message ? <p>{error.serverMessage}</p> : null}
      <div className="route-error__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t('route.tryAgain')}
        </button>
        <button type="button" className="button" onClick={() => void navigate({ to: '/' })}>
          {t('route.close')}
        </button>
      </div>
    </section>
  );
}
