import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { messageQueries } from './queries';

/**
 * "Message the dealer" on a vessel's page: a new thread about the vessel with the staff of the
 * dealer looking after it already chosen. Shown only when the vessel has a dealer the user may message.
 */
export function MessageDealerLink({ vesselId }: { vesselId: number }) {
  const contacts = useQuery(messageQueries.contacts());
  const dealers = (contacts.data ?? []).filter((c) => c.companyKind === 'dealer' && c.vesselIds.includes(vesselId)).map((c) => c.userId);
  if (dealers.length === 0) return null;
  return (
    <Link to="/dashboard/messages" search={{ vesselId, to: dealers }} className="button button--small vessel__message-dealer">
      Message the dealer
    </Link>
  );
}
