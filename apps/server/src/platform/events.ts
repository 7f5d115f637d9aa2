/**
 * The realtime bus. A change that a screen watches is published with pg_notify inside the
 * transaction that makes it, so listeners on every server instance hear it after COMMIT and never
 * after a rollback. The Server-Sent Events route subscribes through `subscribe` and filters each
 * event by who may see it (see the `audience` fields).
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';

export const EVENTS_CHANNEL = 'meatshop_events';

export type OrderAction = 'placed' | 'assigned' | 'ready' | 'picked_up' | 'delivered' | 'cancelled' | 'paid' | 'payment_failed' | 'updated';

export type DomainEvent =
  | {
      type: 'order';
      action: OrderAction;
      orderId: string;
      status: string;
      paymentStatus: string;
      /** Audience: the customer, the outlet's staff, the assigned rider (and the rider it was taken from). */
      userId: string;
      outletId: string | null;
      riderId: string | null;
      previousRiderId?: string | null;
    }
  | { type: 'notification'; id: string; message: string; notificationType: string }
  | { type: 'rider'; riderId: string; status: string };

/** Publish inside the caller's transaction: delivered after COMMIT, dropped on rollback. */
export async function publish(tx: Tx, event: DomainEvent): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export type Listener = (event: DomainEvent) => void;

/** One LISTEN per server instance, fanned out in memory to every subscriber. */
export function createEventHub(database: Database) {
  const listeners = new Set<Listener>();
  let started: Promise<() => Promise<void>> | undefined;
  const start = () => {
    started ??= database.listen(EVENTS_CHANNEL, (payload) => {
      let event: DomainEvent;
      try {
        event = JSON.parse(payload) as DomainEvent;
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
    async stop() {
      listeners.clear();
      if (started) await (await started)();
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
