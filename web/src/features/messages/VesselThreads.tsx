import { Link } from '@tanstack/react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VesselThread } from '../../../../contracts/messaging';
import { api } from '../../lib/api';
import { DelayedSpinner } from '../loading/DelayedSpinner';
import { useFormatters } from '../profile/usePreferences';
import { vesselKeys, vesselPath } from '../vessels/queries';
import { personName } from './names';

export const vesselThreadQueries = {
  list: (vesselId: number) =>
    queryOptions({ queryKey: vesselKeys.section(vesselId, 'threads'), queryFn: () => api.get<VesselThread[]>(vesselPath(vesselId, 'threads')) }),
};

/** The conversations about a vessel (users tab): that they exist and who is in them; their messages only for their members. */
export function VesselThreads({ vesselId }: { vesselId: number }) {
  const { t } = useTranslation('messages');
  const threads = useQuery(vesselThreadQueries.list(vesselId));
  const format = useFormatters();
  return (
    <section className="card" aria-labelledby="vessel-threads">
      <h2 id="vessel-threads">{t('vessel.title')}</h2>
      <DelayedSpinner loading={threads.isPending} label={t('vessel.loading')} />
      {threads.isError ? (
        <p className="form-error" role="alert">
          {t('vessel.loadFailed')}
        </p>
      ) : null}
      {threads.data?.length === 0 ? <p className="empty-state">{t('vessel.empty')}</p> : null}
      <ul className="list">
        {threads.data?.map((thread) => (
          <li key={thread.id} className="list__item">
            <strong>{thread.name ?? t('thread.conversation')}</strong> · {thread.users.map(personName).join(', ')}{' '}
            <span className="muted">· {t('vessel.lastActive', { time: format.dateTime(thread.lastActivityAt, false) })}</span>
            {thread.isMember ? (
              <>
                {' '}
                <Link to="/dashboard/messages" search={{ thread: thread.id }}>
                  {t('vessel.open')}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
