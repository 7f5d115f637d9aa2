/** GET and POST /api/account/addresses: the customer's saved delivery addresses. */
import type { SavedAddress, SavedAddressInput } from '@meatshop/shared/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const key = ['saved-addresses'] as const;

export function getSavedAddresses(): Promise<{ addresses: SavedAddress[] }> {
  return api.get<{ addresses: SavedAddress[] }>('/api/account/addresses');
}

export function useSavedAddresses() {
  return useQuery({ queryKey: key, queryFn: getSavedAddresses });
}

export function saveAddress(input: SavedAddressInput): Promise<SavedAddress> {
  return api.post<SavedAddress>('/api/account/addresses', input);
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAddress, onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }) });
}
