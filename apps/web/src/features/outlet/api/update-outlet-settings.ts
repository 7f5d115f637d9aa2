/** PATCH /api/outlet/settings: a manager changes the outlet's phone and opening hours. */
import type { OutletSettings, OutletSettingsInput } from '@meatshop/shared/outlet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outletKeys } from './query-keys';

export const updateOutletSettings = (input: OutletSettingsInput) => api.patch<OutletSettings>('/api/outlet/settings', input);

export function useUpdateOutletSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOutletSettings,
    onSuccess: (settings) => qc.setQueryData(outletKeys.settings(), settings),
  });
}
