/** Query keys of the rider app: invalidating `riderKeys.all` refreshes every rider screen. */
import type { EarningPeriod } from '@meatshop/shared/rider';

export const riderKeys = {
  all: ['rider'] as const,
  orders: () => ['rider', 'orders'] as const,
  order: (id: string) => ['rider', 'order', id] as const,
  stats: () => ['rider', 'stats'] as const,
  earnings: (period: EarningPeriod) => ['rider', 'earnings', period] as const,
  profile: () => ['rider', 'profile'] as const,
};
