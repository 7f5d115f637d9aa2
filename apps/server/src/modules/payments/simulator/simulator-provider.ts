/**
 * The built-in payment simulator: the default provider when no Pesapal keys are set. It keeps its
 * own ledger, serves a hosted payment page at /pay/simulator/:trackingId (simulator.routes.ts),
 * and answers status requests with bodies shaped exactly like Pesapal's, read by the same
 * `parseTransactionStatus`.
 */
import type { Db } from '../../../db/client.ts';
import {
  PESAPAL_REFUND_RULES,
  type PaymentProvider,
  PaymentProviderError,
  parseRefundAnswer,
  parseTransactionStatus,
} from '../payment-provider.ts';
import {
  findSimulatorTransaction,
  insertSimulatorTransaction,
  refundSimulatorTransaction,
  type SimulatorTransaction,
} from './simulator.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SIMULATOR_PATH = '/pay/simulator';

export function createSimulatorProvider(db: Db, publicUrl: string): PaymentProvider {
  return {
    name: 'simulator',
    refundRules: PESAPAL_REFUND_RULES,

    async submitOrder(input) {
      const row = await insertSimulatorTransaction(db, {
        merchantReference: input.merchantReference,
        amount: input.amount,
        currency: input.currency,
        description: input.description.slice(0, 100),
        method: input.method,
        phone: input.billing.phone || null,
        email: input.billing.email || null,
        payerName: `${input.billing.firstName} ${input.billing.lastName}`.trim() || null,
        callbackUrl: input.callbackUrl,
        cancellationUrl: input.cancellationUrl,
      });
      const raw = {
        order_tracking_id: row.trackingId,
        merchant_reference: row.merchantReference,
        redirect_url: `${publicUrl}${SIMULATOR_PATH}/${row.trackingId}`,
        error: null,
        status: '200',
      };
      return { orderTrackingId: row.trackingId, merchantReference: row.merchantReference, redirectUrl: raw.redirect_url, raw };
    },

    async getTransactionStatus(orderTrackingId) {
      const row = UUID.test(orderTrackingId) ? await findSimulatorTransaction(db, orderTrackingId) : undefined;
      if (!row) {
        throw new PaymentProviderError('provider', 'Unknown order tracking id', 'invalid_order_tracking_id', {
          error: { error_type: 'api_error', code: 'invalid_order_tracking_id', message: 'Invalid OrderTrackingId' },
          status: '500',
        });
      }
      return parseTransactionStatus(statusBody(row));
    },

    /**
     * Pesapal's refund, approved at once: the transaction reads REVERSED straight away, so the
     * shop's next status check (the same one that confirmed the payment) completes the refund.
     */
    async refundRequest(input) {
      const row = UUID.test(input.orderTrackingId) ? await findSimulatorTransaction(db, input.orderTrackingId) : undefined;
      const refuse = (message: string) => parseRefundAnswer({ status: '500', message })!;
      if (!row || row.confirmationCode !== input.confirmationCode) return refuse('Invalid confirmation code');
      if (row.status !== 'completed') {
        return refuse(row.refundedAmount > 0 ? 'Multiple refunds are not allowed' : 'Only COMPLETED payments can be refunded');
      }
      if (input.amount > row.amount) return refuse('Refund amount exceeds the amount collected');
      if (row.method !== 'card' && input.amount !== row.amount) return refuse('Mobile money payments can only be refunded in full');
      const done = await refundSimulatorTransaction(db, row.trackingId, { amount: input.amount, remarks: input.remarks });
      if (!done) return refuse('Multiple refunds are not allowed');
      return parseRefundAnswer({ status: '200', message: 'Refund request successfully' })!;
    },
  };
}

const STATUS_CODE = { pending: 0, completed: 1, failed: 2, reversed: 3 } as const;
const DESCRIPTION = { pending: 'INVALID', completed: 'COMPLETED', failed: 'FAILED', reversed: 'REVERSED' } as const;
const METHOD_NAME = { mtn_money: 'MTN Mobile Money', airtel_money: 'Airtel Money', card: 'Visa' } as Record<string, string>;

/** A GetTransactionStatus body as Pesapal sends it (pesapal.md section 6), from the simulator's ledger. */
export function statusBody(row: SimulatorTransaction) {
  const status = row.status as keyof typeof STATUS_CODE;
  const pending = status === 'pending';
  const callback = `${row.callbackUrl}?OrderTrackingId=${row.trackingId}&OrderMerchantReference=${encodeURIComponent(row.merchantReference)}`;
  return {
    payment_method: pending ? '' : (METHOD_NAME[row.method] ?? row.method),
    amount: row.amount,
    created_date: row.createdAt.toISOString().replace('Z', ''),
    confirmation_code: row.confirmationCode ?? '',
    order_tracking_id: row.trackingId,
    payment_status_description: DESCRIPTION[status],
    description: row.statusDescription,
    message: 'Request processed successfully',
    payment_account: pending ? '' : maskAccount(row),
    call_back_url: callback,
    status_code: STATUS_CODE[status],
    merchant_reference: row.merchantReference,
    payment_status_code: '',
    currency: row.currency,
    // Not paid yet: HTTP 200 with body status "500" and payment_details_not_found, as the sandbox does.
    error: pending
      ? { error_type: 'api_error', code: 'payment_details_not_found', message: 'Pending Payment', call_back_url: callback }
      : { error_type: null, code: null, message: null, call_back_url: null },
    status: pending ? '500' : '200',
  };
}

function maskAccount(row: SimulatorTransaction) {
  if (row.method === 'card') return '476173**0010';
  const p = row.phone ?? '';
  return p.length > 6 ? `${p.slice(0, 4)}***${p.slice(-3)}` : p;
}
