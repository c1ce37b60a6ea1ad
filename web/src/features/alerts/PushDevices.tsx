/**
 * The devices that get your alarms as push notifications (Profile › Notifications): subscribe
 * this one, see the others, remove any. A notification's "Acknowledge" works without opening
 * the app; which alarms are pushed follows the "Phone (push)" priority and the quiet hours.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice } from '../../../../contracts/alerts';
import { reportActionFailure } from '../../app/failures';
import { toast } from '../../app/services';
import { api } from '../../lib/api';
import { formatRelative } from '../../lib/dates';
import { mobilePlatform } from '../mobileApp/stores';

const pushKey = ['profile', 'pushSubscriptions'] as const;
const pushQuery = { queryKey: pushKey, queryFn: () => api.get<{ publicKey: string | null; devices: PushDevice[] }>('profile/pushSubscriptions') };

const canPush = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function deviceLabel(): string {
  const platform = mobilePlatform(navigator.userAgent);
  return platform === 'android' ? 'Android phone' : platform === 'ios' ? 'iPhone or iPad' : 'Browser on a computer';
}

/** Asks the browser for a push subscription to the server's key and hands it to the server. */
async function subscribeThisDevice(publicKey: string): Promise<PushDevice> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('Notifications are blocked for Vessel Link in this browser’s settings.');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  return api.post<PushDevice>('profile/pushSubscriptions', { ...subscription.toJSON(), label: deviceLabel() });
}

export function PushDevices() {
  const queryClient = useQueryClient();
  const push = useQuery(pushQuery);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pushKey });
  const subscribe = useMutation({
    mutationFn: subscribeThisDevice,
    onSuccess: () => {
      refresh();
      toast.success('This device will get your alarms');
    },
    onError: (error) => reportActionFailure('Turning on notifications on this device', error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`profile/pushSubscriptions/${id}`),
    onSuccess: () => {
      refresh();
      toast.success('The device no longer gets your alarms');
    },
    onError: (error) => reportActionFailure('Removing the device', error),
  });

  return (
    <section className="card push-devices" aria-labelledby="push-devices-title">
      <h2 id="push-devices-title">Alarms on your phone</h2>
      {push.isPending ? (
        <p className="inline-loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" /> Loading your devices…
        </p>
      ) : null}
      {push.isError ? (
        <div role="alert">
          <p className="form-error">Your devices could not be loaded.</p>
          <button type="button" className="button" onClick={() => void push.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {push.data ? (
        <>
          {push.data.publicKey === null ? (
            <p className="muted">Push notifications are not configured on this server; alarms reach you by e-mail and in the app.</p>
          ) : canPush() ? (
            <p>
              Alarms arrive as notifications with <strong>Acknowledge</strong> and <strong>Open</strong>, even with the app closed.{' '}
              <button type="button" className="button button--primary" disabled={subscribe.isPending} onClick={() => subscribe.mutate(push.data.publicKey!)}>
                {subscribe.isPending ? 'Turning on…' : 'Get alarms on this device'}
              </button>
            </p>
          ) : (
            <p className="muted">This browser cannot receive push notifications. On an iPhone, add Vessel Link to the home screen first.</p>
          )}
          {push.data.devices.length ? (
            <ul className="push-devices__list">
              {push.data.devices.map((device) => (
                <li key={device.id} className="push-devices__item">
                  <span>
                    <strong>{device.label}</strong>
                    <span className="muted">
                      {' '}
                      · since {formatRelative(device.createdAt)}
                      {device.lastSentAt ? ` · last alarm ${formatRelative(device.lastSentAt)}` : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(device.id)}
                    aria-label={`Remove ${device.label}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No device gets your alarms by push yet.</p>
          )}
        </>
      ) : null}
    </section>
  );
}
