/** Outlets and their products. */
import type { AdminOutlet, AdminOutletInput, AdminOutletProduct, AdminOutletProductInput } from '@meatshop/shared/admin-outlets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const useOutlets = () => useQuery({ queryKey: adminKeys.outlets, queryFn: () => api.get<AdminOutlet[]>('/api/admin/outlets') });
export const useOutletProducts = (outletId: string | undefined) =>
  useQuery({
    queryKey: adminKeys.outletProducts(outletId ?? ''),
    queryFn: () => api.get<AdminOutletProduct[]>(`/api/admin/outlets/${outletId}/products`),
    enabled: !!outletId,
  });
export const useProductOptions = () =>
  useQuery({
    queryKey: adminKeys.productOptions,
    queryFn: () => api.get<{ id: string; name: string; price: number }[]>('/api/admin/product-options'),
  });

export function useSaveOutlet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminOutletInput }) =>
      id ? api.put<AdminOutlet>(`/api/admin/outlets/${id}`, input) : api.post<AdminOutlet>('/api/admin/outlets', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.outlets }),
  });
}

export function useDeleteOutlet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/admin/outlets/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.outlets }),
  });
}

export function useSaveOutletProduct(outletId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminOutletProductInput }) =>
      id
        ? api.put<AdminOutletProduct>(`/api/admin/outlets/${outletId}/products/${id}`, input)
        : api.post<AdminOutletProduct>(`/api/admin/outlets/${outletId}/products`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.outlets }),
  });
}

export function useRemoveOutletProduct(outletId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/admin/outlets/${outletId}/products/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.outlets }),
  });
}
