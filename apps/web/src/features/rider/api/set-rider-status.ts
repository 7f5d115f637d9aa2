/** Online / offline toggle (spec: 'You are now online' / 'You are now offline'). */
import type { RiderAvailabilityInput, RiderProfile } from '@meatshop/shared/rider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { riderKeys } from './keys';
import { syncSessionRider } from './rider-profile';

export const setRiderStatus = (input: RiderAvailabilityInput) => api.put<RiderProfile>('/api/rider/status', input);

export function useSetRiderStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setRiderStatus,
    onSuccess: (profile) => {
      qc.setQueryData(riderKeys.profile(), profile);
      syncSessionRider(profile);
    },
  });
}
