/** Payment API contracts and the checkout and payment messages. */
import { z } from 'zod';

/** A mobile-money or card order still unpaid this long after it was placed is cancelled. */
export const PAYMENT_WINDOW_MINUTES = 30;

/** On the built-in simulator's mobile-money page this PIN declines; any other 4 digits approve. */
export const SIMULATOR_DECLINE_PIN = '0000';

/**
 * Only `orderId` matters: the amount, currency and method come from the order in the database.
 * The other fields of the spec's body are accepted and ignored, so older clients keep working.
 */
export const InitiatePaymentInput = z.object({
  orderId: z.uuid({ message: 'Invalid order id' }),
  amount: z.unknown().optional(),
  paymentMethod: z.unknown().optional(),
  customerInfo: z.unknown().optional(),
  phone: z.unknown().optional(),
  email: z.unknown().optional(),
});
export type InitiatePaymentInput = z.infer<typeof InitiatePaymentInput>;

export const InitiatePaymentResponse = z.object({
  paymentUrl: z.string(),
  orderTrackingId: z.string(),
});
export type InitiatePaymentResponse = z.infer<typeof InitiatePaymentResponse>;

export const VerifyPaymentInput = z.object({
  orderTrackingId: z.string().trim().min(1, 'Invalid payment reference').max(100),
});
export type VerifyPaymentInput = z.infer<typeof VerifyPaymentInput>;

/**
 * Our verdict in Pesapal's words: COMPLETED only when the order is paid by this payment;
 * INVALID while the payer has not finished (mobile money confirms a little later).
 */
export const VERIFY_STATUSES = ['COMPLETED', 'FAILED', 'REVERSED', 'INVALID'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

export const VerifyPaymentResponse = z.object({
  payment_status: z.enum(VERIFY_STATUSES),
  payment_status_description: z.string(),
  payment_method: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** The order this payment is for, so the result screen can link to it. */
  orderId: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

export const PAYMENT_MESSAGES = {
  initiateFailed: 'Failed to initiate payment. Please try again.',
  cannotConnect: 'Unable to connect to payment service. Please check your internet connection and try again.',
  unavailable: 'Payment service is temporarily unavailable. Please try again later.',
  cannotVerify: 'Unable to verify payment status. Please check your order history.',
  verifyFallback: 'Failed to verify payment',
  verifyGeneric: "We couldn't verify your payment. Please try again or contact support.",
  completed: 'Payment completed successfully.',
  invalidReference: 'Invalid payment reference',
  /** A live shop without a payment provider takes cash on delivery only. */
  prepaidOff: 'Mobile money and card payments are not available at the moment. Please choose cash on delivery.',
  methodUnavailable: 'Not available at the moment',
  cashOnly: 'Mobile money and card payments are not available at the moment: you pay the rider in cash on delivery.',
  unsuccessful: (description: string | null | undefined) => `Payment unsuccessful: ${description || 'Unknown error'}`,
} as const;
