/** GET /api/outlet/settings: the outlet's contact details and hours. */
import type { OutletSettings } from '@meatshop/shared/outlet';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const getOutletSettings = () => api.get<OutletSettings>('/api/outlet/settings');

export const useOutletSettings = () => useQuery({ queryKey: outletKeys.settings(), queryFn: getOutletSettings });
