/**
 * POST /api/payments/verify: asks the server to check a payment with the provider. It is a read
 * (repeating it changes nothing), so the result screen runs it as a query and polls while the
 * payer has not finished (mobile money confirms a little after the redirect).
 */
import type { VerifyPaymentResponse } from '@meatshop/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often and how long the result screen keeps asking while the payment is still pending. */
export const VERIFY_POLL_MS = 3_000;
export const VERIFY_MAX_POLLS = 40;

export function verifyPayment(orderTrackingId: string): Promise<VerifyPaymentResponse> {
  return api.post<VerifyPaymentResponse>('/api/payments/verify', { orderTrackingId });
}

export const verifyPaymentKey = (orderTrackingId: string) => ['payments', 'verify', orderTrackingId] as const;

export function useVerifyPayment(orderTrackingId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: verifyPaymentKey(orderTrackingId ?? ''),
    queryFn: () => verifyPayment(orderTrackingId!),
    enabled: enabled && !!orderTrackingId,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q) =>
      q.state.data?.payment_status === 'INVALID' && q.state.dataUpdateCount < VERIFY_MAX_POLLS ? VERIFY_POLL_MS : false,
  });
}
