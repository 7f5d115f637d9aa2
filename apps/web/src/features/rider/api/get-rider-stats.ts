import type { RiderStats } from '@meatshop/shared/rider';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { riderKeys } from './keys';

export const getRiderStats = () => api.get<RiderStats>('/api/rider/stats');

export const useRiderStats = () => useQuery({ queryKey: riderKeys.stats(), queryFn: getRiderStats });
