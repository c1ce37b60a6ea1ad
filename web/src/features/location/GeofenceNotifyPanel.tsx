import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportActionFailure } from '../../app/failures';
import { toast } from '../../app/services';
import { failureMessage } from '../../lib/failureMessage';
import { memberQueries } from '../members/queries';
import { isCompany, memberName } from '../members/types';
import { sessionQueries } from '../session/queries';
import { vesselKeys } from '../vessels/queries';
import { geofenceActions, locationQueries } from './queries';

/**
 * Who is told when the vessel leaves its geofence: yourself for any member, everybody on board
 * for those who may see the vessel's users (userManager VIEW), changeable as the server says.
 */
export function GeofenceNotifyPanel({ vesselId, canSeeMembers }: { vesselId: number; canSeeMembers: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery(locationQueries.geofenceNotify(vesselId));
  const me = useQuery(sessionQueries.user()).data;
  const directory = useQuery({ ...memberQueries.directory(vesselId), enabled: canSeeMembers });
  const nameOf = (userId: number) => {
    if (userId === me?.id) return 'You';
    const member = directory.data?.find((candidate) => !isCompany(candidate) && candidate.userId === userId);
    return member ? memberName(member) : `User ${userId}`;
  };
  const change = useMutation({
    mutationFn: ({ userId, enabled }: { userId: number; enabled: boolean }) => geofenceActions.setNotify(vesselId, userId, enabled),
    onSuccess: (_data, { userId, enabled }) => {
      toast.success(`Geofence alarms ${enabled ? 'on' : 'off'} for ${nameOf(userId) === 'You' ? 'you' : nameOf(userId)}`);
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'geofenceNotify') });
    },
    onError: (error) => reportActionFailure('Changing the geofence notifications', error),
  });

  return (
    <section className="card" aria-labelledby="geofence-notify-title">
      <h2 id="geofence-notify-title">Geofence notifications</h2>
      {settings.isPending ? <p className="muted">Loading…</p> : null}
      {settings.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(settings.error, 'The notification settings could not be loaded.')}
        </p>
      ) : null}
      {settings.isSuccess && settings.data.length === 0 ? <p className="empty-state">Nobody on this vessel gets notifications.</p> : null}
      {settings.data?.length ? (
        <div className="location__people">
          {settings.data.map((setting) => (
            <label key={setting.userId}>
              <input
                type="checkbox"
                checked={setting.enabled}
                disabled={!setting.canChange || change.isPending}
                onChange={(event) => change.mutate({ userId: setting.userId, enabled: event.target.checked })}
              />{' '}
              {nameOf(setting.userId)}
              <span className="visually-hidden">: geofence alarms</span>
            </label>
          ))}
        </div>
      ) : null}
    </section>
  );
}
