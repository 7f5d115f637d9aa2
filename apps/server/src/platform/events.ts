/**
 * The realtime bus. A change that a screen watches is published with pg_notify inside the
 * transaction that makes it, so listeners on every server instance hear it after COMMIT and never
 * after a rollback. The Server-Sent Events route subscribes through `subscribe` and filters each
 * event by who may see it (see the `audience` fields).
 */
import { randomUUID } from 'node:crypto';
import type { Database, Tx } from '../db/client.ts';
import { notify } from '../db/commit-with.ts';
import type { DomainEvent } from '@meatshop/shared/events';

export const EVENTS_CHANNEL = 'meatshop_events';

export type { DomainEvent, OrderAction } from '@meatshop/shared/events';

/** Each published event carries a unique id, so work done once per event (web push) can be claimed. */
export type BusEvent = DomainEvent & { eventId?: string; publishedAt?: number };

/**
 * Publish inside the caller's transaction: delivered after COMMIT, dropped on rollback. It only
 * publishes: the customer's messages for an order change are queued by the order core beside its
 * event (orders/lifecycle/order-event.ts).
 */
export async function publish(tx: Tx, event: DomainEvent): Promise<void> {
  // publishedAt (ms since epoch) lets bench/events measure publish-to-delivery latency.
  const withId: BusEvent = { ...event, eventId: randomUUID(), publishedAt: Date.now() };
  await notify(tx, EVENTS_CHANNEL, JSON.stringify(withId));
}

export type Listener = (event: BusEvent) => void;

/** One LISTEN per server instance, fanned out in memory to every subscriber. */
export function createEventHub(database: Database) {
  const listeners = new Set<Listener>();
  let openStreams = 0;
  let started: Promise<() => Promise<void>> | undefined;
  const start = () => {
    started ??= database.listen(EVENTS_CHANNEL, (payload) => {
      let event: BusEvent;
      try {
        event = JSON.parse(payload) as BusEvent;
      } catch {
        return;
      }
      for (const l of listeners) l(event);
    });
    return started;
  };
  return {
    start,
    async subscribe(listener: Listener) {
      await start();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get size() {
      return listeners.size;
    },
    /** Counts an open client stream on this instance; call the returned function when it ends. */
    streamOpened() {
      openStreams++;
      let done = false;
      return () => {
        if (!done) openStreams--;
        done = true;
      };
    },
    /** Client streams open on this instance (the events route keeps them all on one subscription). */
    get openStreams() {
      return openStreams;
    },
    async stop() {
      listeners.clear();
      if (started) await (await started)();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
