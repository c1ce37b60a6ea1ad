import Boom from '@hapi/boom';
import type { Request, Server, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../platform/context.js';
import { auditTarget } from '../../../platform/audit.js';
import { ruleRefused } from '../../../platform/errors.js';
import { email } from '../../auth/schemas.js';
import { companiesByIds } from '../../org/api.js';
import { NO_PERMISSIONS, requireAccess, type PermissionSet } from '../api.js';
import * as repo from '../repository.js';
import { idParams, memberPayload, permissionsPayload } from '../schemas.js';
import { caller, vesselIdOf } from './support.js';

const manageUsers = { area: 'userManager', level: 'MANAGE' } as const;
const viewUsers = { area: 'userManager', level: 'VIEW' } as const;

export function memberRoutes(server: Server, ctx: AppContext): ServerRoute[] {
  const { db } = ctx;
  const auth = () => server.plugins.auth.api;

  /** The member row of a person on this vessel, or 404. */
  const memberOf = async (vesselId: number, userId: number) => {
    const member = await repo.findMember(db, vesselId, { userId });
    if (!member) throw Boom.notFound('This person is not a member of the vessel');
    return member;
  };

  const directory = async (vesselId: number, ownerId: number) => {
    const members = await repo.membersOf(db, vesselId);
    const users = await auth().usersByIds([ownerId, ...members.flatMap((m) => (m.userId ? [m.userId] : []))]);
    const companies = await companiesByIds(db, members.flatMap((m) => (m.companyId ? [m.companyId] : [])));
    const owner = users.get(ownerId)!;
    return [
      { kind: 'user', userId: owner.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName, role: 'owner', paused: false, pending: false, permissions: null },
      ...members.map((m) => {
        if (m.companyId) {
          const c = companies.get(m.companyId);
          return { kind: 'company', companyId: m.companyId, name: c?.name ?? '', companyKind: c?.kind ?? null, role: 'company', paused: m.paused, pending: m.status === 'pending', permissions: m.permissions };
        }
        const u = m.userId ? users.get(m.userId) : undefined;
        return { kind: 'user', userId: m.userId, email: u?.email ?? m.invitedEmail, firstName: u?.firstName ?? '', lastName: u?.lastName ?? '', role: 'member', paused: m.paused, pending: m.status === 'pending', permissions: m.permissions };
      }),
    ];
  };

  return [
    {
      method: 'GET',
      path: '/api/vessel/{id}/directory',
      options: {
        tags: ['api', 'vessel'],
        description: 'The people and companies on a vessel (needs userManager VIEW)',
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), viewUsers);
          return directory(access.vesselId, access.ownerId);
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/{id}/permissions',
      options: {
        tags: ['api', 'vessel'],
        description: 'The permission set of every member (needs userManager VIEW)',
        validate: { params: idParams },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), viewUsers);
          return (await directory(access.vesselId, access.ownerId)).filter((m) => m.role !== 'owner');
        },
      },
    },
    {
      method: 'GET',
      path: '/api/vessel/pending',
      options: {
        tags: ['api', 'vessel'],
        description: 'Invitations to vessels waiting for your answer',
        async handler(request) {
          const me = caller(request);
          return (await repo.pendingInvitationsFor(db, me.id, me.email)).map((m) => ({ vesselId: m.vesselId, vesselName: m.vesselName, permissions: m.permissions, invitedAt: m.createdAt }));
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/addUser',
      options: {
        tags: ['api', 'vessel'],
        description: 'Invite a person by e-mail (needs userManager MANAGE); they accept with acceptInvite',
        validate: { params: idParams, query: Joi.object({ email: email.required() }) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), manageUsers);
          const address = (request.query as { email: string }).email;
          auditTarget(request, { targetType: 'vessel', targetId: access.vesselId, vesselId: access.vesselId, details: { invited: address } });
          const vessel = (await repo.findVessel(db, access.vesselId))!;
          const { user } = await auth().inviteUser(address, {
            subject: `You are invited to the vessel ${vessel.name} on Vessel Link`,
            text: `${caller(request).email} has invited you to the vessel ${vessel.name}. Open Vessel Link to accept the invitation.`,
          });
          if (user.id === access.ownerId) throw ruleRefused('The owner is already on the vessel');
          if (await repo.findMember(db, access.vesselId, { userId: user.id })) throw Boom.conflict('This person is already a member or invited');
          await repo.insertMember(db, { vesselId: access.vesselId, userId: user.id, permissions: { ...NO_PERMISSIONS }, status: 'pending', invitedBy: caller(request).id });
          return { vesselId: access.vesselId, userId: user.id, email: user.email, pending: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/acceptInvite',
      options: {
        tags: ['api', 'vessel'],
        description: 'Accept your invitation to a vessel',
        validate: { params: idParams },
        async handler(request) {
          const me = caller(request);
          const vesselId = vesselIdOf(request);
          auditTarget(request, { targetType: 'vessel', targetId: vesselId, vesselId });
          const member = await repo.findMember(db, vesselId, { userId: me.id });
          if (!member || member.status !== 'pending') throw Boom.notFound('No invitation to this vessel');
          await repo.updateMember(db, member.id, { status: 'active' });
          return { vesselId, accepted: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/grant',
      options: {
        tags: ['api', 'vessel'],
        description: 'Give a member a permission set (needs userManager MANAGE)',
        validate: { params: idParams, payload: permissionsPayload },
        handler: (request) => setPermissions(request, 'grant'),
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/editPermissions',
      options: {
        tags: ['api', 'vessel'],
        description: "Change a member's permission set (needs userManager MANAGE)",
        validate: { params: idParams, payload: permissionsPayload },
        handler: (request) => setPermissions(request, 'edit'),
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/revoke',
      options: {
        tags: ['api', 'vessel'],
        description: 'Remove a member or withdraw an invitation (needs userManager MANAGE)',
        validate: { params: idParams, payload: memberPayload },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), manageUsers);
          const { userId } = request.payload as { userId: number };
          auditTarget(request, { targetType: 'user', targetId: userId, vesselId: access.vesselId });
          const member = await memberOf(access.vesselId, userId);
          await repo.deleteMember(db, member.id);
          return { userId, revoked: true };
        },
      },
    },
    {
      method: 'POST',
      path: '/api/vessel/{id}/pause',
      options: {
        tags: ['api', 'vessel'],
        description: "Pause or resume a member's access (needs userManager MANAGE)",
        validate: { params: idParams, payload: Joi.object({ userId: Joi.number().integer().required(), paused: Joi.boolean().required() }) },
        async handler(request) {
          const access = await requireAccess(db, caller(request).id, vesselIdOf(request), manageUsers);
          const { userId, paused } = request.payload as { userId: number; paused: boolean };
          auditTarget(request, { targetType: 'user', targetId: userId, vesselId: access.vesselId, details: { paused } });
          if (userId === caller(request).id) throw ruleRefused('You cannot pause yourself');
          const member = await memberOf(access.vesselId, userId);
          await repo.updateMember(db, member.id, { paused });
          return { userId, paused };
        },
      },
    },
  ];

  async function setPermissions(request: Request, mode: 'grant' | 'edit') {
    const access = await requireAccess(db, caller(request).id, vesselIdOf(request), manageUsers);
    const { userId, permissions } = request.payload as { userId: number; permissions: Partial<PermissionSet> };
    auditTarget(request, { targetType: 'user', targetId: userId, vesselId: access.vesselId, details: { permissions } });
    const member = await memberOf(access.vesselId, userId);
    // Nobody hands out more than they hold: a member with userManager MANAGE cannot create a
    // member more powerful than themselves.
    const next = { ...(mode === 'grant' ? NO_PERMISSIONS : member.permissions), ...permissions } as PermissionSet;
    if (access.role !== 'owner') assertWithin(next, access.permissions);
    await repo.updateMember(db, member.id, { permissions: next });
    return { userId, permissions: next };
  }
}

function assertWithin(next: PermissionSet, held: PermissionSet): void {
  const order = ['DENY', 'VIEW', 'MANAGE'];
  for (const [key, value] of Object.entries(next)) {
    const mine = held[key as keyof PermissionSet];
    const tooMuch = typeof value === 'boolean' ? value && !mine : order.indexOf(value as string) > order.indexOf(mine as string);
    if (tooMuch) throw Boom.forbidden(`You cannot grant ${key} beyond your own permissions`);
  }
}
