import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/Icon';
import { messageQueries } from './queries';
import './messages.css';

/** The top bar's way to Messages with the unread count (kept current by the message stream). */
export function UnreadMessages() {
  const { t } = useTranslation('messages');
  const unread = useQuery(messageQueries.stats()).data?.unreadCount ?? 0;
  const label = unread > 0 ? t('page.unread', { count: unread }) : t('page.title');
  return (
    <Link to="/dashboard/messages" className="icon-button unread-link" aria-label={label} title={label}>
      <Icon name="mail" />
      {unread > 0 ? (
        <span className="badge unread-link__count" aria-hidden="true" data-testid="unread-messages">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
