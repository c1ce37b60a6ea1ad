/** The client-side check before a new password is sent; the server has the final word. */
export const MIN_PASSWORD_LENGTH = 8;

export function newPasswordError(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password !== confirmation) return 'The passwords do not match.';
  return null;
}
