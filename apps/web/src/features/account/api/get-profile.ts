/** GET /api/account/profile: the signed-in customer's own details. */
import type { Profile } from '@meatshop/shared/account';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const profileKey = ['profile'] as const;

export function getProfile(): Promise<Profile> {
  return api.get<Profile>('/api/account/profile');
}

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: getProfile });
}
