import { passwordProblem } from '../../../../contracts/passwords';

/** The client-side check before a new password is sent: the rule the server enforces (contracts). */
export function newPasswordError(password: string, confirmation: string): string | null {
  return passwordProblem(password) ?? (password !== confirmation ? 'The passwords do not match.' : null);
}
