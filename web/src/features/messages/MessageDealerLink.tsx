import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vesselQueries } from '../vessels/queries';
import { messageQueries } from './queries';

/**
 * The person to write to about a vessel, from its page: the owner and crew get "Message the
 * dealer" (the staff of the dealer looking after it); the dealer's or contractor's staff get
 * "Message the owner". A new thread about the vessel with them already chosen; shown only when
 * there is someone the user may message.
 */
export function MessageDealerLink({ vesselId, ownerId }: { vesselId: number; ownerId: number }) {
  const { t } = useTranslation('messages');
  const contacts = useQuery(messageQueries.contacts());
  const mine = useQuery(vesselQueries.list());
  const viaCompany = mine.data?.find((vessel) => vessel.id === vesselId)?.role === 'company';
  if (viaCompany) {
    if (!(contacts.data ?? []).some((contact) => contact.userId === ownerId)) return null;
    return (
      <Link to="/dashboard/messages" search={{ vesselId, to: [ownerId] }} className="button button--small vessel__message-dealer">
        {t('vessel.messageOwner')}
      </Link>
    );
  }
  const dealers = (contacts.data ?? []).filter((c) => c.companyKind === 'dealer' && c.vesselIds.includes(vesselId)).map((c) => c.userId);
  if (dealers.length === 0) return null;
  return (
    <Link to="/dashboard/messages" search={{ vesselId, to: dealers }} className="button button--small vessel__message-dealer">
      {t('vessel.messageDealer')}
    </Link>
  );
}
