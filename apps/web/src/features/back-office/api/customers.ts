/** Customers: the list, a customer's page, notes and blocking. */
import type { AdminCustomerDetail, AdminCustomerPage, CustomerNote } from '@meatshop/shared/admin-customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** One page of customers, searched by the server; the last page stays shown while the next loads. */
export const useCustomers = (ask: { q?: string; page?: number }) =>
  useQuery({
    queryKey: [...adminKeys.customers, 'list', ask],
    queryFn: () => api.get<AdminCustomerPage>('/api/admin/customers', { query: ask }),
    placeholderData: keepPreviousData,
  });

const customerKey = (id: string) => [...adminKeys.customers, 'one', id] as const;

export const useCustomer = (id: string) =>
  useQuery({ queryKey: customerKey(id), queryFn: () => api.get<AdminCustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}`) });

export function useAddCustomerNote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post<CustomerNote>(`/api/admin/customers/${encodeURIComponent(id)}/notes`, { text }),
    onSuccess: () => qc.invalidateQueries({ queryKey: customerKey(id) }),
  });
}

/** Blocks with a reason, or unblocks with `null`. */
export function useBlockCustomer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null) =>
      reason === null
        ? api.post<AdminCustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}/unblock`, {})
        : api.post<AdminCustomerDetail>(`/api/admin/customers/${encodeURIComponent(id)}/block`, { reason }),
    onSuccess: (detail) => {
      qc.setQueryData(customerKey(id), detail);
      return qc.invalidateQueries({ queryKey: [...adminKeys.customers, 'list'] });
    },
  });
}
