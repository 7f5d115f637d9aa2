/**
 * Web push: asks permission (after a tap), subscribes with the server's VAPID key and stores the
 * subscription for the signed-in user. `refreshPush` renews it silently when permission was given.
 */
import { api } from '@/lib/api-client';

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string) {
  const pad = '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob((base64url + pad).replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function subscribe() {
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.get<{ publicKey: string }>('/api/notifications/vapid-public-key');
  let sub = await registration.pushManager.getSubscription();
  if (!sub) sub = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await api.post('/api/notifications/subscribe', sub.toJSON());
}

export async function enablePush() {
  if (!pushSupported()) throw new Error('This browser cannot show notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site.');
  await subscribe();
}

export async function refreshPush() {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  await subscribe().catch(() => undefined);
}
