/**
 * What the payment steps need (database, configuration, the provider) and the one way they ask the
 * provider for a payment's status. Kept apart from payments.service.ts so the refunds module can
 * use it without importing the payment flow (which sends the refunds a late payment opens).
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type PaymentProvider, PaymentProviderError } from './payment-provider.ts';
import { updatePayment } from './payments.repository.ts';

export interface PaymentDeps {
  db: Db;
  config: Config;
  /** Null when mobile money and card are off (a live shop without Pesapal keys). */
  payments: PaymentProvider | null;
  /** Where work done after a commit reports what went wrong (it cannot fail the request any more). */
  log?: { error(obj: object, msg: string): void };
}

/** The provider's status, or null when it cannot be had (the failure is logged on the attempt). */
export async function askProvider(deps: PaymentDeps, paymentId: string, providerName: string, trackingId: string, source: string) {
  // An attempt made with the other provider (configuration changed since) cannot be checked here.
  if (!deps.payments || providerName !== deps.payments.name) return null;
  try {
    return await deps.payments.getTransactionStatus(trackingId);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    await updatePayment(
      deps.db,
      paymentId,
      {},
      { at: new Date().toISOString(), source, body: err.raw, error: { kind: err.kind, code: err.code, message: err.message } },
    );
    return null;
  }
}
