/**
 * POST /api/payments/initiate: hands a placed order to the payment provider. The
 * server prices the payment from the order; amount and method are sent only because the contract has them.
 */
import { CHECKOUT_MESSAGES } from '@meatshop/shared/orders';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface InitiatePaymentInput {
  orderId: string;
  amount: number;
  paymentMethod: string;
  customerInfo: { firstName: string; lastName: string; email: string; phone: string };
  phone: string;
  email: string;
}

export async function initiatePayment(input: InitiatePaymentInput): Promise<{ paymentUrl: string; orderTrackingId: string }> {
  const res = await api.post<{ paymentUrl?: string; orderTrackingId: string }>('/api/payments/initiate', input);
  // Spec section 8: a missing paymentUrl counts as a failure.
  if (!res?.paymentUrl) throw new ApiError(502, 'PAYMENT_UNAVAILABLE', CHECKOUT_MESSAGES.paymentUnavailable);
  return { paymentUrl: res.paymentUrl, orderTrackingId: res.orderTrackingId };
}

/** The spec's initiation messages: no connection, else the server's reason (it tells a provider time-out from an outage). */
export { initiateErrorMessage as paymentFailureMessage } from '@/lib/payment-messages';

export function useInitiatePayment() {
  return useMutation({ mutationFn: initiatePayment });
}
