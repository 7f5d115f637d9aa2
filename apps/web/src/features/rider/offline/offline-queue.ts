/**
 * Steps taken with no signal, sent in the order they were taken when the connection returns. A step
 * the server refuses (the order was cancelled or reassigned meanwhile) stays in the queue, marked
 * with the reason, until the rider has seen it and dismisses it: nothing is silently lost.
 */
import { NO_LONGER_ASSIGNED } from '@meatshop/shared/delivery';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { sendAction, sendPosition } from '../api/send-action';
import { applyLocally, type OfflineAction, type QueuedPosition, riderDb } from './rider-db';

export type QueuedAction = OfflineAction;

const CHANGED = 'meatshop:rider-queue-changed';

/** Why a step was held back: kept on the phone in English; the sync panel shows it translated. */
export const EARLIER_STEP_REFUSED = 'Not sent: an earlier step for this order was refused.';
const changed = () => window.dispatchEvent(new Event(CHANGED));

export async function enqueueAction(a: { orderId: string; action: 'pickup' | 'deliver'; photo?: Blob }) {
  const db = await riderDb();
  await db.add('offlineOrders', { orderId: a.orderId, action: a.action, photo: a.photo, createdAt: Date.now(), state: 'pending' });
  await applyLocally(a.orderId, a.action);
  changed();
}

/** Positions kept per order while offline; older ones give way (the customer needs the latest). */
const MAX_QUEUED_POSITIONS = 40;

/** A live-tracking fix taken with no signal: sent in order with the rider's steps when back online. */
export async function enqueuePosition(orderId: string, position: QueuedPosition) {
  const db = await riderDb();
  await db.add('offlineOrders', { orderId, action: 'position', position, createdAt: Date.now(), state: 'pending' });
  const queued = (await db.getAll('offlineOrders')).filter((i) => i.action === 'position' && i.orderId === orderId);
  for (const old of queued.slice(0, Math.max(0, queued.length - MAX_QUEUED_POSITIONS)))
    if (old.seq !== undefined) await db.delete('offlineOrders', old.seq);
  changed();
}

export async function listQueue(): Promise<OfflineAction[]> {
  return (await riderDb()).getAll('offlineOrders');
}

export async function dismissAction(seq: number) {
  await (await riderDb()).delete('offlineOrders', seq);
  changed();
}

function refusalText(err: ApiError) {
  if (err.status === 404) return NO_LONGER_ASSIGNED;
  return err.message;
}

let replaying: Promise<{ sent: number; refused: number }> | null = null;

/** Sends pending steps oldest first; stops at the first network failure to keep their order. */
export function replayQueue() {
  replaying ??= (async () => {
    let sent = 0;
    let refused = 0;
    try {
      const db = await riderDb();
      const refusedOrders = new Set<string>();
      for (const item of await db.getAll('offlineOrders')) {
        if (item.state !== 'pending' || item.seq === undefined) continue;
        if (refusedOrders.has(item.orderId) && item.action !== 'position') {
          await db.put('offlineOrders', { ...item, state: 'refused', error: EARLIER_STEP_REFUSED });
          refused++;
          continue;
        }
        if (item.action === 'position') {
          // A position the server no longer wants (delivery closed, order taken away) is simply dropped.
          try {
            if (item.position && !refusedOrders.has(item.orderId)) await sendPosition(item.orderId, item.position);
            await db.delete('offlineOrders', item.seq);
          } catch (err) {
            if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
              await db.delete('offlineOrders', item.seq);
              continue;
            }
            break;
          }
          continue;
        }
        try {
          await sendAction(item.orderId, item.action, item.photo);
          await db.delete('offlineOrders', item.seq);
          sent++;
        } catch (err) {
          if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
            await db.put('offlineOrders', { ...item, state: 'refused', error: refusalText(err) });
            refusedOrders.add(item.orderId);
            refused++;
            continue;
          }
          break;
        } finally {
          changed();
        }
      }
    } finally {
      replaying = null;
    }
    return { sent, refused };
  })();
  return replaying;
}

/** The queue as the screens show it, kept fresh as steps are added, sent or refused. */
export function useOfflineQueue() {
  const [items, setItems] = useState<OfflineAction[]>([]);
  const reload = useCallback(() => {
    listQueue()
      .then(setItems)
      .catch(() => setItems([]));
  }, []);
  useEffect(() => {
    reload();
    window.addEventListener(CHANGED, reload);
    return () => window.removeEventListener(CHANGED, reload);
  }, [reload]);
  return items;
}
