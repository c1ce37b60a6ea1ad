import { classifyStatus, isApiError } from '../lib/api';
import { showError, toast } from './services';

/**
 * How a failed user action is reported. A 418 carries a business message the user must read
 * (shown verbatim in the error dialog); a server error invites a report; anything else is a
 * toast "{action} has failed with status code {status}". A 401 ends the session instead, and
 * connection failures are counted by the connectivity machine as well.
 */
export function reportActionFailure(action: string, error: unknown): void {
  const status = isApiError(error) ? error.status : null;
  if (status === 401) return;
  const isServerError = status !== null && status >= 500 && classifyStatus(status) !== 'connection-failure';
  if (isApiError(error) && (status === 418 || isServerError)) {
    showError(error.toCaughtError());
    return;
  }
  toast.actionFailed(action, status);
}
