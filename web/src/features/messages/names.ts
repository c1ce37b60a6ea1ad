import type { MessageContact } from '../../../../contracts/messaging';

/** A thread member as the page shows them: someone invited and not accepted is marked so (their name is the inviter's). */
export function personName(u: { firstName: string; lastName: string; invited?: boolean } | undefined): string {
  if (!u) return 'Someone';
  const name = `${u.firstName} ${u.lastName}`.trim();
  return u.invited ? `${name || 'Someone'} (invited)` : name || 'Someone';
}

/** A contact: their name, or the address an invitation went to when the inviter gave no name. */
export function contactName(c: MessageContact): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email;
}

/** Why a contact is offered, with the invitation they have not accepted yet. */
export function contactVia(c: MessageContact): string {
  return c.pending ? `Invited to ${c.invitedTo.map((i) => i.vesselName).join(', ')}, not accepted yet` : c.via.join(', ');
}
