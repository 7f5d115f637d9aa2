/** GET /api/outlet/dashboard: today's figures, recent orders and the 7-day revenue trend. */
import type { OutletDashboard } from '@meatshop/shared/outlet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

/** Fallback when the live stream is down: the dashboard still catches up within half a minute. */
const DASHBOARD_POLL_MS = 30_000;

export const getOutletDashboard = () => api.get<OutletDashboard>('/api/outlet/dashboard');

export const outletDashboardQuery = () =>
  queryOptions({ queryKey: outletKeys.dashboard(), queryFn: getOutletDashboard, refetchInterval: DASHBOARD_POLL_MS });

export const useOutletDashboard = () => useQuery(outletDashboardQuery());
