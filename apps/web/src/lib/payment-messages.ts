/** Which payment text a failure shows. */
import { PAYMENT_MESSAGES } from '@meatshop/shared/payments';
import { ApiError } from '@/lib/api-client';

/** Initiation: no connection, else the service is unavailable; the server's own words for a refusal (already paid, expired). */
export function initiateErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'NETWORK') return PAYMENT_MESSAGES.cannotConnect;
    if (err.code === 'PAYMENT_UNAVAILABLE' && err.message) return err.message;
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
  }
  return PAYMENT_MESSAGES.unavailable;
}

export function verifyErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'PAYMENT_UNAVAILABLE') return PAYMENT_MESSAGES.cannotVerify;
    if (err.code === 'NOT_FOUND' || err.code === 'VALIDATION') return PAYMENT_MESSAGES.verifyFallback;
  }
  return PAYMENT_MESSAGES.verifyGeneric;
}

/** The server gave no payment page: counts as a failure. */
export class MissingPaymentUrlError extends Error {}
