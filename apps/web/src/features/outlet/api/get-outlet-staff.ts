/** GET /api/outlet/staff: this outlet's employees, their roles, and whether the caller may manage them. */
import type { OutletStaff } from '@meatshop/shared/outlet';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const getOutletStaff = () => api.get<OutletStaff>('/api/outlet/staff');

export const useOutletStaff = () => useQuery({ queryKey: outletKeys.staff(), queryFn: getOutletStaff });
