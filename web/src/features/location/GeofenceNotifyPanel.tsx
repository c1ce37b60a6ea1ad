import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('location');
  const queryClient = useQueryClient();
  const settings = useQuery(locationQueries.geofenceNotify(vesselId));
  const me = useQuery(sessionQueries.user()).data;
  const directory = useQuery({ ...memberQueries.directory(vesselId), enabled: canSeeMembers });
  const nameOf = (userId: number) => {
    if (userId === me?.id) return t('notify.you');
    const member = directory.data?.find((candidate) => !isCompany(candidate) && candidate.userId === userId);
    return member ? memberName(member) : t('notify.user', { id: userId });
  };
  const change = useMutation({
    mutationFn: ({ userId, enabled }: { userId: number; enabled: boolean }) => geofenceActions.setNotify(vesselId, userId, enabled),
    onSuccess: (_data, { userId, enabled }) => {
      if (userId === me?.id) toast.success(enabled ? t('notify.onForYou') : t('notify.offForYou'));
      else toast.success(enabled ? t('notify.onFor', { name: nameOf(userId) }) : t('notify.offFor', { name: nameOf(userId) }));
      return queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'geofenceNotify') });
    },
    onError: (error) => reportActionFailure(t('notify.changing'), error),
  });

  return (
    <section className="card" aria-labelledby="geofence-notify-title">
      <h2 id="geofence-notify-title">{t('notify.title')}</h2>
      {settings.isPending ? <p className="muted">{t('notify.loading')}</p> : null}
      {settings.isError ? (
        <p className="form-error" role="alert">
          {failureMessage(settings.error, t('notify.failed'))}
        </p>
      ) : null}
      {settings.isSuccess && settings.data.length === 0 ? <p className="empty-state">{t('notify.nobody')}</p> : null}
      {settings.data?.length ? (
        <div className="location__people">
          {settings.data.map((setting) => (
            <label key={setting.userId}>
              <input
                type="checkbox"
                aria-label={t('notify.alarmsOf', { name: nameOf(setting.userId) })}
                checked={setting.enabled}
                disabled={!setting.canChange || change.isPending}
                onChange={(event) => change.mutate({ userId: setting.userId, enabled: event.target.checked })}
              />{' '}
              {nameOf(setting.userId)}
            </label>
          ))}
        </div>
      ) : null}
    </section>
  );
}
