/**
 * The devices that get your alarms as push notifications (Profile › Notifications): subscribe
 * this one, see the others, remove any. A notification's "Acknowledge" works without opening
 * the app; which alarms are pushed follows the "Phone (push)" priority and the quiet hours.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { PushDevice } from '../../../../contracts/alerts';
import { reportActionFailure } from '../../app/failures';
import { toast } from '../../app/services';
import { api } from '../../lib/api';
import { i18n } from '../../i18n';
import { useFormatters } from '../profile/usePreferences';
import { mobilePlatform } from '../mobileApp/stores';

const pushKey = ['profile', 'pushSubscriptions'] as const;
const pushQuery = { queryKey: pushKey, queryFn: () => api.get<{ publicKey: string | null; devices: PushDevice[] }>('profile/pushSubscriptions') };

const canPush = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function deviceLabel(): string {
  const platform = mobilePlatform(navigator.userAgent);
  return i18n.t(platform === 'android' ? 'alerts:push.android' : platform === 'ios' ? 'alerts:push.ios' : 'alerts:push.computer');
}

/** Asks the browser for a push subscription to the server's key and hands it to the server. */
async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(i18n.t('alerts:push.blocked'));
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  return api.post<PushDevice>('profile/pushSubscriptions', { ...subscription.toJSON(), label: deviceLabel() });
}

export function PushDevices() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('alerts');
  const format = useFormatters();
  const push = useQuery(pushQuery);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pushKey });
  const subscribe = useMutation({
    mutationFn: subscribeThisDevice,
    onSuccess: () => {
      refresh();
      toast.success(t('push.subscribed'));
    },
    onError: (error) => reportActionFailure(t('push.subscribing'), error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`profile/pushSubscriptions/${id}`),
    onSuccess: () => {
      refresh();
      toast.success(t('push.removed'));
    },
    onError: (error) => reportActionFailure(t('push.removing'), error),
  });

  return (
    <section className="card push-devices" aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">{t('push.title')}</h2>
      {push.isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('push.loading')}
        </p>
      ) : null}
      {push.isError ? (
        <div role="alert">
          <p className="form-error">{t('push.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void push.refetch()}>
            {t('push.tryAgain')}
          </button>
        </div>
      ) : null}
      {push.data ? (
        <>
          {push.data.publicKey === null ? (
            <p className="muted">{t('push.unavailable')}</p>
          ) : canPush() ? (
            <p>
              <Trans t={t} i18nKey="push.howItWorks" components={{ strong: <strong /> }} shouldUnescape />{' '}
              <button type="button" className="button button--primary" disabled={subscribe.isPending} onClick={() => subscribe.mutate(push.data.publicKey!)}>
                {subscribe.isPending ? t('push.turningOn') : t('push.getAlarms')}
              </button>
            </p>
          ) : (
            <p className="muted">{t('push.cannot')}</p>
          )}
          {push.data.devices.length ? (
            <ul className="push-devices__list">
              {push.data.devices.map((device) => (
                <li key={device.id} className="push-devices__item">
                  <span>
                    <strong>{device.label}</strong>
                    <span className="muted">
                      {' '}
                      · {t('push.since', { time: format.relative(device.createdAt) })}
                      {device.lastSentAt ? ` · ${t('push.lastAlarm', { time: format.relative(device.lastSentAt) })}` : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(device.id)}
                    aria-label={t('push.removeLabel', { device: device.label })}
                  >
                    {t('push.remove')}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('push.none')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
