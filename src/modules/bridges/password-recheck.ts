/**
 * Actions on a bridge itself (reboot, software update) re-check the caller's own password
 * (docs/product.md §5). A stolen session must not turn this into a password oracle, so checks are limited:
 * 5 in 15 minutes per user.
 */
import { ruleRefused } from '../../platform/errors.js';
import type { Limiter } from '../../platform/rate-limit.js';

export const PASSWORD_RECHECKS = { points: 5, windowSeconds: 15 * 60 };

export interface Passwords {
  checkPassword(userId: number, password: string): Promise<boolean>;
}

export class PasswordRecheck {
  constructor(
    private readonly passwords: Passwords,
    private readonly attempts: Limiter,
  ) {}

  /** Passes when the password is the user's own; 418 when it is not, 429 after too many checks. */
  async confirm(userId: number, password: string): Promise<void> {
    await this.attempts.consume(`user:${userId}`);
    if (!(await this.passwords.checkPassword(userId, password))) throw ruleRefused('The password is not correct');
  }
}
