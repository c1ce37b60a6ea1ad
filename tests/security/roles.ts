/**
 * The cast of the attack suite: every kind of caller, signed in against the demo data, plus
 * members at each permission level and a paused one on Sea Breeze (created here).
 */
import { NO_PERMISSIONS, normalisePermissions, OWNER_PERMISSIONS, type PermissionSet } from '../../contracts/permissions.js';
import { insertId, nowIso } from '../../src/db/knex.js';
import { hashPassword } from '../../src/platform/secrets.js';
import type { TestServer } from '../helpers/server.js';

export const OWN_VESSEL = 1; // Sea Breeze, owner@demo.test
export const FOREIGN_VESSEL = 3; // Northern Star, owner2@demo.test

export type RoleName =
  'anonymous' | 'owner' | 'viewer' | 'manager' | 'denied' | 'paused' | 'crew' | 'otherOwner' | 'staffWithAccess' | 'staffWithoutAccess' | 'admin';

/** How a role reaches Sea Breeze (`permissions` null: not at all), and whether it owns Northern Star. */
export interface RoleAccess {
  token: string | null;
  paused: boolean;
  permissions: PermissionSet | null;
  owner: boolean;
  admin: boolean;
  ownsForeignVessel: boolean;
}

const VIEW_ALL: PermissionSet = {
  ...NO_PERMISSIONS,
  alertManager: 'VIEW',
  auditLogs: 'VIEW',
  deviceManager: 'VIEW',
  documents: 'VIEW',
  routineManager: 'VIEW',
  userManager: 'VIEW',
  securityManager: 'VIEW',
  billingManager: 'VIEW',
};
const MANAGE_ALL_BUT_OWNER: PermissionSet = { ...OWNER_PERMISSIONS };
const PASSWORD = 'attack-suite-password-1';

async function addMember(t: TestServer, email: string, permissions: PermissionSet, paused: boolean): Promise<void> {
  const now = nowIso();
  const userId = await insertId(t.database.db, 'users', {
    email,
    password_hash: await hashPassword(PASSWORD),
    first_name: 'Test',
    last_name: email,
    is_admin: false,
    status: 'active',
    created_at: now,
    updated_at: now,
  });
  await t.database
    .db('vessel_members')
    .insert({ vessel_id: OWN_VESSEL, user_id: userId, permissions: JSON.stringify(permissions), paused, status: 'active', created_at: now });
}

export async function signInEveryRole(t: TestServer): Promise<Record<RoleName, RoleAccess>> {
  await addMember(t, 'viewer@attack.test', VIEW_ALL, false);
  await addMember(t, 'manager@attack.test', MANAGE_ALL_BUT_OWNER, false);
  await addMember(t, 'denied@attack.test', NO_PERMISSIONS, false);
  await addMember(t, 'paused@attack.test', MANAGE_ALL_BUT_OWNER, true);
  const crew = (await t.database.db('vessel_members').where({ vessel_id: OWN_VESSEL }).whereNotNull('user_id').first()) as { permissions: string };
  const dealer = (await t.database.db('vessel_members').where({ vessel_id: OWN_VESSEL }).whereNotNull('company_id').first()) as { permissions: string };
  const role = (token: string | null, permissions: PermissionSet | null, extra: Partial<RoleAccess> = {}): RoleAccess => ({
    token,
    permissions,
    paused: false,
    owner: false,
    admin: false,
    ownsForeignVessel: false,
    ...extra,
  });
  return {
    anonymous: role(null, null),
    owner: role(await t.login('owner@demo.test'), OWNER_PERMISSIONS, { owner: true }),
    viewer: role(await t.login('viewer@attack.test', PASSWORD), VIEW_ALL),
    manager: role(await t.login('manager@attack.test', PASSWORD), MANAGE_ALL_BUT_OWNER),
    denied: role(await t.login('denied@attack.test', PASSWORD), NO_PERMISSIONS),
    paused: role(await t.login('paused@attack.test', PASSWORD), MANAGE_ALL_BUT_OWNER, { paused: true }),
    crew: role(await t.login('crew@demo.test'), normalisePermissions(crew.permissions)),
    otherOwner: role(await t.login('owner2@demo.test'), null, { ownsForeignVessel: true }),
    staffWithAccess: role(await t.login('dealer@demo.test'), normalisePermissions(dealer.permissions)),
    staffWithoutAccess: role(await t.login('manufacturer@demo.test'), null),
    admin: role(await t.login('admin@demo.test'), null, { admin: true }),
  };
}
