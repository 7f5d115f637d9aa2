/**
 * The rider's offline store: IndexedDB `rider-db` version 1 with the stores
 * `orders` (active orders, readable with no signal), `offlineOrders` (steps taken offline, a photo
 * included, in the order they were taken) and `userPreferences`.
 */
import { RIDER_DB_VERSION } from '@meatshop/shared/constants';
import type { RiderOrderDetail, RiderOrderSummary } from '@meatshop/shared/rider';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export interface CachedOrder {
  id: string;
  summary: RiderOrderSummary;
  detail?: RiderOrderDetail;
  savedAt: number;
}

export interface QueuedPosition {
  lat: number;
  lng: number;
  accuracy?: number;
  recordedAt: string;
}

export interface OfflineAction {
  seq?: number;
  orderId: string;
  /** `position`: a live-tracking fix taken with no signal (sent later with its own time). */
  action: 'pickup' | 'deliver' | 'position';
  photo?: Blob;
  position?: QueuedPosition;
  createdAt: number;
  state: 'pending' | 'refused';
  /** Why the server refused it, in words for the rider. */
  error?: string;
}

interface RiderDb extends DBSchema {
  orders: { key: string; value: CachedOrder };
  offlineOrders: { key: number; value: OfflineAction };
  userPreferences: { key: string; value: { key: string; value: unknown } };
}

let dbPromise: Promise<IDBPDatabase<RiderDb>> | undefined;

export function riderDb() {
  dbPromise ??= openDB<RiderDb>('rider-db', RIDER_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('orders')) db.createObjectStore('orders', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('offlineOrders')) db.createObjectStore('offlineOrders', { keyPath: 'seq', autoIncrement: true });
      if (!db.objectStoreNames.contains('userPreferences')) db.createObjectStore('userPreferences', { keyPath: 'key' });
    },
  });
  return dbPromise;
}

/** Replaces the saved active orders with the server's list, keeping details already saved. */
export async function cacheOrders(orders: RiderOrderSummary[]) {
  const db = await riderDb();
  const tx = db.transaction('orders', 'readwrite');
  const existing = new Map((await tx.store.getAll()).map((o) => [o.id, o]));
  await tx.store.clear();
  for (const summary of orders) {
    const prev = existing.get(summary.id);
    await tx.store.put({ id: summary.id, summary, detail: prev?.detail ? { ...prev.detail, ...summary } : undefined, savedAt: Date.now() });
  }
  await tx.done;
}

export async function cacheOrderDetail(detail: RiderOrderDetail) {
  const db = await riderDb();
  const { deliveryPhotoUrl: _p, items: _i, ...summary } = detail;
  // Only active orders are kept; a finished one leaves the phone.
  if (detail.status !== 'assigned' && detail.status !== 'picked_up') {
    await db.delete('orders', detail.id);
    return;
  }
  await db.put('orders', { id: detail.id, summary, detail, savedAt: Date.now() });
}

export async function cachedOrders(): Promise<CachedOrder[]> {
  const all = await (await riderDb()).getAll('orders');
  return all.sort((a, b) => b.summary.createdAt.localeCompare(a.summary.createdAt));
}

export async function cachedOrder(id: string) {
  return (await riderDb()).get('orders', id);
}

/** What a step taken offline does to the saved copy, so the screen shows it at once. */
export async function applyLocally(orderId: string, action: OfflineAction['action']) {
  if (action === 'position') return;
  const db = await riderDb();
  const saved = await db.get('orders', orderId);
  if (!saved) return;
  const now = new Date().toISOString();
  const patch =
    action === 'pickup' ? { status: 'picked_up' as const, pickedUpAt: now } : { status: 'delivered' as const, deliveredAt: now };
  await db.put('orders', {
    ...saved,
    summary: { ...saved.summary, ...patch },
    detail: saved.detail ? { ...saved.detail, ...patch } : undefined,
  });
}

export async function getPreference<T>(key: string): Promise<T | undefined> {
  return (await (await riderDb()).get('userPreferences', key))?.value as T | undefined;
}

export async function setPreference(key: string, value: unknown) {
  await (await riderDb()).put('userPreferences', { key, value });
}
