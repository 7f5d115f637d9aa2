/** Products, categories and images: GET/POST/PUT/PATCH/DELETE under /api/admin. */
import type { AdminCategory, AdminCategoryInput, AdminProduct, AdminProductInput } from '@meatshop/shared/admin-catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const useAdminProducts = () =>
  useQuery({ queryKey: adminKeys.products, queryFn: () => api.get<AdminProduct[]>('/api/admin/products') });
export const useAdminCategories = () =>
  useQuery({ queryKey: adminKeys.categories, queryFn: () => api.get<AdminCategory[]>('/api/admin/categories') });

/** The storefront's catalog reads (features/catalog), so this tab's shop shows the change at once too. */
const STOREFRONT_CATALOG = [['products'], ['product'], ['categories']] as const;

function useInvalidate(...keys: (readonly string[])[]) {
  const qc = useQueryClient();
  return () => Promise.all([...keys, ...STOREFRONT_CATALOG].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useSaveProduct() {
  const done = useInvalidate(adminKeys.products, adminKeys.categories, adminKeys.dashboard);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminProductInput }) =>
      id ? api.put<AdminProduct>(`/api/admin/products/${id}`, input) : api.post<AdminProduct>('/api/admin/products', input),
    onSuccess: done,
  });
}

export function useUpdateStock() {
  const done = useInvalidate(adminKeys.products, adminKeys.dashboard);
  return useMutation({
    mutationFn: ({ id, stock }: { id: string; stock: number }) => api.patch<AdminProduct>(`/api/admin/products/${id}/stock`, { stock }),
    onSuccess: done,
  });
}

export function useDeleteProduct() {
  const done = useInvalidate(adminKeys.products, adminKeys.categories, adminKeys.dashboard);
  return useMutation({
    mutationFn: (id: string) => api.delete<{ outcome: 'deleted' | 'archived' }>(`/api/admin/products/${id}`),
    onSuccess: done,
  });
}

export function useSaveCategory() {
  const done = useInvalidate(adminKeys.categories, adminKeys.products);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AdminCategoryInput }) =>
      id ? api.put<AdminCategory>(`/api/admin/categories/${id}`, input) : api.post<AdminCategory>('/api/admin/categories', input),
    onSuccess: done,
  });
}

export function useDeleteCategories() {
  const done = useInvalidate(adminKeys.categories, adminKeys.products);
  return useMutation({
    mutationFn: (ids: string[]) => api.post<{ deleted: number }>('/api/admin/categories/bulk-delete', { ids }),
    onSuccess: done,
  });
}

export type ImageKind = 'product' | 'category';

export function uploadImage(file: File, kind: ImageKind) {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ url: string; thumbnailUrl: string }>('/api/admin/images', form, { query: { kind } });
}

export function checkImageUrl(url: string) {
  return api.post<{ url: string }>('/api/admin/images/check-url', { url });
}
