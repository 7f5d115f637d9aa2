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

export interface RefundRequestInput {
  /** The payment's tracking id (the simulator finds its ledger row by it; Pesapal ignores it). */
  orderTrackingId: string;
  /** From GetTransactionStatus of the completed payment: what Pesapal refunds against. */
  confirmationCode: string;
  amount: number;
  /** Who initiated the refund, as Pesapal records it. */
  username: string;
  /** Why, as Pesapal records it. */
  remarks: string;
}

/**
 * The provider's answer to a refund request. `accepted` is not "refunded": Pesapal's finance team
 * and the merchant still approve it, and the payment's status says when it is done.
 */
export interface RefundRequestResult {
  accepted: boolean;
  message: string;
  raw: unknown;
}

/**
 * What a provider allows (Pesapal's RefundRequest page: mobile money only in full, card in part or
 * in full, one refund per payment). The simulator keeps the same rules so the shop behaves the same.
 */
export interface RefundRules {
  partialMobileMoney: boolean;
  onePerPayment: boolean;
}

export const PESAPAL_REFUND_RULES: RefundRules = { partialMobileMoney: false, onePerPayment: true };

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly refundRules: RefundRules;
  submitOrder(input: SubmitOrderInput): Promise<SubmitOrderResult>;
  getTransactionStatus(orderTrackingId: string): Promise<TransactionStatus>;
  /** Throws PaymentProviderError when there is no usable answer (network, HTTP 5xx): try again later. */
  refundRequest(input: RefundRequestInput): Promise<RefundRequestResult>;
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

/**
 * Reads a RefundRequest body: `{"status":"200","message":"Refund request successfully"}` accepts;
 * "500" refuses. The docs' table names the code field `error` while its sample uses `status`, so
 * either is read; an error object refuses too.
 */
export function parseRefundAnswer(body: unknown): RefundRequestResult | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const code = str(b.status ?? (typeof b.error === 'object' ? undefined : b.error));
  const err = readProviderError(b);
  if (!code && !err) return null;
  const message = str(b.message) || err?.message || err?.code || (code === '200' ? 'Refund request received' : 'Refund refused');
  return { accepted: code === '200' && !err, message: message.slice(0, 300), raw: body };
}
