/**
 * Accounts and sessions: login with its rate limit, session checks, registration, password
 * reset and change, and the e-mailed one-time codes of the two-step confirmations.
 */
import Boom from '@hapi/boom';
import type { AppContext } from '../../platform/context.js';
import { ruleRefused } from '../../platform/errors.js';
import { digest, hashPassword, randomCode, randomToken, verifyPassword } from '../../platform/secrets.js';
import * as repo from './repository.js';
import { SessionTokens } from './tokens.js';
import type { OneTimePurpose, SessionCredentials } from './types.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 15 * 60 * 1000;

const INVALID_LOGIN = 'Invalid e-mail or password';

export class AuthService {
  readonly tokens: SessionTokens;

  constructor(private readonly ctx: AppContext) {
    this.tokens = new SessionTokens(ctx.config.sessionSecret, ctx.config.sessionTtlSeconds);
  }

  private get db() {
    return this.ctx.db;
  }

  async login(email: string, password: string, client: { ip: string; userAgent: string | null }): Promise<string> {
    await this.assertNotRateLimited(email, client.ip);
    const user = await repo.findUserByEmail(this.db, email);
    const valid = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !valid) {
      await repo.recordLoginFailure(this.db, email, client.ip);
      throw Boom.unauthorized(INVALID_LOGIN);
    }
    if (user.status === 'suspended') throw Boom.unauthorized('This account has been suspended');
    if (user.status === 'pending') throw Boom.unauthorized('Please confirm your e-mail address first');
    return this.openSession(user.id, client);
  }

  async openSession(userId: number, client: { ip: string | null; userAgent: string | null }): Promise<string> {
    const sessionId = this.tokens.newSessionId();
    const { token, expiresAt } = await this.tokens.sign(userId, sessionId);
    await repo.insertSession(this.db, { id: sessionId, userId, expiresAt: expiresAt.toISOString(), userAgent: client.userAgent, ip: client.ip });
    return token;
  }

  private async assertNotRateLimited(email: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - LOGIN_WINDOW_MS).toISOString();
    for (const by of [{ email }, { ip }]) {
      if ((await repo.countLoginFailures(this.db, since, by)) >= LOGIN_MAX_FAILURES) {
        const oldest = await repo.oldestLoginFailure(this.db, since, by);
        const retryAfter = oldest ? Math.max(1, Math.ceil((Date.parse(oldest) + LOGIN_WINDOW_MS - Date.now()) / 1000)) : LOGIN_WINDOW_MS / 1000;
        const err = Boom.tooManyRequests('Too many failed login attempts. Please try again later.');
        err.output.headers['Retry-After'] = String(retryAfter);
        throw err;
      }
    }
  }

  /** Credentials for a bearer token, or null when it is invalid, expired, revoked or its user cannot sign in. */
  async authenticate(token: string): Promise<SessionCredentials | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const session = await repo.findLiveSession(this.db, claims.sessionId);
    if (!session || session.userId !== claims.userId) return null;
    const user = await repo.findUserById(this.db, session.userId);
    if (!user || user.status !== 'active') return null;
    return {
      user: { id: user.id, email: user.email, isAdmin: user.isAdmin },
      sessionId: session.id,
      scope: user.isAdmin ? ['user', 'admin'] : ['user'],
    };
  }

  async logout(sessionId: string): Promise<void> {
    await repo.revokeSession(this.db, sessionId);
  }

  async createAccount(input: { email: string; password: string; firstName: string; lastName: string; countryCode?: string; languageCode?: string }): Promise<void> {
    const existing = await repo.findUserByEmail(this.db, input.email);
    if (existing) {
      // Same answer as for a new address; the owner of the address learns of the attempt.
      await this.ctx.mail.send({
        to: existing.email,
        subject: 'Vessel Link: someone tried to register with your e-mail address',
        text: `Someone tried to create a Vessel Link account with this address, which already has one.\nIf it was you, sign in or reset your password at ${this.ctx.config.publicUrl}/password-reset-request.\nIf not, you can ignore this message.`,
      });
      return;
    }
    const userId = await repo.insertUser(this.db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName,
      lastName: input.lastName,
      countryCode: input.countryCode ?? null,
      languageCode: input.languageCode ?? null,
      status: 'pending',
    });
    const code = await this.issueToken(userId, 'verify_email', VERIFY_TOKEN_TTL_MS);
    await this.ctx.mail.send({
      to: repo.normaliseEmail(input.email),
      subject: 'Vessel Link: confirm your e-mail address',
      text: `Welcome to Vessel Link.\nConfirm your e-mail address to finish your registration:\n${this.ctx.config.publicUrl}/complete-registration/${code}\nThe link is valid for 7 days.`,
    });
  }

  async completeRegistration(verificationCode: string): Promise<void> {
    const used = await repo.consumeOneTime(this.db, 'verify_email', digest(verificationCode));
    if (!used) throw ruleRefused('This registration link is invalid or has expired');
    const user = await repo.findUserById(this.db, used.userId);
    if (user?.status === 'pending') await repo.updateUser(this.db, used.userId, { status: 'active' });
  }

  async forgottenPassword(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.status === 'suspended') return;
    await repo.discardOneTime(this.db, user.id, 'reset_password');
    const token = await this.issueToken(user.id, 'reset_password', RESET_TOKEN_TTL_MS);
    await this.ctx.mail.send({
      to: user.email,
      subject: 'Vessel Link: reset your password',
      text: `A password reset was requested for your Vessel Link account.\nSet a new password here (valid for 1 hour, once):\n${this.ctx.config.publicUrl}/password-reset?token=${token}\nIf you did not ask for this, ignore this message.`,
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const used = await repo.consumeOneTime(this.db, 'reset_password', digest(token));
    if (!used) throw ruleRefused('This password reset link is invalid, expired or already used');
    const user = await repo.findUserById(this.db, used.userId);
    // A reset proves control of the address, so it also completes a pending registration.
    await repo.updateUser(this.db, used.userId, { passwordHash: await hashPassword(password), status: user?.status === 'pending' ? 'active' : undefined });
    await repo.revokeUserSessions(this.db, used.userId);
  }

  async changePassword(userId: number, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
    if (!(await this.checkPassword(userId, currentPassword))) throw ruleRefused('The current password is not correct');
    await repo.updateUser(this.db, userId, { passwordHash: await hashPassword(newPassword) });
    await repo.revokeUserSessions(this.db, userId, sessionId);
  }

  async checkPassword(userId: number, password: string): Promise<boolean> {
    return verifyPassword(password, await repo.passwordHashOf(this.db, userId));
  }

  private async issueToken(userId: number, purpose: OneTimePurpose, ttlMs: number, targetId?: string): Promise<string> {
    const token = randomToken();
    await repo.insertOneTime(this.db, { userId, purpose, tokenHash: digest(token), targetId, expiresAt: new Date(Date.now() + ttlMs).toISOString() });
    return token;
  }

  /** E-mails a one-time confirmation code (15 minutes, single use) for a two-step action. */
  async sendConfirmationCode(userId: number, purpose: OneTimePurpose, targetId: string, what: string): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw Boom.notFound('User not found');
    await repo.discardOneTime(this.db, userId, purpose);
    const code = randomCode(8);
    await repo.insertOneTime(this.db, { userId, purpose, tokenHash: digest(code), targetId, expiresAt: new Date(Date.now() + CODE_TTL_MS).toISOString() });
    await this.ctx.mail.send({
      to: user.email,
      subject: `Vessel Link: confirmation code to ${what}`,
      text: `Your confirmation code to ${what} is:\n\n${code}\n\nIt is valid for 15 minutes and can be used once. If you did not ask for this, change your password.`,
    });
  }

  /** The target of a valid code of this user, or a 418. */
  async consumeConfirmationCode(userId: number, purpose: OneTimePurpose, code: string): Promise<string> {
    const used = await repo.consumeOneTime(this.db, purpose, digest(code.trim().toUpperCase()), userId);
    if (!used || used.targetId === null) throw ruleRefused('The confirmation code is invalid or has expired');
    return used.targetId;
  }
}
