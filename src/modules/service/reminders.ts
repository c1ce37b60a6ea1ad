/**
 * Service reminders (docs/decisions.md, "Service schedules"): a check on the module's clock
 * e-mails the vessel's owner and the staff of each company working on it (an active, unpaused
 * grant, staff holding useTechnicalAccess) once an item enters its reminder window — once per
 * item and due, so a later check, or one after a restart, does not repeat it; a service done or
 * an interval changed makes a new due and a new reminder.
 */
import type { Db } from '../../db/knex.js';
import { formatDay, readerOf, translator, type Reader } from '../../platform/i18n.js';
import type { Mailer } from '../../platform/mail.js';
import type { ServiceItem } from '../../../contracts/service.js';
import { companyGrantsOn } from '../access/api.js';
import { activeStaffUserIds, staffCompaniesOf } from '../org/api.js';
import { listVessels } from '../vessel/api.js';
import { reminderKey } from './due.js';
import * as repo from './repository.js';
import type { ServiceSchedules } from './schedules.js';

/** What reminders need of the auth module (handed in by index.ts). */
export interface People {
  usersByIds(ids: number[]): Promise<Map<number, { email: string; languageCode: string | null; preferences: { timeZone: string } }>>;
}

export class ServiceReminders {
  constructor(
    private readonly db: Db,
    private readonly schedules: ServiceSchedules,
    private readonly mail: Mailer,
    private readonly people: People,
    private readonly publicUrl: string,
  ) {}

  /** Sends the reminders now due; answers how many items were reminded of. */
  async check(): Promise<number> {
    const items = await repo.allItems(this.db);
    const byVessel = new Map<number, repo.Item[]>();
    for (const item of items) byVessel.set(item.vesselId, [...(byVessel.get(item.vesselId) ?? []), item]);
    let reminded = 0;
    for (const [vesselId, vesselItems] of byVessel) {
      const engines = await this.schedules.engines(vesselId);
      const pending = vesselItems
        .map((item) => ({ item, view: this.schedules.view(item, engines) }))
        .filter(({ item, view }) => view.due.status !== 'ok' && item.remindedFor !== reminderKey(view.due));
      if (!pending.length) continue;
      const [vessel] = await listVessels(this.db, { ids: [vesselId] });
      if (!vessel) continue;
      const recipients = await this.recipients(vesselId, vessel.ownerId);
      for (const { item, view } of pending) {
        for (const { email, reader } of recipients) await this.mail.send({ to: email, ...this.message(vessel, view, reader) });
        await repo.markReminded(this.db, item.id, reminderKey(view.due));
        reminded++;
      }
    }
    return reminded;
  }

  /** Each person once, with the language they read. */
  private async recipients(vesselId: number, ownerId: number): Promise<Array<{ email: string; reader: Reader }>> {
    const userIds = new Set([ownerId]);
    const grants = (await companyGrantsOn(this.db, [vesselId])).filter((g) => g.status === 'active' && !g.paused && g.companyId !== null);
    for (const grant of grants) {
      for (const userId of await activeStaffUserIds(this.db, grant.companyId!)) {
        const places = await staffCompaniesOf(this.db, userId);
        if (places.some((p) => p.companyId === grant.companyId && !p.paused)) userIds.add(userId);
      }
    }
    const users = await this.people.usersByIds([...userIds]);
    const byEmail = new Map([...users.values()].map((u) => [u.email, readerOf(u)]));
    return [...byEmail].map(([email, reader]) => ({ email, reader }));
  }

  private message(vessel: { id: number; name: string }, item: ServiceItem, reader: Reader): { subject: string; text: string } {
    const t = translator(reader.language, 'service');
    const { due } = item;
    const overdue = due.status === 'overdue';
    const limits = [
      due.dueHours !== null ? t('reminder.atHours', { hours: due.dueHours, engine: item.engine, now: item.currentHours ?? t('reminder.unknownHours') }) : null,
      // A due date is a calendar day: written as the language writes a date.
      due.dueDate !== null ? t('reminder.onDate', { date: formatDay(due.dueDate, reader.language, 'UTC') }) : null,
    ].filter((l): l is string => l !== null);
    const when = limits.length > 1 ? t('reminder.whicheverFirst', { first: limits[0], second: limits[1] }) : (limits[0] ?? '');
    const words = { item: item.name, vessel: vessel.name, when };
    return {
      subject: overdue ? t('reminder.overdueSubject', words) : t('reminder.dueSoonSubject', words),
      text: [
        overdue ? t('reminder.overdue', words) : t('reminder.dueSoon', words),
        '',
        t('reminder.schedule', { link: `${this.publicUrl}/dashboard/vessels/${vessel.id}/service` }),
        '',
        t('reminder.why'),
      ].join('\n'),
    };
  }
}
