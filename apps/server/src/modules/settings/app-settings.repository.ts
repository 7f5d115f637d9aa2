/**
 * The app_settings table: one JSON value per key (shop settings, generated secrets and keys, the
 * payment provider's registered IPN id).
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appSettings } from '../../db/schema/notifications.ts';

export async function readAppSetting(tx: Db | Tx, key: string): Promise<unknown> {
  const [row] = await tx.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row?.value;
}

export async function writeAppSetting(tx: Db | Tx, key: string, value: unknown): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

/**
 * The value kept under `key`, storing `first` when there is none. Several instances may start
 * together: the first insert wins and everyone reads the same value.
 */
export async function keepFirstAppSetting<T>(db: Db, key: string, first: () => T): Promise<T> {
  const existing = await readAppSetting(db, key);
  if (existing !== undefined) return existing as T;
  await db.insert(appSettings).values({ key, value: first() }).onConflictDoNothing();
  return (await readAppSetting(db, key)) as T;
}
