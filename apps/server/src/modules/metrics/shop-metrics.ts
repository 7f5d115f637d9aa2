/**
 * The shop's own metrics beside the HTTP ones: payments by state, the customer-message queue, open
 * live-event streams and database connections. Read when Prometheus scrapes, never per request.
 */
import type { Database } from '../../db/client.ts';
import { PAYMENT_ATTEMPT_STATUSES } from '../../db/schema/orders.ts';
import type { EventHub } from '../../platform/events.ts';
import type { Metrics } from '../../platform/metrics.ts';
import { messageQueue, paymentsByState } from './shop-metrics.repository.ts';

export function registerShopMetrics(metrics: Metrics, database: Database, events: EventHub) {
  const db = database.db;
  metrics.gauge('meatshop_payments', 'Payment attempts in the database, by state.', ['state'], async (set) => {
    // Every state is printed, 0 when none are in it, so a rate or an alert never meets a missing series.
    const counts = new Map((await paymentsByState(db)).map((r) => [r.state, r.n]));
    for (const state of PAYMENT_ATTEMPT_STATUSES) set({ state }, counts.get(state) ?? 0);
  });
  // One query for both queue gauges, shared by the two collections of one scrape (they run together).
  let queue: { at: number; read: ReturnType<typeof messageQueue> } | undefined;
  const readQueue = () => {
    if (!queue || Date.now() - queue.at > 1_000) queue = { at: Date.now(), read: messageQueue(db) };
    return queue.read;
  };
  metrics.gauge('meatshop_message_queue_depth', 'Customer messages (SMS, email) waiting to be sent.', [], async (set) =>
    set({}, (await readQueue()).depth),
  );
  metrics.gauge(
    'meatshop_message_queue_oldest_age_seconds',
    'How long the oldest customer message still waiting to be sent has waited (0 when none wait).',
    [],
    async (set) => set({}, (await readQueue()).oldestAgeSeconds),
  );
  metrics.gauge('meatshop_event_streams', 'Live-event streams (Server-Sent Events) open on this instance.', [], (set) =>
    set({}, events.openStreams),
  );
  metrics.gauge(
    'meatshop_db_connections',
    'Database connections of this instance: open, idle, and callers waiting for one.',
    ['state'],
    (set) => {
      const c = database.connections();
      set({ state: 'open' }, c.open);
      set({ state: 'idle' }, c.idle);
      set({ state: 'waiting' }, c.waiting);
    },
  );
}
