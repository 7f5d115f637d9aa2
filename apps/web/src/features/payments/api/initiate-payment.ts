/** POST /api/payments/initiate: starts a payment for one of the customer's unpaid orders. */
import type { InitiatePaymentInput, InitiatePaymentResponse } from '@meatshop/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentResponse> {
  return api.post<InitiatePaymentResponse>('/api/payments/initiate', input);
}

export function useInitiatePayment() {
  return useMutation({ mutationFn: initiatePayment });
}
