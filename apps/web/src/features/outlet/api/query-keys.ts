/** Cache keys of the outlet portal; everything under `outlet` refreshes when a new order arrives. */
import type { OutletOrdersQuery } from '@meatshop/shared/outlet';

export const outletKeys = {
  all: ['outlet'] as const,
  dashboard: () => ['outlet', 'dashboard'] as const,
  orders: (query: OutletOrdersQuery) => ['outlet', 'orders', query] as const,
  order: (id: string) => ['outlet', 'order', id] as const,
  staff: () => ['outlet', 'staff'] as const,
  settings: () => ['outlet', 'settings'] as const,
  stock: () => ['outlet', 'stock'] as const,
  stockMovements: () => ['outlet', 'stock-movements'] as const,
  batches: (view: 'live' | 'disposal') => ['outlet', 'stock-batches', view] as const,
  transferTargets: () => ['outlet', 'transfer-targets'] as const,
};
