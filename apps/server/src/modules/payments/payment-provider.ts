/**
 * The one payment provider interface. Two implementations, chosen by configuration (see
 * create-provider.ts): Pesapal API 3.0 and the built-in simulator. Both speak Pesapal's vocabulary
 * (tracking id, merchant reference, status codes 0-3), and both status answers go through
 * `parseTransactionStatus`, so the shop's verification code is the same for either.
 */

export type ProviderName = 'pesapal' | 'simulator';

export interface BillingDetails {
  email: string;
  /** National format (0772...), as Pesapal's samples send it. */
  phone: string;
  firstName: string;
  lastName: string;
  line1: string;
  city: string;
  countryCode: string;
}

export interface SubmitOrderInput {
  /** Our merchant reference: unique per attempt, at most 50 characters of [A-Za-z0-9-]. */
  merchantReference: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  cancellationUrl: string;
  /** A hint for the simulator's page; Pesapal's hosted page lets the payer choose. */
  method: 'mtn_money' | 'airtel_money' | 'card';
  billing: BillingDetails;
}

export interface SubmitOrderResult {
  orderTrackingId: string;
  merchantReference: string;
  redirectUrl: string;
  /** The provider's answer as received, kept in the payments table. */
  raw: unknown;
}

/** Pesapal status_code: 0 INVALID (not paid yet), 1 COMPLETED, 2 FAILED, 3 REVERSED. */
export type ProviderPaymentState = 'pending' | 'completed' | 'failed' | 'reversed';

export interface TransactionStatus {
  state: ProviderPaymentState;
  statusCode: number;
  /** INVALID, FAILED, COMPLETED or REVERSED, upper-cased (samples show `Failed`). */
  statusDescription: string;
  /** Why, in the provider's words (e.g. "Unable to Authorize Transaction..."), or null. */
  description: string | null;
  paymentMethod: string;
  amount: number;
  currency: string;
  merchantReference: string;
  confirmationCode: string;
  paymentAccount: string;
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  submitOrder(input: SubmitOrderInput): Promise<SubmitOrderResult>;
  getTransactionStatus(orderTrackingId: string): Promise<TransactionStatus>;
}

/**
 * A provider call that did not give a usable answer. `network`: we could not reach it or it did
 * not answer in time. `provider`: it answered with an error (HTTP 5xx, or an `error` body).
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'network' | 'provider',
    message: string,
    readonly code: string | null = null,
    readonly raw: unknown = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

const STATES: Record<number, ProviderPaymentState> = { 0: 'pending', 1: 'completed', 2: 'failed', 3: 'reversed' };

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * Reads a GetTransactionStatus body (pesapal.md section 6). The state comes from `status_code`.
 * A body `status` "500" with `payment_details_not_found` and status_code 0 means "not paid yet",
 * not an error; an `error` object whose fields are all null is not an error either.
 */
export function parseTransactionStatus(body: unknown): TransactionStatus {
  if (!body || typeof body !== 'object') throw new PaymentProviderError('provider', 'Unreadable transaction status', null, body);
  const b = body as Record<string, unknown>;
  const code = typeof b.status_code === 'number' ? b.status_code : Number.parseInt(str(b.status_code), 10);
  const state = STATES[code];
  if (state === undefined) {
    const err = readProviderError(b);
    throw new PaymentProviderError('provider', err?.message || 'Transaction status unavailable', err?.code ?? null, body);
  }
  const amount = typeof b.amount === 'number' ? b.amount : Number.parseFloat(str(b.amount));
  return {
    state,
    statusCode: code,
    statusDescription: str(b.payment_status_description).toUpperCase() || (['INVALID', 'COMPLETED', 'FAILED', 'REVERSED'][code] ?? ''),
    description: typeof b.description === 'string' && b.description.trim() ? b.description : null,
    paymentMethod: str(b.payment_method),
    amount: Number.isFinite(amount) ? amount : Number.NaN,
    currency: str(b.currency).toUpperCase(),
    merchantReference: str(b.merchant_reference),
    confirmationCode: str(b.confirmation_code),
    paymentAccount: str(b.payment_account),
    raw: body,
  };
}

/** Pesapal's error object uses `error_type` (not `type`); fields may all be null on success. */
export function readProviderError(body: Record<string, unknown>): { type: string; code: string; message: string } | null {
  const e = body.error;
  if (!e || typeof e !== 'object') return null;
  const o = e as Record<string, unknown>;
  const type = str(o.error_type ?? o.type);
  const code = str(o.code);
  const message = str(o.message);
  if (!type && !code && !message) return null;
  return { type, code, message };
}
