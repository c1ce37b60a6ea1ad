/**
 * The auth module's tables: users, sessions, one_time_tokens, login_failures.
 * Nothing outside this module reads them; other modules go through api.ts.
 */
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import type { OneTimePurpose, Preferences, User, UserStatus } from './types.js';

type Db = Database | Knex.Transaction;

export const toUser = (r: any): User => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  phone: r.phone ?? null,
  countryCode: r.country_code ?? null,
  languageCode: r.language_code ?? null,
  imageFileId: r.image_file_id ?? null,
  isAdmin: Boolean(r.is_admin),
  status: r.status,
  preferences: { unitSystem: r.unit_system, theme: r.theme, timeFormat: r.time_format, timeZone: r.time_zone },
  createdAt: r.created_at,
});

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const row = await db('users').where({ id }).first();
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<(User & { passwordHash: string | null }) | null> {
  const row = await db('users').where({ email: normaliseEmail(email) }).first();
  return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
}

export async function passwordHashOf(db: Db, id: number): Promise<string | null> {
  const row = await db('users').where({ id }).first('password_hash');
  return row?.password_hash ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName?: string;
  lastName?: string;
  countryCode?: string | null;
  languageCode?: string | null;
  isAdmin?: boolean;
  status: UserStatus;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const now = nowIso();
  return insertId(db, 'users', {
    email: normaliseEmail(user.email),
    password_hash: user.passwordHash,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    country_code: user.countryCode ?? null,
    language_code: user.languageCode ?? null,
    is_admin: user.isAdmin ?? false,
    status: user.status,
    created_at: now,
    updated_at: now,
  });
}

export interface UserPatch {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  countryCode?: string | null;
  languageCode?: string | null;
  imageFileId?: string | null;
  isAdmin?: boolean;
  status?: UserStatus;
  passwordHash?: string;
  preferences?: Partial<Preferences>;
}

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<void> {
  const row: Record<string, unknown> = { updated_at: nowIso() };
  if (patch.firstName !== undefined) row.first_name = patch.firstName;
  if (patch.lastName !== undefined) row.last_name = patch.lastName;
  if (patch.phone !== undefined) row.phone = patch.phone;
  if (patch.countryCode !== undefined) row.country_code = patch.countryCode;
  if (patch.languageCode !== undefined) row.language_code = patch.languageCode;
  if (patch.imageFileId !== undefined) row.image_file_id = patch.imageFileId;
  if (patch.isAdmin !== undefined) row.is_admin = patch.isAdmin;
  if (patch.status !== undefined) row.status = patch.status;
  if (patch.passwordHash !== undefined) row.password_hash = patch.passwordHash;
  const p = patch.preferences ?? {};
  if (p.unitSystem !== undefined) row.unit_system = p.unitSystem;
  if (p.theme !== undefined) row.theme = p.theme;
  if (p.timeFormat !== undefined) row.time_format = p.timeFormat;
  if (p.timeZone !== undefined) row.time_zone = p.timeZone;
  await db('users').where({ id }).update(row);
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db('users').where({ id }).delete();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db('users').where({ is_admin: true, status: 'active' }).count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

// Sessions

export async function insertSession(db: Db, s: { id: string; userId: number; expiresAt: string; userAgent: string | null; ip: string | null }): Promise<void> {
  await db('sessions').insert({ id: s.id, user_id: s.userId, created_at: nowIso(), expires_at: s.expiresAt, user_agent: s.userAgent?.slice(0, 300) ?? null, ip: s.ip });
}

export async function findLiveSession(db: Db, id: string): Promise<{ id: string; userId: number } | null> {
  const row = await db('sessions').where({ id }).whereNull('revoked_at').where('expires_at', '>', nowIso()).first();
  return row ? { id: row.id, userId: row.user_id } : null;
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db('sessions').where({ id }).update({ last_seen_at: nowIso() });
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await db('sessions').where({ id }).whereNull('revoked_at').update({ revoked_at: nowIso() });
}

/** Revokes every live session of a user, except `keep` (the one making the change). */
export async function revokeUserSessions(db: Db, userId: number, keep?: string): Promise<number> {
  const q = db('sessions').where({ user_id: userId }).whereNull('revoked_at');
  if (keep) q.whereNot({ id: keep });
  return q.update({ revoked_at: nowIso() });
}

// One-time tokens and codes (stored as digests)

export async function insertOneTime(db: Db, t: { userId: number; purpose: OneTimePurpose; tokenHash: string; targetId?: string | null; expiresAt: string }): Promise<void> {
  await db('one_time_tokens').insert({
    user_id: t.userId,
    purpose: t.purpose,
    token_hash: t.tokenHash,
    target_id: t.targetId ?? null,
    expires_at: t.expiresAt,
    created_at: nowIso(),
  });
}

/**
 * Marks a live token used and answers its owner, atomically: of two concurrent uses, one wins.
 */
export async function consumeOneTime(db: Db, purpose: OneTimePurpose, tokenHash: string, userId?: number): Promise<{ userId: number; targetId: string | null } | null> {
  const row = await db('one_time_tokens').where({ purpose, token_hash: tokenHash }).whereNull('used_at').where('expires_at', '>', nowIso()).first();
  if (!row || (userId !== undefined && row.user_id !== userId)) return null;
  const updated = await db('one_time_tokens').where({ id: row.id }).whereNull('used_at').update({ used_at: nowIso() });
  return updated === 1 ? { userId: row.user_id, targetId: row.target_id } : null;
}

export async function discardOneTime(db: Db, userId: number, purpose: OneTimePurpose, targetId?: string): Promise<void> {
  const q = db('one_time_tokens').where({ user_id: userId, purpose }).whereNull('used_at');
  if (targetId !== undefined) q.where({ target_id: targetId });
  await q.update({ used_at: nowIso() });
}

// Login failures

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db('login_failures').insert({ email: normaliseEmail(email), ip, at: nowIso() });
}

export async function countLoginFailures(db: Db, since: string, by: { email?: string; ip?: string }): Promise<number> {
  const q = db('login_failures').where('at', '>', since);
  if (by.email !== undefined) q.where({ email: normaliseEmail(by.email) });
  if (by.ip !== undefined) q.where({ ip: by.ip });
  const row = await q.count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** The oldest failure inside the window: the window ends 15 minutes after it. */
export async function oldestLoginFailure(db: Db, since: string, by: { email?: string; ip?: string }): Promise<string | null> {
  const q = db('login_failures').where('at', '>', since);
  if (by.email !== undefined) q.where({ email: normaliseEmail(by.email) });
  if (by.ip !== undefined) q.where({ ip: by.ip });
  const row = await q.orderBy('at', 'asc').first('at');
  return row?.at ?? null;
}

export async function pruneLoginFailures(db: Db, before: string): Promise<void> {
  await db('login_failures').where('at', '<', before).delete();
}
