/** The rate_limits table: one counter per key in a fixed window that restarts when it has passed. */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Counts one attempt in one upsert and returns the window's count including it. */
export async function countAttempt(db: Db, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING count`);
  return (result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}

/**
 * Gives one counted attempt back to each key (a success, or an attempt refused elsewhere). The rows
 * are locked in key order first: two sign-ins giving back the same address and email at once would
 * otherwise lock them in whatever order each scan met them, and PostgreSQL ends such a pair with a
 * deadlock error (a 500 for one of the guesses).
 */
export async function giveBack(db: Db, keys: string[]) {
  if (!keys.length) return;
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE rate_limits r SET count = GREATEST(r.count - 1, 0)
    FROM (SELECT key FROM rate_limits WHERE key IN (${list}) ORDER BY key FOR UPDATE) locked
    WHERE r.key = locked.key`);
}

/** Records that `key` happened now (e.g. a successful sign-in from an address). */
export async function mark(db: Db, key: string) {
  await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 0)
    ON CONFLICT (key) DO UPDATE SET window_start = now()`);
}

/** True when `key` was marked within the last `windowSeconds`. */
export async function isMarked(db: Db, key: string, windowSeconds: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM rate_limits WHERE key = ${key} AND window_start >= now() - make_interval(secs => ${windowSeconds})`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
