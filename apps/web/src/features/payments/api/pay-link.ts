/**
 * /api/pay-links/:token: the pay page of an order staff took. No sign-in: the link from the SMS is
 * the key. Read the order, start paying, check the payment after the provider sends the payer back.
 */
import type { InitiatePaymentResponse, VerifyPaymentResponse } from '@meatshop/shared/payments';
import type { PayLinkOrder } from '@meatshop/shared/staff-orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const payLinkKey = (token: string) => ['pay-link', token] as const;
const path = (token: string) => `/api/pay-links/${encodeURIComponent(token)}`;

export const usePayLink = (token: string) =>
  useQuery({ queryKey: payLinkKey(token), queryFn: () => api.get<PayLinkOrder>(path(token)), retry: false });

export const usePayThroughLink = (token: string) =>
  useMutation({ mutationFn: () => api.post<InitiatePaymentResponse>(`${path(token)}/pay`, {}) });

/** Back from the provider: asks it once, then the order is read again. */
export function useVerifyPayLink(token: string, orderTrackingId: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: [...payLinkKey(token), 'verify', orderTrackingId],
    queryFn: async () => {
      const verdict = await api.post<VerifyPaymentResponse>(`${path(token)}/verify`, { orderTrackingId });
      await qc.invalidateQueries({ queryKey: payLinkKey(token), exact: true });
      return verdict;
    },
    enabled: !!orderTrackingId,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
