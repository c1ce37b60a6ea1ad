/**
 * What other modules may ask of the auth module. Reached as `server.plugins.auth.api`.
 */
import Boom from '@hapi/boom';
import type { AppContext } from '../../platform/context.js';
import { paginate, type Page, type PageRequest } from '../../platform/pagination.js';
import { hashPassword, randomToken, digest } from '../../platform/secrets.js';
import * as repo from './repository.js';
import type { AuthService } from './service.js';
import type { UserPatch } from './repository.js';
import type { OneTimePurpose, User } from './types.js';

export type { User, SessionCredentials, Preferences } from './types.js';
export type { UserPatch } from './repository.js';

export interface UserFilter {
  q?: string;
  status?: 'pending' | 'active' | 'suspended';
  isAdmin?: boolean;
}

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function createAuthApi(ctx: AppContext, service: AuthService) {
  const { db } = ctx;
  return {
    findUser: (id: number) => repo.findUserById(db, id),
    async findUserByEmail(email: string): Promise<User | null> {
      const user = await repo.findUserByEmail(db, email);
      if (!user) return null;
      const { passwordHash: _hidden, ...rest } = user;
      return rest;
    },
    async usersByIds(ids: number[]): Promise<Map<number, User>> {
      if (!ids.length) return new Map();
      const rows = await db('users').whereIn('id', [...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, repo.toUser(r)]));
    },
    async createUser(input: { email: string; password?: string; firstName?: string; lastName?: string; isAdmin?: boolean; status?: User['status'] }): Promise<User> {
      if (await repo.findUserByEmail(db, input.email)) throw Boom.conflict('A user with this e-mail address already exists');
      const id = await repo.insertUser(db, {
        email: input.email,
        passwordHash: input.password ? await hashPassword(input.password) : null,
        firstName: input.firstName,
        lastName: input.lastName,
        isAdmin: input.isAdmin,
        status: input.status ?? 'active',
      });
      return (await repo.findUserById(db, id))!;
    },
    /**
     * Creates a pending account for an address (or reuses the existing one) and e-mails a link
     * to choose a password. Answers the user.
     */
    async inviteUser(email: string, invitation: { subject: string; text: string }): Promise<{ user: User; created: boolean }> {
      const existing = await repo.findUserByEmail(db, email);
      if (existing) {
        await ctx.mail.send({ to: existing.email, subject: invitation.subject, text: `${invitation.text}\n\nSign in at ${ctx.config.publicUrl}/` });
        const { passwordHash: _hidden, ...user } = existing;
        return { user, created: false };
      }
      const id = await repo.insertUser(db, { email, passwordHash: null, status: 'pending' });
      const token = randomToken();
      await repo.insertOneTime(db, { userId: id, purpose: 'reset_password', tokenHash: digest(token), expiresAt: new Date(Date.now() + INVITE_TTL_MS).toISOString() });
      await ctx.mail.send({
        to: repo.normaliseEmail(email),
        subject: invitation.subject,
        text: `${invitation.text}\n\nChoose your password to activate your account (valid for 7 days):\n${ctx.config.publicUrl}/password-reset?token=${token}`,
      });
      return { user: (await repo.findUserById(db, id))!, created: true };
    },
    updateUser: (id: number, patch: Omit<UserPatch, 'passwordHash' | 'status' | 'isAdmin'>) => repo.updateUser(db, id, patch),
    async setAdmin(id: number, isAdmin: boolean): Promise<void> {
      if (!isAdmin && (await repo.countAdmins(db)) <= 1) {
        const user = await repo.findUserById(db, id);
        if (user?.isAdmin) throw new Boom.Boom('The last administrator cannot lose the administrator role', { statusCode: 418 });
      }
      await repo.updateUser(db, id, { isAdmin });
    },
    async suspend(id: number): Promise<void> {
      await repo.updateUser(db, id, { status: 'suspended' });
      await repo.revokeUserSessions(db, id);
      ctx.events.emit('user.suspended', { userId: id });
    },
    activate: (id: number) => repo.updateUser(db, id, { status: 'active' }),
    async deleteUser(id: number): Promise<void> {
      await repo.revokeUserSessions(db, id);
      await repo.deleteUser(db, id);
    },
    /** Sets a password chosen by someone else (an administrator): every session of the user ends. */
    async setPassword(id: number, password: string): Promise<void> {
      await repo.updateUser(db, id, { passwordHash: await hashPassword(password) });
      await repo.revokeUserSessions(db, id);
    },
    checkPassword: (userId: number, password: string) => service.checkPassword(userId, password),
    sendConfirmationCode: (userId: number, purpose: OneTimePurpose, targetId: string, what: string) => service.sendConfirmationCode(userId, purpose, targetId, what),
    consumeConfirmationCode: (userId: number, purpose: OneTimePurpose, code: string) => service.consumeConfirmationCode(userId, purpose, code),
    async pageUsers(request: PageRequest<UserFilter>): Promise<Page<User>> {
      const f = request.filter ?? {};
      const q = db('users').select('*');
      if (f.q) q.where((w) => w.whereILike('email', `%${f.q}%`).orWhereILike('first_name', `%${f.q}%`).orWhereILike('last_name', `%${f.q}%`));
      if (f.status) q.where('status', f.status);
      if (f.isAdmin !== undefined) q.where('is_admin', f.isAdmin);
      return paginate(q, request, { email: 'email', firstName: 'first_name', lastName: 'last_name', createdAt: 'created_at', status: 'status' }, ['email', 'asc'], repo.toUser);
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

/** The public face of a user: what other users and clients may see. */
export function publicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    status: user.status,
    createdAt: user.createdAt,
  };
}
