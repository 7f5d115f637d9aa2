import type { EarningPeriod, RiderEarnings } from '@meatshop/shared/rider';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { riderKeys } from './keys';

export const getRiderEarnings = (period: EarningPeriod) => api.get<RiderEarnings>('/api/rider/earnings', { query: { period } });

export const useRiderEarnings = (period: EarningPeriod) =>
  useQuery({ queryKey: riderKeys.earnings(period), queryFn: () => getRiderEarnings(period), placeholderData: keepPreviousData });
