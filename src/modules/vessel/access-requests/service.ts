/**
 * Asking a vessel's owner for access (docs/decisions.md, "Access requests"): a signed-in person
 * who holds the vessel's id (from a link the owner shared) asks; the owner is mailed and sees the
 * request on the Users tab, then grants it with chosen permissions or declines it. The asker gets
 * the same answer whether or not the vessel exists, so the request reveals nothing.
 */
import Boom from '@hapi/boom';
import type { Database } from '../../../db/knex.js';
import { readerOf, translator } from '../../../platform/i18n.js';
import type { Mailer } from '../../../platform/mail.js';
import type { Limiter } from '../../../platform/rate-limit.js';
import type { AccessRequest } from '../../../../contracts/vessels.js';
import type { Grants, PermissionSet, VesselScope } from '../../access/api.js';
import { findVessel } from '../vessels/repository.js';
import * as repo from './repository.js';

/** 5 requests an hour per person: enough for a typo, too few to probe vessel ids. */
export const ACCESS_REQUEST_LIMIT = { points: 5, windowSeconds: 60 * 60 };

interface People {
  usersByIds(
    ids: number[],
  ): Promise<Map<number, { id: number; email: string; firstName: string; lastName: string; languageCode: string | null; preferences: { timeZone: string } }>>;
}

export class AccessRequestsService {
  constructor(
    private readonly db: Database,
    private readonly grants: Grants,
    private readonly people: People,
    private readonly mail: Mailer,
    private readonly attempts: Limiter,
  ) {}

  async ask(caller: { id: number; email: string }, vesselId: number, message: string | null, appUrl: string): Promise<void> {
    await this.attempts.consume(`user:${caller.id}`);
    const vessel = await findVessel(this.db, vesselId);
    if (!vessel || vessel.ownerId === caller.id) return;
    if ((await this.grants.on(vesselId)).some((g) => g.userId === caller.id)) return;
    if (!(await repo.openRequest(this.db, vesselId, caller.id, message))) return;
    const owner = (await this.people.usersByIds([vessel.ownerId])).get(vessel.ownerId);
    if (!owner) return;
    const t = translator(readerOf(owner).language, 'vessel');
    const words = { email: caller.email, vessel: vessel.name };
    await this.mail.send({
      to: owner.email,
      subject: t('accessRequest.subject', words),
      text: [
        t('accessRequest.text', words),
        ...(message ? [t('accessRequest.message', { message })] : []),
        t('accessRequest.answer', { link: `${appUrl}/dashboard/vessels/${vesselId}/users` }),
      ].join('\n\n'),
    });
  }

  async open(scope: VesselScope): Promise<AccessRequest[]> {
    const rows = await repo.openRequestsOn(this.db, scope.vesselId);
    const users = await this.people.usersByIds(rows.map((r) => r.user_id));
    return rows.flatMap((r) => {
      const u = users.get(r.user_id);
      return u
        ? [{ requestId: r.id, userId: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, message: r.message, requestedAt: r.created_at }]
        : [];
    });
  }

  /**
   * The vessel's grant: when the person asked for access and is not a member yet, they become one
   * first; a refused grant (beyond the granter's own) leaves them outside with the request open.
   */
  async grant(scope: VesselScope, userId: number, permissions: Partial<PermissionSet>): Promise<PermissionSet> {
    const request = await repo.findRequest(this.db, scope.vesselId, { user_id: userId });
    if (request?.status !== 'open') return this.grants.setMemberPermissions(scope, userId, permissions, 'replace');
    await this.grants.admit(scope, userId);
    const granted = await this.grants.setMemberPermissions(scope, userId, permissions, 'replace').catch(async (err: unknown) => {
      await this.grants.revokeMember(scope, userId);
      throw err;
    });
    await repo.decideRequest(this.db, request.id, 'granted');
    return granted;
  }

  async decline(scope: VesselScope, requestId: number): Promise<void> {
    await repo.decideRequest(this.db, (await this.openRequest(scope, requestId)).id, 'declined');
  }

  private async openRequest(scope: VesselScope, requestId: number): Promise<repo.AccessRequestRow> {
    const request = await repo.findRequest(this.db, scope.vesselId, { id: requestId });
    if (!request || request.status !== 'open') throw Boom.notFound('Access request not found');
    return request;
  }
}
