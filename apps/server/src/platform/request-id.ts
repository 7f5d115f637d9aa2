/**
 * Request ids without a system call per request: a random prefix drawn once per process, then a
 * counter. Sixteen hex characters as before (8 random, 8 counting), so a log search or a support
 * quote looks the same; the prefix keeps two processes (or two starts) apart. Reading 8 random bytes
 * per request cost as much CPU as the framework on the cached listing.
 */
import { randomBytes } from 'node:crypto';

export function createRequestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let n = 0;
  return () => {
    n = (n + 1) >>> 0;
    return prefix + n.toString(16).padStart(8, '0');
  };
}
