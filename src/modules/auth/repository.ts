/**
 * The auth module's tables: users, sessions, one_time_tokens. Only this file touches them;
 * other modules go through api.ts.
 */
import type { Db } from '../../db/knex.js';
import { insertId, nowIso } from '../../db/knex.js';
import { paginate, type Page, type PageRequest } from '../../platform/pagination.js';
import type { OneTimePurpose, Preferences, TimeFormat, Theme, UnitSystem, User, UserStatus } from './types.js';

export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  country_code: string | null;
  language_code: string | null;
  image_file_id: string | null;
  /** SQLite answers 0/1. */
  is_admin: boolean | number;
  status: UserStatus;
  unit_system: UnitSystem;
  theme: Theme | null;
  time_format: TimeFormat;
  time_zone: string;
  created_at: string;
  updated_at: string;
}

interface SessionRow {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_seen_at: string | null;
  user_agent: string | null;
  ip: string | null;
}

interface OneTimeRow {
  id: number;
  user_id: number;
  purpose: OneTimePurpose;
  token_hash: string;
  target_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** The one mapper from a user row to the API's User (never the password hash). */
export const toUser = (r: UserRow): User => ({
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

const users = (db: Db) => db<UserRow>('users');

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const row = await users(db).where({ id }).first();
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<(User & { passwordHash: string | null }) | null> {
  const row = await users(db)
    .where({ email: normaliseEmail(email) })
    .first();
  return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
}

export async function usersByIds(db: Db, ids: number[]): Promise<Map<number, User>> {
  if (!ids.length) return new Map();
  const rows = await users(db).whereIn('id', [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, toUser(r)]));
}

export interface UserFilter {
  q?: string;
  status?: UserStatus;
  isAdmin?: boolean;
}

export function pageUsers(db: Db, request: PageRequest<UserFilter>): Promise<Page<User>> {
  const f = request.filter ?? {};
  const q = users(db).select('*');
  if (f.q) q.where((w) => w.whereILike('email', `%${f.q}%`).orWhereILike('first_name', `%${f.q}%`).orWhereILike('last_name', `%${f.q}%`));
  if (f.status) q.where('status', f.status);
  if (f.isAdmin !== undefined) q.where('is_admin', f.isAdmin);
  return paginate(
    q,
    request,
    { email: 'email', firstName: 'first_name', lastName: 'last_name', createdAt: 'created_at', status: 'status' },
    ['email', 'asc'],
    toUser,
  );
}

export async function passwordHashOf(db: Db, id: number): Promise<string | null> {
  const row = await users(db).where({ id }).first('password_hash');
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
  const row: Partial<UserRow> = { updated_at: nowIso() };
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
  await users(db).where({ id }).update(row);
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await users(db).where({ id }).delete();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await users(db).where({ is_admin: true, status: 'active' }).count<{ n: number | string }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

// Sessions

const sessions = (db: Db) => db<SessionRow>('sessions');

export async function insertSession(db: Db, s: { id: string; userId: number; expiresAt: string; userAgent: string | null; ip: string | null }): Promise<void> {
  await sessions(db).insert({
    id: s.id,
    user_id: s.userId,
    created_at: nowIso(),
    expires_at: s.expiresAt,
    user_agent: s.userAgent?.slice(0, 300) ?? null,
    ip: s.ip,
  });
}

export async function findLiveSession(db: Db, id: string): Promise<{ id: string; userId: number } | null> {
  const row = await sessions(db).where({ id }).whereNull('revoked_at').where('expires_at', '>', nowIso()).first();
  return row ? { id: row.id, userId: row.user_id } : null;
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  await sessions(db).where({ id }).whereNull('revoked_at').update({ revoked_at: nowIso() });
}

/** Revokes every live session of a user, except `keep` (the one making the change). */
export async function revokeUserSessions(db: Db, userId: number, keep?: string): Promise<number> {
  const q = sessions(db).where({ user_id: userId }).whereNull('revoked_at');
  if (keep) q.whereNot({ id: keep });
  return q.update({ revoked_at: nowIso() });
}

// One-time tokens and codes (stored as digests)

const oneTime = (db: Db) => db<OneTimeRow>('one_time_tokens');

export async function insertOneTime(
  db: Db,
  t: { userId: number; purpose: OneTimePurpose; tokenHash: string; targetId?: string | null; expiresAt: string },
): Promise<void> {
  await oneTime(db).insert({
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
export async function consumeOneTime(
  db: Db,
  purpose: OneTimePurpose,
  tokenHash: string,
  atIso: string,
  userId?: number,
): Promise<{ userId: number; targetId: string | null } | null> {
  const row = await oneTime(db).where({ purpose, token_hash: tokenHash }).whereNull('used_at').where('expires_at', '>', atIso).first();
  if (!row || (userId !== undefined && row.user_id !== userId)) return null;
  const updated = await oneTime(db).where({ id: row.id }).whereNull('used_at').update({ used_at: atIso });
  return updated === 1 ? { userId: row.user_id, targetId: row.target_id } : null;
}

export async function discardOneTime(db: Db, userId: number, purpose: OneTimePurpose, targetId?: string): Promise<void> {
  const q = oneTime(db).where({ user_id: userId, purpose }).whereNull('used_at');
  if (targetId !== undefined) q.where({ target_id: targetId });
  await q.update({ used_at: nowIso() });
}

/** When each user created since the given moment joined (the admin overview's chart). */
export async function userCreationTimesSince(db: Db, sinceIso: string): Promise<string[]> {
  return (await db('users').where('created_at', '>=', sinceIso).select('created_at')).map((r: { created_at: string }) => r.created_at);
}

export async function countUsers(db: Db): Promise<{ total: number; active: number; suspended: number; pending: number; admins: number }> {
  const rows = await db('users').select('status', 'is_admin');
  return {
    total: rows.length,
    active: rows.filter((r: { status: string }) => r.status === 'active').length,
    suspended: rows.filter((r: { status: string }) => r.status === 'suspended').length,
    pending: rows.filter((r: { status: string }) => r.status === 'pending').length,
    admins: rows.filter((r: { is_admin: boolean | number }) => Boolean(r.is_admin)).length,
  };
}
