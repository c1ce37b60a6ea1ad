import { Link } from '@tanstack/react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
  const threads = useQuery(vesselThreadQueries.list(vesselId));
  const format = useFormatters();
  return (
    <section className="card" aria-labelledby="vessel-threads">
      <h2 id="vessel-threads">Conversations about this vessel</h2>
      <DelayedSpinner loading={threads.isPending} label="Loading conversations…" />
      {threads.isError ? (
        <p className="form-error" role="alert">
          The conversations could not be loaded.
        </p>
      ) : null}
      {threads.data?.length === 0 ? <p className="empty-state">No conversations about this vessel yet.</p> : null}
      <ul className="list">
        {threads.data?.map((t) => (
          <li key={t.id} className="list__item">
            <strong>{t.name ?? 'Conversation'}</strong> · {t.users.map(personName).join(', ')}{' '}
            <span className="muted">· last active {format.dateTime(t.lastActivityAt, false)}</span>
            {t.isMember ? (
              <>
                {' '}
                <Link to="/dashboard/messages" search={{ thread: t.id }}>
                  Open in Messages
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
