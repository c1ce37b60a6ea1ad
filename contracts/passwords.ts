/**
 * The password rule, one for the server (which enforces it) and the web app (which shows it and
 * checks it before sending). docs/security.md, "Passwords".
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** What a person reads beside a new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;

/** Why a new password is refused, in the words a person reads; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  return null;
}
