/**
 * The owner is told when a company first works on their vessel under its grant (docs/decisions.md,
 * "Time-boxed company access"): an e-mail naming the company and the person, and a record in the
 * vessel's audit log. The access module notices the first use; this listener writes to people.
 */
import type { AppContext } from '../../../platform/context.js';
import type { EventMap } from '../../../platform/events.js';
import { recordAudit } from '../../../platform/audit.js';
import { formatInstant, readerOf, translator } from '../../../platform/i18n.js';
import { companyNames } from '../../org/api.js';
import { names } from '../vessels/repository.js';
import type { People } from './service.js';

export const FIRST_USE_ACTION = 'company access first used';

export function notifyFirstCompanyUse(ctx: AppContext, people: Pick<People, 'usersByIds'>) {
  return async ({ vesselId, ownerId, companyId, userId, at }: EventMap['company.firstUse']): Promise<void> => {
    const users = await people.usersByIds([ownerId, userId]);
    const owner = users.get(ownerId);
    const person = users.get(userId);
    const company = (await companyNames(ctx.db, [companyId])).get(companyId) ?? `Company ${companyId}`;
    const vessel = (await names(ctx.db, [vesselId])).get(vesselId) ?? `Vessel ${vesselId}`;
    const who = person ? `${[person.firstName, person.lastName].filter(Boolean).join(' ') || person.email} (${person.email})` : null;
    await recordAudit(ctx.db, {
      actorId: userId,
      actorEmail: person?.email ?? null,
      action: FIRST_USE_ACTION,
      targetType: 'company',
      targetId: String(companyId),
      vesselId,
      outcome: 200,
      details: { company: { id: companyId, name: company } },
    });
    if (!owner) return;
    const reader = readerOf(owner);
    const t = translator(reader.language, 'vessel');
    await ctx.mail.send({
      to: owner.email,
      subject: t('firstUse.subject', { company, vessel }),
      text: t('firstUse.text', { who: who ?? t('firstUse.someone'), company, vessel, at: formatInstant(at, reader.language, reader.timeZone) }),
    });
  };
}
