/**
 * Who an alarm of a vessel may reach: everyone who receives the vessel's notifications (the
 * owner, and active, unpaused members holding `receiveNotifications`), or the people a step of
 * the escalation ladder names. Either way nobody who muted the vessel for themselves, nor, for a
 * geofence alarm, anybody who turned geofence notifications off.
 */
import type { Db } from '../../../db/knex.js';
import { activeStaffUserIds } from '../../org/api.js';
import { listVessels, membersOfVessel } from '../../vessel/api.js';
import type { AlertOrigin } from '../../alerts/api.js';
import { type EscalationTarget, geofenceNotifyOf, mutedUserIds } from '../repository.js';

export class Audience {
  constructor(private readonly db: Db) {}

  /** The owner and every member who receives notifications. */
  async everyone(vesselId: number): Promise<number[]> {
    const [vessel] = await listVessels(this.db, { ids: [vesselId] });
    if (!vessel) return [];
    const members = (await membersOfVessel(this.db, vesselId)).filter(
      (m) => m.userId !== null && m.status === 'active' && !m.paused && m.permissions.receiveNotifications,
    );
    return [vessel.ownerId, ...members.map((m) => m.userId!)];
  }

  /** The people a ladder step names, if they (still) have access to the vessel. */
  async ofTarget(vesselId: number, target: EscalationTarget): Promise<number[]> {
    const [vessel] = await listVessels(this.db, { ids: [vesselId] });
    if (!vessel) return [];
    const members = (await membersOfVessel(this.db, vesselId)).filter((m) => m.status === 'active' && !m.paused);
    const people = members.filter((m) => m.userId !== null);
    switch (target.kind) {
      case 'user':
        return target.userId === vessel.ownerId || people.some((m) => m.userId === target.userId) ? [target.userId] : [];
      case 'company':
        return members.some((m) => m.companyId === target.companyId) ? activeStaffUserIds(this.db, target.companyId) : [];
      case 'role':
        if (target.role === 'owner') return [vessel.ownerId];
        if (target.role === 'members') return people.filter((m) => m.permissions.receiveNotifications).map((m) => m.userId!);
        return [vessel.ownerId, ...people.filter((m) => m.permissions.alertManager === 'MANAGE').map((m) => m.userId!)];
    }
  }

  /** Leaves out who muted the vessel and, for a geofence alarm, who turned geofence notifications off. */
  async without(vesselId: number, userIds: number[], origin: AlertOrigin | null): Promise<number[]> {
    const muted = await mutedUserIds(this.db, vesselId);
    const geofence = origin === 'geofence' ? await geofenceNotifyOf(this.db, vesselId) : new Map<number, boolean>();
    return [...new Set(userIds)].filter((id) => !muted.has(id) && geofence.get(id) !== false);
  }
}
