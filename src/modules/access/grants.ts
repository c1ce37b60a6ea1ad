/**
 * Granting access to a vessel: inviting people, giving companies technical access, and changing,
 * pausing or revoking either. One rule holds for every grant: nobody hands out more than they
 * hold (the owner holds everything), so a delegated user manager or a company can never create,
 * or become, someone more powerful than themselves.
 */
import Boom from '@hapi/boom';
import type { Db } from '../../db/knex.js';
import type { EventBus } from '../../platform/events.js';
import { ruleRefused } from '../../platform/errors.js';
import { type AccessWindow, NO_PERMISSIONS, withinHeld, type PermissionSet } from '../../../contracts/permissions.js';
import type { VesselScope } from './types.js';
import * as repo from './repository.js';

const memberMissing = () => Boom.notFound('This person is not a member of the vessel');
const companyMissing = () => Boom.notFound('This company has no access to the vessel');

/** Refuses a request for more than the granter holds; only the asked-for entries count, so lowering is always allowed. */
function assertBounded(granter: VesselScope, asked: Partial<PermissionSet>): void {
  if (granter.access.role === 'owner') return;
  if (!withinHeld({ ...NO_PERMISSIONS, ...asked }, granter.access.permissions)) throw Boom.forbidden('You cannot grant permissions beyond your own');
}

/** A window's end must come after its start, and a new or changed end after now (otherwise revoke). */
function assertWindow(window: AccessWindow, nowMs: number): void {
  if (window.startsAt !== null && window.endsAt !== null && Date.parse(window.endsAt) <= Date.parse(window.startsAt))
    throw ruleRefused('The access must end after it starts');
  if (window.endsAt !== null && Date.parse(window.endsAt) <= nowMs) throw ruleRefused('The access must end in the future: to end it now, revoke it');
}

/** A company whose own access ends cannot give access that outlasts it. */
function assertWithinGranterWindow(granter: VesselScope, window: AccessWindow): void {
  const ownEnd = granter.access.companyGrant?.endsAt ?? null;
  if (ownEnd === null) return;
  if (window.endsAt === null || Date.parse(window.endsAt) > Date.parse(ownEnd))
    throw Boom.forbidden(`You cannot grant access beyond the end of your own (${ownEnd})`);
}

export class Grants {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly events: EventBus,
  ) {}

  /** After every stored change: the access cached for requests is dropped on every node. */
  private changed(): void {
    this.events.emit('access.changed', {});
  }

  on(vesselId: number): Promise<repo.Grant[]> {
    return repo.grantsOn(this.db, vesselId);
  }

  pendingFor(user: { id: number; email: string }): Promise<repo.Grant[]> {
    return repo.pendingInvitationsFor(this.db, user.id, user.email);
  }

  /** Refuses to invite the owner or someone already on the vessel (or invited). */
  async assertInvitable(granter: VesselScope, userId: number): Promise<void> {
    if (userId === granter.access.ownerId) throw ruleRefused('The owner is already on the vessel');
    if (await repo.findGrant(this.db, granter.vesselId, { userId })) throw Boom.conflict('This person is already a member or invited');
  }

  /** A pending membership with no permissions; the invitee accepts it. */
  /** Invites a person; `invitedName` is what the inviter calls them until they accept. */
  invite(granter: VesselScope, userId: number, invitedName: string | null = null): Promise<void> {
    return this.addMember(granter, userId, 'pending', invitedName);
  }

  /** Makes someone who asked for access (and so needs no invitation to accept) a member with no permissions yet. */
  admit(granter: VesselScope, userId: number): Promise<void> {
    return this.addMember(granter, userId, 'active');
  }

  /** Accepts the user's own invitation; without one the answer is the same 404 whether or not the vessel exists. */
  async accept(userId: number, vesselId: number): Promise<void> {
    const grant = await repo.findGrant(this.db, vesselId, { userId });
    if (!grant || grant.status !== 'pending') throw Boom.notFound('No invitation to this vessel');
    await repo.updateGrant(this.db, grant.id, { status: 'active' });
    this.changed();
  }

  /** `replace` starts from nothing (grant), `merge` changes only the entries given (edit). */
  async setMemberPermissions(granter: VesselScope, userId: number, asked: Partial<PermissionSet>, mode: 'replace' | 'merge'): Promise<PermissionSet> {
    const grant = await this.member(granter.vesselId, userId);
    assertBounded(granter, asked);
    const next = { ...(mode === 'replace' ? NO_PERMISSIONS : grant.permissions), ...asked };
    await repo.updateGrant(this.db, grant.id, { permissions: next });
    this.changed();
    return next;
  }

  async pauseMember(granter: VesselScope, userId: number, paused: boolean): Promise<void> {
    if (userId === granter.caller.id) throw ruleRefused('You cannot pause yourself');
    await repo.updateGrant(this.db, (await this.member(granter.vesselId, userId)).id, { paused });
    this.changed();
  }

  async revokeMember(granter: VesselScope, userId: number): Promise<void> {
    await repo.deleteGrant(this.db, (await this.member(granter.vesselId, userId)).id);
    this.changed();
  }

  /** Technical access for a company that exists (the caller checked it in the catalogue), from `startsAt` to `endsAt` when given. */
  async addCompany(
    granter: VesselScope,
    companyId: number,
    asked: Partial<PermissionSet>,
    window: AccessWindow = { startsAt: null, endsAt: null },
  ): Promise<{ permissions: PermissionSet } & AccessWindow> {
    assertBounded(granter, asked);
    assertWindow(window, this.now());
    assertWithinGranterWindow(granter, window);
    if (await repo.findGrant(this.db, granter.vesselId, { companyId })) throw Boom.conflict('This company already has access');
    const permissions = { ...NO_PERMISSIONS, ...asked };
    await repo.insertGrant(this.db, { vesselId: granter.vesselId, who: { companyId }, permissions, status: 'active', invitedBy: granter.caller.id, window });
    this.changed();
    return { permissions, ...window };
  }

  /** Changes the permission entries given and, when given, the window's ends (null: no limit on that side). */
  async editCompany(
    granter: VesselScope,
    companyId: number,
    asked: Partial<PermissionSet>,
    window: Partial<AccessWindow> = {},
  ): Promise<{ permissions: PermissionSet } & AccessWindow> {
    const grant = await this.company(granter.vesselId, companyId);
    assertBounded(granter, asked);
    const nextWindow = {
      startsAt: window.startsAt === undefined ? grant.startsAt : window.startsAt,
      endsAt: window.endsAt === undefined ? grant.endsAt : window.endsAt,
    };
    if (window.startsAt !== undefined || window.endsAt !== undefined) {
      assertWindow(nextWindow, this.now());
      assertWithinGranterWindow(granter, nextWindow);
    }
    const permissions = { ...grant.permissions, ...asked };
    await repo.updateGrant(this.db, grant.id, { permissions, window });
    this.changed();
    return { permissions, ...nextWindow };
  }

  async pauseCompany(granter: VesselScope, companyId: number, paused: boolean): Promise<void> {
    await repo.updateGrant(this.db, (await this.company(granter.vesselId, companyId)).id, { paused });
    this.changed();
  }

  async revokeCompany(granter: VesselScope, companyId: number): Promise<void> {
    await repo.deleteGrant(this.db, (await this.company(granter.vesselId, companyId)).id);
    this.changed();
  }

  private async addMember(granter: VesselScope, userId: number, status: 'pending' | 'active', invitedName: string | null = null): Promise<void> {
    await this.assertInvitable(granter, userId);
    await repo.insertGrant(this.db, {
      vesselId: granter.vesselId,
      who: { userId },
      permissions: { ...NO_PERMISSIONS },
      status,
      invitedBy: granter.caller.id,
      invitedName,
    });
    this.changed();
  }

  private async member(vesselId: number, userId: number): Promise<repo.Grant> {
    return (await repo.findGrant(this.db, vesselId, { userId })) ?? Promise.reject(memberMissing());
  }

  private async company(vesselId: number, companyId: number): Promise<repo.Grant> {
    return (await repo.findGrant(this.db, vesselId, { companyId })) ?? Promise.reject(companyMissing());
  }
}
