/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions.md, "Phone app"): it precaches the app shell so the app
 * opens without a network (the last known values come from the query cache the page keeps,
 * app/offlineCache.ts), and turns alarm push messages into notifications whose "Acknowledge"
 * works from the notification itself, with the message's acknowledgement key instead of a
 * session. A new version takes over at once; the page then reloads into it (main.tsx).
 */
import type { PushMessage } from '../../contracts/alerts';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Every client route is the same shell; the API is never answered from a cache.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

const ACKNOWLEDGE = 'acknowledge';

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  if (!message) return;
  const urgent = message.priority === 'emergency' || message.priority === 'alarm';
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: message.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: message.alertId === null ? `vessel-${message.vesselId}` : `alert-${message.alertId}`,
    requireInteraction: urgent,
    data: message,
    // The buttons' words come with the message, in the recipient's language (docs/i18n.md).
    actions: [
      ...(message.ackToken ? [{ action: ACKNOWLEDGE, title: message.actions?.acknowledge ?? 'Acknowledge' }] : []),
      { action: 'open', title: message.actions?.open ?? 'Open' },
    ],
  };
  event.waitUntil(self.registration.showNotification(message.title, options));
});

self.addEventListener('notificationclick', (event) => {
  const message = event.notification.data as PushMessage;
  event.notification.close();
  event.waitUntil(event.action === ACKNOWLEDGE && message.ackToken ? acknowledge(message) : open(message.url));
});

function readMessage(data: PushMessageData | null): PushMessage | null {
  try {
    return data ? (data.json() as PushMessage) : null;
  } catch {
    return null;
  }
}

/** Acknowledges without opening the app; if that fails (expired, offline) the app opens on the alarm instead. */
async function acknowledge(message: PushMessage): Promise<void> {
  try {
    const res = await fetch('/api/alerts/ackFromNotification', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: message.ackToken }),
    });
    if (res.ok) return;
  } catch {
    // offline: fall through to opening the app
  }
  await open(message.url);
}

/** Focuses an open window of the app on the page, or opens one. */
async function open(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (existing) {
    await existing.navigate(url);
    await existing.focus();
    return;
  }
  await self.clients.openWindow(url);
}
