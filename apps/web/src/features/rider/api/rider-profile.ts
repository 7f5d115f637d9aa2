/** The rider's own profile: read it, edit full name and phone. */
import type { RiderProfile, RiderProfileInput } from '@meatshop/shared/rider';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';
import { riderKeys } from './keys';

export const getRiderProfile = () => api.get<RiderProfile>('/api/rider/me');
export const useRiderProfile = (opts: { refetchInterval?: number | false } = {}) =>
  useQuery({ queryKey: riderKeys.profile(), queryFn: getRiderProfile, ...opts });

export const updateRiderProfile = (input: RiderProfileInput) => api.patch<RiderProfile>('/api/rider/me', input);

export function useUpdateRiderProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateRiderProfile,
    onSuccess: (profile) => {
      qc.setQueryData(riderKeys.profile(), profile);
      syncSessionRider(profile);
    },
  });
}

/** Keeps the persisted session's rider (header name, status pill) in step with the server. */
export function syncSessionRider(p: RiderProfile) {
  const s = useShopStore.getState();
  if (!s.rider) return;
  s.setSession({
    user: s.user,
    outletEmployee: s.outletEmployee,
    rider: {
      ...s.rider,
      fullName: p.fullName,
      phone: p.phone,
      status: p.status,
      isActive: p.isActive,
      approval: p.approval,
      vehicleType: p.vehicleType,
    },
  });
}
