/**
 * Taking an order for a customer: create the customer by phone, see whether they may order on their
 * business's account, then place the order (POST /api/admin/orders).
 */
import type { AdminNewCustomer, AdminNewCustomerInput, StaffOrderInput, StaffOrderPlaced } from '@meatshop/shared/staff-orders';
import type { StaffOnAccountOffer } from '@meatshop/shared/trade-credit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useCreateCustomer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminNewCustomerInput) => api.post<AdminNewCustomer>('/api/admin/customers', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...adminKeys.customers, 'list'] }),
  });
}

/** The Idempotency-Key is the form's: a double click or a retry after a lost answer places one order. */
export function usePlaceStaffOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: StaffOrderInput; idempotencyKey: string }) =>
      api.post<StaffOrderPlaced>('/api/admin/orders', input, { headers: { 'idempotency-key': idempotencyKey } }),
    onSuccess: () =>
      Promise.all([adminKeys.orders, adminKeys.dashboard, adminKeys.customers].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** GET /api/admin/customers/:id/on-account: the customer's business, its terms and the credit left, or null. */
export function useOnAccountOffer(customerId: string | null) {
  return useQuery({
    queryKey: [...adminKeys.customers, 'on-account', customerId ?? ''],
    queryFn: () => api.get<StaffOnAccountOffer>(`/api/admin/customers/${customerId}/on-account`),
    enabled: !!customerId,
    staleTime: 0,
  });
}
