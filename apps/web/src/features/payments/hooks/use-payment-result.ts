/**
 * The payment result screen's state (loading, then success or error): reads both
 * query parameters, verifies with the server, keeps asking while the payer has not finished, and
 * refetches when a live event says the order was paid.
 */
import { PAYMENT_MESSAGES, type VerifyPaymentResponse } from '@meatshop/shared/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live-events';
import { useShopStore } from '@/stores/shop-store';
import { useVerifyPayment, VERIFY_MAX_POLLS, verifyPaymentKey } from '../api/verify-payment';
import { verifyErrorMessage } from '@/lib/payment-messages';

export type PaymentResult =
  | { state: 'verifying' }
  | { state: 'sign-in' }
  | { state: 'success'; payment: VerifyPaymentResponse }
  | { state: 'failed'; message: string; payment?: VerifyPaymentResponse; canRetry: boolean };

export function usePaymentResult(): PaymentResult & { retry: () => void; isRetrying: boolean } {
  const [params] = useSearchParams();
  const trackingId = params.get('OrderTrackingId');
  const reference = params.get('OrderMerchantReference');
  const valid = !!trackingId?.trim() && !!reference?.trim();
  const user = useShopStore((s) => s.user);
  const initialized = useShopStore((s) => s.initialized);
  const queryClient = useQueryClient();

  const query = useVerifyPayment(trackingId, valid && !!user);
  const { data, error } = query;
  const dataUpdateCount = queryClient.getQueryState(verifyPaymentKey(trackingId ?? ''))?.dataUpdateCount ?? 0;

  useLiveEvent((e) => {
    if (e.type === 'resync' || (e.type === 'order' && data && e.orderId === data.orderId)) void query.refetch();
  });

  const result = resultOf();
  function resultOf(): PaymentResult {
    if (!valid) return { state: 'failed', message: PAYMENT_MESSAGES.invalidReference, canRetry: false };
    if (!initialized) return { state: 'verifying' };
    if (!user || (error instanceof ApiError && error.isUnauthenticated)) return { state: 'sign-in' };
    if (error) return { state: 'failed', message: verifyErrorMessage(error), canRetry: true };
    if (!data) return { state: 'verifying' };
    if (data.payment_status === 'COMPLETED') return { state: 'success', payment: data };
    if (data.payment_status === 'INVALID') {
      // Still not paid after the polling window: say so rather than spin for ever.
      if (dataUpdateCount >= VERIFY_MAX_POLLS)
        return { state: 'failed', message: PAYMENT_MESSAGES.cannotVerify, payment: data, canRetry: true };
      return { state: 'verifying' };
    }
    return { state: 'failed', message: PAYMENT_MESSAGES.unsuccessful(data.payment_status_description), payment: data, canRetry: false };
  }

  // One toast per outcome, and the orders the customer sees elsewhere are refreshed.
  const announced = useRef<string | null>(null);
  const outcome = result.state === 'success' ? 'success' : result.state === 'failed' ? `failed:${result.message}` : null;
  useEffect(() => {
    if (!outcome || announced.current === outcome) return;
    announced.current = outcome;
    if (result.state === 'success') {
      toast.success(PAYMENT_MESSAGES.completed);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    } else if (result.state === 'failed') {
      toast.error(result.message);
    }
  });

  return { ...result, retry: () => void query.refetch(), isRetrying: query.isFetching };
}
