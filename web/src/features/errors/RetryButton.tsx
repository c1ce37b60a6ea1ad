import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';

/**
 * Whether asking again can help: the server could not be reached, it failed, or it asked to wait.
 * A refusal (no permission, not found, a bad request) answers the same the next time.
 */
export function retryHelps(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === null || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** The Retry of a section that could not load, offered only where trying again can help. */
export function RetryButton({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation('errors');
  if (!retryHelps(error)) return null;
  return (
    <button type="button" className="button button--small" onClick={() => void onRetry()}>
      {t('retry')}
    </button>
  );
}
