import { isApiError } from './api';

/**
 * The words a form shows under itself when its call failed: the server's own message (the
 * envelope's `message`, verbatim, as spec 8 asks for 409 and 418), otherwise what happened.
 */
export function failureMessage(error: unknown, fallback = 'The request failed.'): string {
  if (!isApiError(error)) return fallback;
  if (error.status === null) return 'The server could not be reached. Check the connection and try again.';
  // Spec 000 §8: a 403's own text is not shown (it names permissions in the server's terms).
  if (error.status === 403) return 'You do not have permission for this.';
  if (error.serverMessage) return error.serverMessage;
  return `${fallback} (status code ${error.status})`;
}

/** True when the server does not offer the call at all: this installation lacks the feature. */
export function isNotOffered(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 418 || error.status === 501);
}
