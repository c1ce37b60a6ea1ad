/**
 * The monthly alarm report by e-mail (docs/decisions.md, "Monthly alarm report"): a sweep on the
 * scheduler looks, by the server's clock, for vessels whose last full month (in the owner's time
 * zone) has ended and whose report of it has not gone out, claims each in the database, then
 * mails it to whoever the vessel's alarms reach (the owner and the members receiving
 * notifications, less who muted the vessel). A vessel added after the month ended gets none.
 */
import type { AppContext } from '../../platform/context.js';
import { readerOf } from '../../platform/i18n.js';
import { reportRecipients } from '../notifications/api.js';
import { listVessels } from '../vessel/api.js';
import { reportMail } from './email.js';
import { knownZone, monthBounds, monthText } from './month.js';
import type { AlarmReports, UsersByIds } from './report.js';
import { claimMailing } from './repository.js';

/** How often the sweep looks: a report goes out at most this long after its month ends. */
export const REPORT_SWEEP_MS = 15 * 60_000;

export class MonthlyReportMailing {
  constructor(
    private readonly ctx: AppContext,
    private readonly reports: AlarmReports,
    private readonly usersByIds: UsersByIds,
  ) {}

  /** Mails every report that is due and not yet claimed; answers how many vessels' reports went out. */
  async sweep(): Promise<number> {
    const { db } = this.ctx;
    const vessels = await listVessels(db);
    const owners = await this.usersByIds(vessels.map((v) => v.ownerId));
    let sent = 0;
    for (const vessel of vessels) {
      const timeZone = knownZone(owners.get(vessel.ownerId)?.preferences.timeZone ?? 'UTC');
      const month = this.reports.lastFullMonth(timeZone);
      if (Date.parse(vessel.createdAt) >= monthBounds(month, timeZone).to) continue;
      if (!(await claimMailing(db, vessel.id, monthText(month), new Date(this.ctx.clock.now()).toISOString()))) continue;
      const report = await this.reports.of(vessel, month, timeZone);
      const people = await this.usersByIds(await reportRecipients(db, vessel.id));
      const page = `${this.ctx.config.publicUrl}/dashboard/vessels/${vessel.id}/alerts/report?month=${report.month}`;
      // Each person reads it in their language; the figures and the month's zone are the owner's.
      for (const person of people.values())
        if (person.status === 'active') await this.ctx.mail.send({ to: person.email, ...reportMail(report, page, readerOf(person).language) });
      sent++;
    }
    return sent;
  }
}
