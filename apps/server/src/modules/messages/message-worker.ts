/**
 * Sends queued customer messages off the request path. Each pass claims due rows with
 * FOR UPDATE SKIP LOCKED (so several server instances never take the same row), marks them
 * `sending` with a lease, sends outside any transaction, then records `sent` or schedules a retry
 * with exponential back-off (base, 2×base, 4×base …) until MESSAGE_MAX_ATTEMPTS, then `failed`.
 * A row whose lease ran out (its instance died mid-send) is taken again.
 */
import type { Db } from '../../db/client.ts';
import type { EventHub } from '../../platform/events.ts';
import { type ClaimedMessage, claimDueMessages, markMessageAttemptFailed, markMessagesSent } from './customer-messages.repository.ts';
import type { MessageProviders } from './message-providers.ts';

const BATCH = 20;
const LEASE_SECONDS = 120;

export interface WorkerOptions {
  db: Db;
  events: EventHub;
  /** Read per message, so a test can swap a provider after start. */
  providers: () => MessageProviders;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  log: { warn(o: object, m: string): void };
}

export function retryDelayMs(baseMs: number, attempts: number): number {
  return baseMs * 2 ** Math.max(0, attempts - 1);
}

/**
 * Sends one claimed message. A message a real provider accepted is recorded at once, so a crash
 * straight after cannot send it twice; one kept in the outbox (nothing leaves the machine) joins
 * `keptInOutbox`, recorded for the whole batch in one statement.
 */
async function sendOne(o: WorkerOptions, m: ClaimedMessage, keptInOutbox: string[]) {
  const provider = o.providers()[m.channel];
  try {
    await provider.send(m);
    if (provider.name === 'outbox') keptInOutbox.push(m.id);
    else await markMessagesSent(o.db, [m.id], provider.name);
  } catch (err) {
    const last = m.attempts >= o.maxAttempts;
    const message = err instanceof Error ? err.message : String(err);
    await markMessageAttemptFailed(o.db, m.id, {
      status: last ? 'failed' : 'pending',
      provider: provider.name,
      lastError: message.slice(0, 500),
      nextAttemptAt: new Date(Date.now() + retryDelayMs(o.retryBaseMs, m.attempts)),
    });
    o.log.warn(
      { err, messageId: m.id, attempts: m.attempts },
      last ? 'customer message failed for good' : 'customer message failed, will retry',
    );
  }
}

export async function startMessageWorker(o: WorkerOptions) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const pass = async () => {
    do {
      again = false;
      const rows = await claimDueMessages(o.db, BATCH, LEASE_SECONDS);
      const keptInOutbox: string[] = [];
      for (const m of rows) await sendOne(o, m, keptInOutbox);
      await markMessagesSent(o.db, keptInOutbox, 'outbox');
      if (rows.length === BATCH) again = true;
    } while (again && !stopped);
  };

  /**
   * Runs a pass now, or once more right after the one under way (however many callers ask meanwhile:
   * a burst of order events costs one extra pass, not one each); resolves when that pass is done.
   */
  let next: Promise<void> | undefined;
  const drain = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      next ??= running.then(() => {
        next = undefined;
        return drain();
      });
      return next;
    }
    running = pass()
      .catch((err) => o.log.warn({ err }, 'message worker pass failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void drain(), o.pollMs);
  timer.unref();
  // An order event usually means a new message: send it now rather than at the next poll.
  const unsubscribe = await o.events.subscribe((e) => {
    if (e.type === 'order') void drain();
  });

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}

export type MessageWorker = Awaited<ReturnType<typeof startMessageWorker>>;
