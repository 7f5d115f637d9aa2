/** /api/admin/coupons: list, create, update (percentage, active, expiry, limit), delete unused. */
import type { AdminCoupon, AdminCouponList, AdminCreateCouponInput, AdminUpdateCouponInput } from '@meatshop/shared/admin-coupons';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const couponsQuery = queryOptions({
  queryKey: ['admin', 'coupons'],
  queryFn: ({ signal }) => api.get<AdminCouponList>('/api/admin/coupons', { signal }),
});

export const useCoupons = () => useQuery(couponsQuery);

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: couponsQuery.queryKey });
}

export function useCreateCoupon() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AdminCreateCouponInput) => api.post<AdminCoupon>('/api/admin/coupons', input),
    onSuccess: invalidate,
  });
}

export function useUpdateCoupon() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ code, patch }: { code: string; patch: AdminUpdateCouponInput }) =>
      api.patch<AdminCoupon>(`/api/admin/coupons/${encodeURIComponent(code)}`, patch),
    onSuccess: invalidate,
  });
}

export function useDeleteCoupon() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (code: string) => api.delete(`/api/admin/coupons/${encodeURIComponent(code)}`), onSuccess: invalidate });
}
