/**
 * Accounts and sessions: login behind its limits, session checks, registration, password reset
 * and change, account administration, and the e-mailed one-time codes of the two-step
 * confirmations.
 */
import Boom from '@hapi/boom';
import type { AppContext } from '../../platform/context.js';
import { ruleRefused } from '../../platform/errors.js';
import { ENGLISH_READER, mailLanguageOf, readerOf, translator, type Letter, type MailLanguage } from '../../platform/i18n.js';
import { digest, hashPassword, randomCode, randomToken, verifyPassword } from '../../platform/secrets.js';
import type { Limiter } from '../../platform/rate-limit.js';
import { ReadThrough } from '../../platform/read-through.js';
import { DeviceKeys, LoginThrottle } from './login-throttle.js';
import * as repo from './repository.js';
import { SessionTokens } from './tokens.js';
import type { OneTimePurpose, SessionCredentials, User, UserStatus } from './types.js';

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  countryCode?: string;
  languageCode?: string;
}

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 15 * 60 * 1000;
/** A sign-in link by e-mail: the way in when password guessers have spent the account's login budget. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
export const SIGN_IN_LINK_LIMITS = {
  /** Links redeemed (or tried) per address: a link is a 256-bit secret, counted all the same. */
  redeemsPerAddress: { points: 20, windowSeconds: 15 * 60 },
} as const;
const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What the public registration calls may cost: e-mails go to addresses nobody has proven to own. */
export const REGISTER_LIMITS = {
  /** Mails to one address (reset links, registration notices): nobody can bury an inbox. */
  mailsPerRecipient: { points: 3, windowSeconds: 60 * 60 },
  accountsPerAddress: { points: 10, windowSeconds: 60 * 60 },
  resetsPerAddress: { points: 10, windowSeconds: 60 * 60 },
} as const;

export const PASSWORD_RECHECKS = { points: 5, windowSeconds: 15 * 60 } as const;

const INVALID_LOGIN = 'Invalid e-mail or password';

/**
 * Session checks kept in memory (docs/decisions.md, "Request caches"): every change this module
 * makes is announced and drops them at once on every node; the bound is for writers that announce
 * nothing (the admin CLI), whose changes take effect within it.
 */
export const SESSION_CACHE = { max: 10_000, ttlMs: 2000 } as const;

export interface Client {
  ip: string;
  userAgent: string | null;
}

export class AuthService {
  readonly tokens: SessionTokens;
  private readonly throttle: LoginThrottle;
  private readonly devices: DeviceKeys;
  private readonly mailsPerRecipient: Limiter;
  private readonly accountsPerAddress: Limiter;
  private readonly resetsPerAddress: Limiter;
  private readonly passwordRechecks: Limiter;
  private readonly linkRedeems: Limiter;
  /** sessionId → its user and credentials, or null when it is not live or its user may not sign in. */
  private readonly sessions: ReadThrough<string, { userId: number; credentials: SessionCredentials } | null>;

  constructor(private readonly ctx: AppContext) {
    this.sessions = new ReadThrough(async (sessionId) => ({ value: await this.checkSession(sessionId) }), { ...SESSION_CACHE, now: () => ctx.clock.now() });
    ctx.events.on('user.sessions', ({ sessionId }) => (sessionId ? this.sessions.forget(sessionId) : this.sessions.clear()), { cluster: true });
    ctx.events.on('user.suspended', () => this.sessions.clear(), { cluster: true });
    this.tokens = new SessionTokens(ctx.config.sessionSecret, ctx.config.sessionTtlSeconds);
    this.throttle = new LoginThrottle(ctx.limits);
    this.devices = new DeviceKeys(ctx.config.sessionSecret);
    this.mailsPerRecipient = ctx.limits.limiter(
      'register.mailsPerRecipient',
      REGISTER_LIMITS.mailsPerRecipient,
      'Too many messages to this address. Please try again later.',
    );
    this.accountsPerAddress = ctx.limits.limiter('register.accountsPerAddress', REGISTER_LIMITS.accountsPerAddress);
    this.resetsPerAddress = ctx.limits.limiter('register.resetsPerAddress', REGISTER_LIMITS.resetsPerAddress);
    this.linkRedeems = ctx.limits.limiter('auth.signInLinks', SIGN_IN_LINK_LIMITS.redeemsPerAddress);
    this.passwordRechecks = ctx.limits.limiter(
      'profile.passwordRechecks',
      PASSWORD_RECHECKS,
      'Too many attempts at your current password. Please try again later.',
    );
  }

  private get db() {
    return this.ctx.db;
  }

  /**
   * The session key, and the device key this device shows at its next sign-in (the one it showed,
   * when valid; `deviceKeys` are those its cookie and payload carry): a recognised device keeps a
   * login budget of its own (login-throttle.ts).
   */
  async login(email: string, password: string, client: Client, deviceKeys: Array<string | undefined> = []): Promise<{ token: string; deviceKey: string }> {
    const account = repo.normaliseEmail(email);
    const recognised = this.devices.recognise(account, deviceKeys);
    const device = recognised?.id ?? null;
    await this.throttle.admit(account, client.ip, device);
    const user = await repo.findUserByEmail(this.db, account);
    const valid = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !valid) throw Boom.unauthorized(INVALID_LOGIN);
    await this.throttle.succeeded(account, client.ip, device);
    if (user.status === 'suspended') throw Boom.unauthorized('This account has been suspended');
    if (user.status === 'pending') throw Boom.unauthorized('Please confirm your e-mail address first');
    return { token: await this.openSession(user.id, client), deviceKey: recognised?.key ?? this.devices.issue(account) };
  }

  /**
   * Mails a one-time sign-in link (15 minutes) when the address has an active account; the answer
   * and the limits (those of password resets) are the same for unknown addresses. It is what the
   * owner of an account under attack uses while guessers have spent its login budget.
   */
  async sendSignInLink(email: string, client: Client): Promise<void> {
    await this.resetsPerAddress.consume(client.ip);
    await this.mailsPerRecipient.consume(repo.normaliseEmail(email));
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.status !== 'active') return;
    await repo.discardOneTime(this.db, user.id, 'sign_in_link');
    const token = await this.issueToken(user.id, 'sign_in_link', SIGN_IN_LINK_TTL_MS);
    const t = this.words(readerOf(user).language);
    await this.ctx.mail.send({
      to: user.email,
      subject: t('signInLink.subject'),
      text: t('signInLink.text', { link: `${this.ctx.config.publicUrl}/sign-in-link?token=${token}` }),
    });
  }

  /** Redeems a sign-in link: a session, and a device key that makes this device a recognised one. */
  async signInWithLink(token: string, client: Client): Promise<{ token: string; deviceKey: string }> {
    await this.linkRedeems.consume(client.ip);
    const used = await repo.consumeOneTime(this.db, 'sign_in_link', digest(token), this.nowIso());
    if (!used) throw ruleRefused('This sign-in link is invalid, expired or already used. Ask for a new one.');
    const user = await repo.findUserById(this.db, used.userId);
    if (!user || user.status !== 'active') throw Boom.unauthorized('This account cannot sign in');
    return { token: await this.openSession(user.id, client), deviceKey: this.devices.issue(repo.normaliseEmail(user.email)) };
  }

  private async openSession(userId: number, client: Client): Promise<string> {
    const sessionId = this.tokens.newSessionId();
    const { token, expiresAt } = this.tokens.sign(userId, sessionId, Date.now());
    await repo.insertSession(this.db, { id: sessionId, userId, expiresAt: expiresAt.toISOString(), userAgent: client.userAgent, ip: client.ip });
    return token;
  }

  /** Credentials for a session named by a verified key, or null when it is revoked, expired or its user cannot sign in. */
  async credentialsFor(sessionId: string, userId: number): Promise<SessionCredentials | null> {
    const session = await this.sessions.get(sessionId);
    return session && session.userId === userId ? session.credentials : null;
  }

  private async checkSession(sessionId: string): Promise<{ userId: number; credentials: SessionCredentials } | null> {
    const session = await repo.findLiveSession(this.db, sessionId);
    const user = session && (await repo.findUserById(this.db, session.userId));
    if (!session || !user || user.status !== 'active') return null;
    const credentials = {
      user: { id: user.id, email: user.email, isAdmin: user.isAdmin },
      sessionId: session.id,
      scope: user.isAdmin ? ['user', 'admin'] : ['user'],
    };
    return { userId: user.id, credentials };
  }

  /** Announces a change to a user's sessions or account, after it is stored: cached checks of them are dropped everywhere. */
  accountChanged(userId: number, sessionId?: string): void {
    this.ctx.events.emit('user.sessions', sessionId ? { userId, sessionId } : { userId });
  }

  async logout(sessionId: string, userId: number): Promise<void> {
    await repo.revokeSession(this.db, sessionId);
    this.accountChanged(userId, sessionId);
  }

  async createAccount(input: NewAccount, client: Client): Promise<void> {
    await this.accountsPerAddress.consume(client.ip);
    // Counted whether or not the address is known, so a 429 reveals nothing either.
    await this.mailsPerRecipient.consume(repo.normaliseEmail(input.email));
    const existing = await repo.findUserByEmail(this.db, input.email);
    if (existing) {
      // Same answer as for a new address; the owner of the address learns of the attempt.
      const t = this.words(readerOf(existing).language);
      await this.ctx.mail.send({
        to: existing.email,
        subject: t('registerTaken.subject'),
        text: t('registerTaken.text', { link: `${this.ctx.config.publicUrl}/password-reset-request` }),
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
    // Written in the language chosen on the registration form, if any.
    const t = this.words(mailLanguageOf(input.languageCode));
    await this.ctx.mail.send({
      to: repo.normaliseEmail(input.email),
      subject: t('confirmEmail.subject'),
      text: t('confirmEmail.text', { link: `${this.ctx.config.publicUrl}/complete-registration/${code}` }),
    });
  }

  async completeRegistration(verificationCode: string): Promise<void> {
    const used = await repo.consumeOneTime(this.db, 'verify_email', digest(verificationCode), this.nowIso());
    if (!used) throw ruleRefused('This registration link is invalid or has expired');
    const user = await repo.findUserById(this.db, used.userId);
    if (user?.status === 'pending') await repo.updateUser(this.db, used.userId, { status: 'active' });
  }

  /** Mails a reset link when the address has an account; the limits apply alike to unknown addresses. */
  async forgottenPassword(email: string, client: Client): Promise<void> {
    await this.resetsPerAddress.consume(client.ip);
    await this.mailsPerRecipient.consume(repo.normaliseEmail(email));
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.status === 'suspended') return;
    await repo.discardOneTime(this.db, user.id, 'reset_password');
    const token = await this.issueToken(user.id, 'reset_password', RESET_TOKEN_TTL_MS);
    const t = this.words(readerOf(user).language);
    await this.ctx.mail.send({
      to: user.email,
      subject: t('reset.subject'),
      text: t('reset.text', { link: `${this.ctx.config.publicUrl}/password-reset?token=${token}` }),
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const used = await repo.consumeOneTime(this.db, 'reset_password', digest(token), this.nowIso());
    if (!used) throw ruleRefused('This password reset link is invalid, expired or already used');
    const user = await repo.findUserById(this.db, used.userId);
    // A reset proves control of the address, so it also completes a pending registration.
    await repo.updateUser(this.db, used.userId, { passwordHash: await hashPassword(password), status: user?.status === 'pending' ? 'active' : undefined });
    await repo.revokeUserSessions(this.db, used.userId);
    this.accountChanged(used.userId);
  }

  /** The current password is counted before it is checked: a stolen session cannot guess it. */
  async changePassword(userId: number, sessionId: string, currentPassword: string, newPassword: string): Promise<void> {
    await this.passwordRechecks.consume(String(userId));
    if (!(await this.checkPassword(userId, currentPassword))) throw ruleRefused('The current password is not correct');
    await repo.updateUser(this.db, userId, { passwordHash: await hashPassword(newPassword) });
    await repo.revokeUserSessions(this.db, userId, sessionId);
    this.accountChanged(userId);
  }

  async checkPassword(userId: number, password: string): Promise<boolean> {
    return verifyPassword(password, await repo.passwordHashOf(this.db, userId));
  }

  private async existingUser(userId: number): Promise<User> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw Boom.notFound('User not found');
    return user;
  }

  /** The server's clock as an ISO time, `afterMs` ahead: one-time tokens and codes expire by it (docs/architecture.md, "One clock"). */
  private nowIso(afterMs = 0): string {
    return new Date(this.ctx.clock.now() + afterMs).toISOString();
  }

  private async issueToken(userId: number, purpose: OneTimePurpose, ttlMs: number, targetId?: string): Promise<string> {
    const token = randomToken();
    await repo.insertOneTime(this.db, { userId, purpose, tokenHash: digest(token), targetId, expiresAt: this.nowIso(ttlMs) });
    return token;
  }

  /** E-mails a one-time confirmation code (15 minutes, single use) for a two-step action; `what` names the action in the user's language ("delete your account"). */
  async sendConfirmationCode(userId: number, purpose: OneTimePurpose, targetId: string, what: (language: MailLanguage) => string): Promise<void> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw Boom.notFound('User not found');
    await repo.discardOneTime(this.db, userId, purpose);
    const code = randomCode(8);
    await repo.insertOneTime(this.db, { userId, purpose, tokenHash: digest(code), targetId, expiresAt: this.nowIso(CODE_TTL_MS) });
    const { language } = readerOf(user);
    const t = this.words(language);
    const action = what(language);
    await this.ctx.mail.send({ to: user.email, subject: t('code.subject', { what: action }), text: t('code.text', { what: action, code }) });
  }

  /** The target of a valid code of this user, or a 418. */
  async consumeConfirmationCode(userId: number, purpose: OneTimePurpose, code: string): Promise<string> {
    const used = await repo.consumeOneTime(this.db, purpose, digest(code.trim().toUpperCase()), this.nowIso(), userId);
    if (!used || used.targetId === null) throw ruleRefused('The confirmation code is invalid or has expired');
    return used.targetId;
  }

  async createUser(input: { email: string; password?: string; firstName?: string; lastName?: string; isAdmin?: boolean; status?: UserStatus }): Promise<User> {
    if (await repo.findUserByEmail(this.db, input.email)) throw Boom.conflict('A user with this e-mail address already exists');
    const id = await repo.insertUser(this.db, {
      email: input.email,
      passwordHash: input.password ? await hashPassword(input.password) : null,
      firstName: input.firstName,
      lastName: input.lastName,
      isAdmin: input.isAdmin,
      status: input.status ?? 'active',
    });
    return this.existingUser(id);
  }

  /**
   * Creates a pending account for an address (or reuses the existing one) and e-mails a link
   * to choose a password. Answers the user. The invitation is written in the invitee's language;
   * an address with no account yet reads the inviter's (`inviterId`; none: English), the
   * language the inviter writes to them in (docs/decisions.md, "Languages (issue 46)").
   */
  async inviteUser(email: string, invitation: Letter, inviterId?: number | null): Promise<{ user: User; created: boolean }> {
    const existing = await repo.findUserByEmail(this.db, email);
    if (existing) {
      const reader = readerOf(existing);
      const { subject, text } = invitation(reader);
      const signIn = this.words(reader.language)('invitation.signIn', { link: `${this.ctx.config.publicUrl}/` });
      await this.ctx.mail.send({ to: existing.email, subject, text: `${text}\n\n${signIn}` });
      const { passwordHash: _hidden, ...user } = existing;
      return { user, created: false };
    }
    const inviter = inviterId ? await repo.findUserById(this.db, inviterId) : null;
    const reader = inviter ? readerOf(inviter) : ENGLISH_READER;
    // The pending account keeps the inviter's language (when they chose a shipped one), so what
    // follows the invitation (the message digest, a resent invitation) speaks it too; the person
    // can change it on their profile once signed in.
    const languageCode = inviter?.languageCode && reader.language !== 'en' ? reader.language : null;
    const id = await repo.insertUser(this.db, { email, passwordHash: null, status: 'pending', languageCode });
    const token = await this.issueToken(id, 'reset_password', INVITE_TTL_MS);
    const { subject, text } = invitation(reader);
    const choose = this.words(reader.language)('invitation.choosePassword', { link: `${this.ctx.config.publicUrl}/password-reset?token=${token}` });
    await this.ctx.mail.send({ to: repo.normaliseEmail(email), subject, text: `${text}\n\n${choose}` });
    return { user: await this.existingUser(id), created: true };
  }

  /** The auth e-mails' words in a language. */
  private words(language: MailLanguage) {
    return translator(language, 'auth');
  }

  async setAdmin(id: number, isAdmin: boolean): Promise<void> {
    if (!isAdmin && (await repo.countAdmins(this.db)) <= 1) {
      const user = await repo.findUserById(this.db, id);
      if (user?.isAdmin) throw ruleRefused('The last administrator cannot lose the administrator role');
    }
    await repo.updateUser(this.db, id, { isAdmin });
    this.accountChanged(id);
  }

  async suspend(id: number): Promise<void> {
    await repo.updateUser(this.db, id, { status: 'suspended' });
    await repo.revokeUserSessions(this.db, id);
    this.ctx.events.emit('user.suspended', { userId: id });
  }

  async deleteUser(id: number): Promise<void> {
    await repo.revokeUserSessions(this.db, id);
    await repo.deleteUser(this.db, id);
    this.accountChanged(id);
  }

  /** Sets a password chosen by someone else (an administrator): every session of the user ends. */
  async setPassword(id: number, password: string): Promise<void> {
    await repo.updateUser(this.db, id, { passwordHash: await hashPassword(password) });
    await repo.revokeUserSessions(this.db, id);
    this.accountChanged(id);
  }
}
