import type { MessageContact } from '../../../../contracts/messaging';
import { i18n } from '../../i18n';

/** A thread member as the page shows them: someone invited and not accepted is marked so (their name is the inviter's). */
export function personName(u: { firstName: string; lastName: string; invited?: boolean } | undefined): string {
  const someone = i18n.t('messages:message.someone');
  if (!u) return someone;
  const name = `${u.firstName} ${u.lastName}`.trim();
  return u.invited ? i18n.t('messages:contacts.invited', { name: name || someone }) : name || someone;
}

/** A contact: their name, or the address an invitation went to when the inviter gave no name. */
export function contactName(c: MessageContact): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email;
}

/** Why a contact is offered, with the invitation they have not accepted yet. */
export function contactVia(c: MessageContact): string {
  return c.pending ? i18n.t('messages:contacts.invitedTo', { vessels: c.invitedTo.map((i) => i.vesselName).join(', ') }) : c.via.join(', ');
}
