/**
 * Sales rollups, kept by their readers. The report and the dashboard call
 * `readySales` first: it rebuilds what changed and returns the split between closed days (read from
 * the rollups) and open ones (today, and yesterday until 00:15, read from the orders). Nothing on the
 * checkout or order-status path writes a rollup: an earlier attempt that updated today's row from
 * triggers made every checkout wait on that one row.
 */
import type { Tx } from '../../db/client.ts';
import { lockRebuild, type RollupRange, rebuildDays, rollupState, takeDaysToRebuild } from './sales-rollup.repository.ts';

export interface SalesSplit {
  /** Today in Kampala (YYYY-MM-DD). */
  today: string;
  /** The first day of the range (YYYY-MM-DD). */
  from: string;
  /** Days up to this one come from the rollups, later ones from the orders. */
  lastClosed: string;
}

/** `at` stands for the clock in tests of the midnight grace period. */
export async function readySales(db: Tx, range: RollupRange, at?: Date): Promise<SalesSplit> {
  const { today, from, lastClosed, last, stale } = await rollupState(db, range, at);
  if (stale) {
    await db.transaction(async (tx) => {
      await lockRebuild(tx);
      const days = await takeDaysToRebuild(tx, from, last);
      if (days.length) await rebuildDays(tx, days);
    });
  }
  return { today, from, lastClosed };
}
