/** PUT /api/account/profile: full name and phone (the email is read-only); the session shows the new name. */
import type { Profile, ProfileUpdateInput } from '@meatshop/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';
import { profileKey } from './get-profile';

export function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  return api.put<Profile>('/api/account/profile', input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey, profile);
      const s = useShopStore.getState();
      if (s.user)
        s.setSession({
          user: { ...s.user, fullName: profile.fullName, phone: profile.phone },
          rider: s.rider,
          outletEmployee: s.outletEmployee,
        });
    },
  });
}
