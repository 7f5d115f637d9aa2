/** Kampala calendar days as YYYY-MM-DD, for report ranges. */
import { SHOP_TIME_ZONE } from '@meatshop/shared/constants';

export const kampalaToday = (now = new Date()) => now.toLocaleDateString('en-CA', { timeZone: SHOP_TIME_ZONE });

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const PRESETS = [
  { label: 'Last 7 days', range: () => ({ from: addDays(kampalaToday(), -6), to: kampalaToday() }) },
  { label: 'Last 30 days', range: () => ({ from: addDays(kampalaToday(), -29), to: kampalaToday() }) },
  { label: 'This month', range: () => ({ from: `${kampalaToday().slice(0, 7)}-01`, to: kampalaToday() }) },
] as const;
