/**
 * Web push: VAPID keys generated on first start and kept in the database, the browsers' subscriptions
 * per user, and sending (a subscription the push service says is gone, 404/410, is deleted).
 */
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { assertAllowedHost, guardedAgents, type OutboundPolicy } from '../../platform/outbound.ts';
import { keepFirstAppSetting } from '../settings/app-settings.repository.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';
import { deleteOwnSubscription, deleteSubscriptionById, findSubscriptionsOf, upsertSubscription } from './push.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushMessage {
  title: string;
  body: string;
  /** The screen the notification opens when tapped. */
  url: string;
  tag?: string;
}

export async function vapidKeys(db: Db): Promise<VapidKeys> {
  return keepFirstAppSetting<VapidKeys>(db, 'vapid_keys', () => webpush.generateVAPIDKeys());
}

/** Stores a browser's subscription for this user; the same endpoint again replaces the old keys and owner. */
export async function saveSubscription(db: Db, userId: string, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await upsertSubscription(db, { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth });
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  await deleteOwnSubscription(db, userId, endpoint);
}

export interface PushSender {
  send(userId: string, message: PushMessage): Promise<{ sent: number; removed: number }>;
}

export interface PushSenderOptions extends OutboundPolicy {
  /** PUSH_SERVICE_HOSTS: a subscription on any other host (stored before the rule, or since removed) is skipped. */
  pushServiceHosts: readonly string[];
  /** An extra trusted certificate, for a test's stand-in push service. */
  ca?: Buffer;
}

export function createPushSender(db: Db, subject: string, opts: PushSenderOptions): PushSender {
  let keys: Promise<VapidKeys> | undefined;
  // Every push connection goes through the outbound guard: no loopback or private address.
  const agent = guardedAgents(opts, { ca: opts.ca }).https;
  return {
    async send(userId, message) {
      keys ??= vapidKeys(db);
      const vapid = await keys;
      const subs = await findSubscriptionsOf(db, userId);
      let sent = 0;
      let removed = 0;
      await Promise.all(
        subs.map(async (s) => {
          try {
            if (!isAllowedPushEndpoint(s.endpoint, opts.pushServiceHosts)) return;
            assertAllowedHost(opts, new URL(s.endpoint).hostname);
            await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(message), {
              vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
              TTL: 60 * 60,
              timeout: 10_000,
              agent,
            });
            sent++;
          } catch (err) {
            const status = (err as { statusCode?: number }).statusCode;
            if (status === 404 || status === 410) {
              await deleteSubscriptionById(db, s.id);
              removed++;
            }
          }
        }),
      );
      return { sent, removed };
    },
  };
}
