/**
 * Abuse limits kept in the database, so every server instance counts the same attempts.
 * One upsert per check: a fixed window that restarts when it has passed.
 */
import { MESSAGES } from '@meatshop/shared/errors';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { countAttempt, giveBack } from './rate-limit.repository.ts';

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
  const count = await countAttempt(db, key, windowSeconds);
  return count <= max * multiplier;
}

/**
 * Counts the attempt against every limit BEFORE the work runs, each with one upsert that returns the
 * new count, so parallel attempts (on any instance) cannot all pass a check made before any of them
 * was counted: only the first `max` get to run. A refused attempt is given back to every limit, so
 * being held at one limit (a pair of email and address) does not use up another (the email's).
 * A successful attempt is given back too: the limits count failures, and `keep` says which errors
 * are failures (others, like a database fault, are given back as well).
 */
export async function attempt<T>(
  db: Db,
  limits: Limit[],
  message: string,
  work: () => Promise<T>,
  keep: (err: unknown) => boolean,
): Promise<T> {
  const keys = limits.map((l) => l.key);
  const results = await Promise.all(limits.map((l) => hit(db, l)));
  if (results.includes(false)) {
    await giveBack(db, keys);
    throw new AppError('RATE_LIMITED', message);
  }
  let result: T;
  try {
    result = await work();
  } catch (err) {
    if (!keep(err)) await giveBack(db, keys);
    throw err;
  }
  await giveBack(db, keys);
  return result;
}

export { isMarked, mark } from './rate-limit.repository.ts';

/** Throws 429 when any of the limits is exceeded (all are counted). */
export async function enforce(db: Db, limits: Limit[], message: string = MESSAGES.tooManyRequests) {
  const results = await Promise.all(limits.map((l) => hit(db, l)));
  if (results.includes(false)) throw new AppError('RATE_LIMITED', message);
}
