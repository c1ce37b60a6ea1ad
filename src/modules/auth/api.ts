/**
 * What other modules may ask of the auth module. Reached as `server.plugins.auth.api`; the field
 * schemas and `publicUser` are plain imports.
 */
import assert from 'node:assert';
import type { AuthCredentials } from '@hapi/hapi';
import type { AppContext } from '../../platform/context.js';
import type { Letter, MailLanguage } from '../../platform/i18n.js';
import type { PageRequest } from '../../platform/pagination.js';
import * as repo from './repository.js';
import type { LinkGuard, LinkKeys } from './link-keys.js';
import type { AuthService } from './service.js';
import type { UserFilter, UserPatch } from './repository.js';
import type { OneTimePurpose, User } from './types.js';

export type { User, SessionCredentials, Preferences } from './types.js';
export type { UserFilter, UserPatch } from './repository.js';
export type { LinkGuard } from './link-keys.js';
/** The account fields' validation, shared by every form that edits them, and the query of a route that takes link keys. */
export { countryCode, email, languageCode, linkKeyQuery, name, password } from './schemas.js';

export function createAuthApi(ctx: AppContext, service: AuthService, links: LinkKeys) {
  const { db } = ctx;
  return {
    findUser: (id: number) => repo.findUserById(db, id),
    async findUserByEmail(email: string): Promise<User | null> {
      const user = await repo.findUserByEmail(db, email);
      if (!user) return null;
      const { passwordHash: _hidden, ...rest } = user;
      return rest;
    },
    usersByIds: (ids: number[]) => repo.usersByIds(db, ids),
    pageUsers: (request: PageRequest<UserFilter>) => repo.pageUsers(db, request),
    countUsers: () => repo.countUsers(db),
    userCreationTimesSince: (sinceIso: string) => repo.userCreationTimesSince(db, sinceIso),
    createUser: (input: Parameters<AuthService['createUser']>[0]) => service.createUser(input),
    inviteUser: (email: string, invitation: Letter, inviterId?: number | null) => service.inviteUser(email, invitation, inviterId),
    async updateUser(id: number, patch: Omit<UserPatch, 'passwordHash' | 'status' | 'isAdmin'>): Promise<void> {
      await repo.updateUser(db, id, patch);
      service.accountChanged(id);
    },
    setAdmin: (id: number, isAdmin: boolean) => service.setAdmin(id, isAdmin),
    suspend: (id: number) => service.suspend(id),
    async activate(id: number): Promise<void> {
      await repo.updateUser(db, id, { status: 'active' });
      service.accountChanged(id);
    },
    deleteUser: (id: number) => service.deleteUser(id),
    setPassword: (id: number, password: string) => service.setPassword(id, password),
    /** Changes the caller's own password after checking the current one (limited per user); the other sessions end. */
    changePassword: (userId: number, sessionId: string, currentPassword: string, newPassword: string) =>
      service.changePassword(userId, sessionId, currentPassword, newPassword),
    checkPassword: (userId: number, password: string) => service.checkPassword(userId, password),
    sendConfirmationCode: (userId: number, purpose: OneTimePurpose, targetId: string, what: (language: MailLanguage) => string) =>
      service.sendConfirmationCode(userId, purpose, targetId, what),
    consumeConfirmationCode: (userId: number, purpose: OneTimePurpose, code: string) => service.consumeConfirmationCode(userId, purpose, code),
    /** Refuses link keys to objects the caller cannot reach, when they are asked for (link-keys.ts). */
    guardLinks: (guard: LinkGuard) => links.addGuard(guard),
    /**
     * The user of the session behind an authenticated request while that session lives, or null:
     * what a stream checks again as it runs. It asks for the session, not for the key that opened
     * the stream, which may be a link key expired since.
     */
    async sessionUserOf(credentials: AuthCredentials): Promise<number | null> {
      const { sessionId, user } = credentials;
      return sessionId && user && (await service.credentialsFor(sessionId, user.id)) ? user.id : null;
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

/** The session of an authenticated request (logout and password change end or keep it). */
export function sessionIdOf(request: { auth: { credentials: AuthCredentials }; route: { path: string } }): string {
  const { sessionId } = request.auth.credentials;
  assert(sessionId, `route ${request.route.path} is not behind the session strategy`);
  return sessionId;
}
