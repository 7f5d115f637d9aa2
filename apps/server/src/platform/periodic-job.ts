/**
 * A background job run every `intervalMs`, the first time `firstAfterMs` after start; never two
 * runs at once. Its timers do not keep the process alive, and `stop()` waits for a run in progress.
 */
export interface PeriodicJob {
  stop(): Promise<void>;
}

export function startPeriodicJob(run: () => Promise<void>, intervalMs: number, firstAfterMs: number): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run().finally(() => {
      running = null;
    });
  };
  const first = setTimeout(tick, Math.min(firstAfterMs, intervalMs));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
