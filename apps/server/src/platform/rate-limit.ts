/**
 * Abuse limits kept in the database, so every server instance counts the same attempts.
 * One upsert per check: a fixed window that restarts when it has passed.
 */
import { MESSAGES } from '@meatshop/shared/errors';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

export interface Limit {
  /** What is counted, e.g. `sign-in:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Scales every limit (config RATE_LIMIT_MULTIPLIER): the browser test server signs in far more often than a person. */
let multiplier = 1;
export function setRateLimitMultiplier(n: number) {
  multiplier = n;
}

/** A limit as this server applies it, for limits counted elsewhere (such as orders per customer). */
export const scaledLimit = (max: number) => max * multiplier;

/** Counts one attempt; false when the window's count is now over the limit. */
export async function hit(db: Db, { key, max, windowSeconds }: Limit): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING count`);
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return (rows[0]?.count ?? 0) <= max * multiplier;
}

/** True when a limit is already used up in its current window (reads, counts nothing). */
export async function isExhausted(db: Db, limits: Limit[]): Promise<boolean> {
  for (const { key, max, windowSeconds } of limits) {
    const result = await db.execute(
      sql`SELECT count FROM rate_limits WHERE key = ${key} AND window_start >= now() - make_interval(secs => ${windowSeconds})`,
    );
    const rows = (result as unknown as { rows: { count: number }[] }).rows;
    if ((rows[0]?.count ?? 0) >= max * multiplier) return true;
  }
  return false;
}

/** Counts one failed attempt against each limit. */
export async function recordFailure(db: Db, limits: Limit[]) {
  for (const l of limits) await hit(db, l);
}

/** Throws 429 when any of the limits is exceeded (all are counted). */
export async function enforce(db: Db, limits: Limit[], message: string = MESSAGES.tooManyRequests) {
  const results = await Promise.all(limits.map((l) => hit(db, l)));
  if (results.includes(false)) throw new AppError('RATE_LIMITED', message);
}
