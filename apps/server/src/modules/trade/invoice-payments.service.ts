/**
 * Paying an invoice online: the owner or a buyer presses Pay now on the business's statement, the
 * server asks the payment provider (Pesapal or the simulator, the same adapter as orders) for what
 * the invoice owes now, and the provider's confirmation (the payer's redirect, the IPN, either one
 * twice or both at once) records one `trade_payments` row with method `online` and the provider's
 * tracking id as its unique reference. The amount is never the client's: it is read when the attempt
 * starts, and the provider's answer must match it. If staff settled the invoice meanwhile, the
 * payment still happened: what the invoice no longer owes goes to the business's other unpaid
 * invoices, oldest first, and what is left stays unallocated, a credit on the statement that the next
 * invoice takes.
 */
import { randomBytes } from 'node:crypto';
import { CURRENCY, SHOP } from '@meatshop/shared/constants';
import { PAYMENT_MESSAGES } from '@meatshop/shared/payments';
import { TRADE_MESSAGES } from '@meatshop/shared/trade';
import { INVOICE_PAYMENT_MESSAGES, type InvoicePaymentResult } from '@meatshop/shared/trade-credit';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { PaymentProviderError, type TransactionStatus } from '../payments/payment-provider.ts';
import { type PeriodicJob, startPeriodicJob } from '../../platform/periodic-job.ts';
import { lockAccountForCredit } from './credit.repository.ts';
import {
  findAttemptByTrackingId,
  findInvoiceOwed,
  findPayer,
  findPendingAttempts,
  findPaymentByProviderReference,
  type InvoicePaymentAttempt,
  insertAttempt,
  insertOnlinePayment,
  lockAttempt,
  updateAttempt,
} from './invoice-payments.repository.ts';
import { findInvoiceOfAccount, lockInvoiceOwed } from './invoices.repository.ts';
import { findUnpaidInvoices, insertAllocations } from './payments.repository.ts';
import { findMembershipByUserId } from './trade.repository.ts';

/** The owner and buyers spend the business's money; approvers only approve spending. */
export const canPayInvoices = (role: string) => role === 'owner' || role === 'buyer';

async function payerAccount(db: Db, userId: string) {
  const m = await findMembershipByUserId(db, userId);
  if (!m) throw forbidden(TRADE_MESSAGES.notMember);
  return m;
}

/** Pay now: one provider attempt for what the invoice owes now; the page to send the payer to. */
export async function payInvoice(deps: PaymentDeps, userId: string, invoiceId: string) {
  const { db, payments: provider, config } = deps;
  const m = await payerAccount(db, userId);
  // Another business's invoice answers like an unknown one, whatever the caller's role.
  if (!(await findInvoiceOfAccount(db, m.accountId, invoiceId))) throw notFound('Invoice not found');
  if (!canPayInvoices(m.role)) throw forbidden(INVOICE_PAYMENT_MESSAGES.notPayer);
  const found = await findInvoiceOwed(db, invoiceId);
  if (!found || found.owed <= 0) throw conflict(INVOICE_PAYMENT_MESSAGES.paid);
  if (!provider) throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_MESSAGES.prepaidOff);
  const { invoice, owed } = found;
  const payer = await findPayer(db, userId, m.accountId);
  const attempt = await insertAttempt(db, {
    accountId: m.accountId,
    invoiceId,
    userId,
    provider: provider.name,
    // Per attempt, so a retry never reuses a reference: letters, digits and "-", under 50 characters.
    merchantReference: `${invoice.number}-${randomBytes(5).toString('hex').toUpperCase()}`,
    amount: owed,
  });
  const back = `${config.publicUrl}/account/trade`;
  const [first = '', ...rest] = (payer?.fullName ?? invoice.businessName).trim().split(/\s+/);
  const phone = payer?.phone ?? '';
  try {
    const result = await provider.submitOrder({
      merchantReference: attempt.merchantReference,
      amount: owed,
      currency: CURRENCY,
      description: `Invoice ${invoice.number} - ${SHOP.name}`.slice(0, 100),
      callbackUrl: back,
      cancellationUrl: back,
      method: 'mtn_money',
      billing: {
        email: payer?.email ?? '',
        phone: phone.startsWith('+256') ? `0${phone.slice(4)}` : phone,
        firstName: first,
        lastName: rest.join(' '),
        line1: invoice.address,
        city: 'Kampala',
        countryCode: 'UG',
      },
    });
    await updateAttempt(
      db,
      attempt.id,
      { orderTrackingId: result.orderTrackingId },
      { at: new Date().toISOString(), source: 'submit', body: result.raw },
    );
    return { paymentUrl: result.redirectUrl, orderTrackingId: result.orderTrackingId };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    await updateAttempt(
      db,
      attempt.id,
      { status: 'failed', statusDescription: err.message.slice(0, 300) },
      { at: new Date().toISOString(), source: 'submit', body: err.raw, error: { kind: err.kind, code: err.code, message: err.message } },
    );
    throw new AppError('PAYMENT_UNAVAILABLE', err.kind === 'network' ? PAYMENT_MESSAGES.cannotConnect : PAYMENT_MESSAGES.unavailable);
  }
}

/** The provider's status of an attempt, or null when it cannot be had (kept in the attempt's log). */
async function askProvider(deps: PaymentDeps, attempt: InvoicePaymentAttempt, source: string) {
  if (!deps.payments || attempt.provider !== deps.payments.name || !attempt.orderTrackingId) return null;
  try {
    return await deps.payments.getTransactionStatus(attempt.orderTrackingId);
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    await updateAttempt(deps.db, attempt.id, {}, { at: new Date().toISOString(), source, error: { kind: err.kind, message: err.message } });
    return null;
  }
}

/** Back from the provider: the caller's business's attempt only (another's is a 404), checked with the provider. */
export async function verifyInvoicePayment(deps: PaymentDeps, userId: string, orderTrackingId: string): Promise<InvoicePaymentResult> {
  const m = await payerAccount(deps.db, userId);
  const attempt = await findAttemptByTrackingId(deps.db, orderTrackingId);
  if (!attempt || attempt.accountId !== m.accountId) throw notFound('Payment not found');
  const status = await askProvider(deps, attempt, 'verify');
  if (!status) {
    if (attempt.status !== 'pending') return result(deps.db, attempt);
    throw new AppError('PAYMENT_UNAVAILABLE', PAYMENT_MESSAGES.cannotVerify);
  }
  return settleInvoicePayment(deps.db, attempt.id, status, 'verify');
}

/**
 * An IPN for an invoice's attempt: the notice is not signed, so only the provider's own answer is
 * trusted. False when the tracking id is not one of ours (the order payments' handler had a turn first).
 */
export async function handleInvoiceNotification(deps: PaymentDeps, orderTrackingId: string, merchantReference: string | undefined) {
  const attempt = await findAttemptByTrackingId(deps.db, orderTrackingId);
  if (!attempt) return false;
  if (merchantReference && merchantReference !== attempt.merchantReference) return false;
  const status = await askProvider(deps, attempt, 'ipn');
  if (!status) return false;
  await settleInvoicePayment(deps.db, attempt.id, status, 'ipn');
  return true;
}

/**
 * Records what the provider said, once: the attempt's row lock makes a concurrent redirect and IPN
 * take turns, the second sees the attempt completed, and the payment's unique provider reference
 * stops a second row even if two attempts' rows were somehow read at once.
 */
export async function settleInvoicePayment(db: Db, attemptId: string, st: TransactionStatus, source: string) {
  const settled = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, attemptId);
    if (!attempt) throw new Error(`invoice payment attempt ${attemptId} vanished`);
    const answer = { at: new Date().toISOString(), source, body: st.raw };
    if (attempt.status === 'completed' || st.state === 'pending') {
      await updateAttempt(tx, attempt.id, {}, answer);
      return attempt;
    }
    if (st.state !== 'completed') {
      await updateAttempt(tx, attempt.id, { status: 'failed', statusDescription: st.description ?? st.statusDescription }, answer);
      return { ...attempt, status: 'failed', statusDescription: st.description ?? st.statusDescription };
    }
    if (st.amount !== attempt.amount || (st.currency && st.currency !== CURRENCY)) {
      // Not what we asked for: leave it for staff to look at rather than record a figure we did not set.
      const why = 'The amount paid did not match the invoice. Please contact support.';
      await updateAttempt(tx, attempt.id, { status: 'failed', statusDescription: why }, answer);
      return { ...attempt, status: 'failed', statusDescription: why };
    }
    await lockAccountForCredit(tx, attempt.accountId);
    const payment =
      (await insertOnlinePayment(tx, {
        accountId: attempt.accountId,
        method: 'online',
        reference: st.confirmationCode || attempt.merchantReference,
        amount: attempt.amount,
        receivedAt: new Date(),
        recordedBy: attempt.userId,
        providerReference: attempt.orderTrackingId,
      })) ?? null;
    if (payment) await insertAllocations(tx, await allocateOnline(tx, attempt, payment.id));
    const paymentId = payment?.id ?? (await findPaymentByProviderReference(tx, attempt.orderTrackingId!))?.id ?? null;
    await updateAttempt(tx, attempt.id, { status: 'completed', statusDescription: 'Payment approved', paymentId }, answer);
    return { ...attempt, status: 'completed', paymentId };
  });
  return result(db, settled);
}

/** The invoice paid first, up to what it owes now; the rest to the oldest unpaid invoices; what remains is a credit. */
async function allocateOnline(tx: Parameters<typeof lockInvoiceOwed>[0], attempt: InvoicePaymentAttempt, paymentId: string) {
  const own = await lockInvoiceOwed(tx, attempt.invoiceId);
  let left = attempt.amount;
  const rows: { paymentId: string; invoiceId: string; amount: number }[] = [];
  const first = Math.min(left, own?.owed ?? 0);
  if (first > 0) {
    rows.push({ paymentId, invoiceId: attempt.invoiceId, amount: first });
    left -= first;
  }
  if (left > 0) {
    for (const i of await findUnpaidInvoices(tx, attempt.accountId)) {
      if (left <= 0) break;
      if (i.id === attempt.invoiceId) continue;
      const take = Math.min(left, Number(i.owed));
      rows.push({ paymentId, invoiceId: i.id, amount: take });
      left -= take;
    }
  }
  return rows;
}

async function result(db: Db, a: Pick<InvoicePaymentAttempt, 'status' | 'statusDescription' | 'invoiceId' | 'amount'>) {
  const invoice = await findInvoiceOwed(db, a.invoiceId);
  const number = invoice?.invoice.number ?? '';
  const status = a.status as InvoicePaymentResult['status'];
  const message =
    status === 'completed'
      ? INVOICE_PAYMENT_MESSAGES.completed(number)
      : status === 'failed'
        ? INVOICE_PAYMENT_MESSAGES.failed(a.statusDescription)
        : INVOICE_PAYMENT_MESSAGES.pending;
  return { status, invoiceNumber: number, amount: a.amount, message };
}

/** How far back, and after how long, a pending attempt is asked about again. */
const CHECK_DAYS = 2;
const CHECK_AFTER_MS = 2 * 60_000;

/**
 * A payer who closed the page before coming back, with an IPN that never arrived, still paid: ask
 * the provider about attempts left pending and record what it says, as the IPN would have. Every
 * instance may run it; recording is once per tracking id whatever the number of askers.
 */
export async function checkPendingInvoicePayments(deps: PaymentDeps, now = new Date()) {
  if (!deps.payments) return 0;
  const pending = await findPendingAttempts(
    deps.db,
    deps.payments.name,
    new Date(now.getTime() - CHECK_DAYS * 86_400_000),
    new Date(now.getTime() - CHECK_AFTER_MS),
    100,
  );
  let settled = 0;
  for (const attempt of pending) {
    const status = await askProvider(deps, attempt, 'check');
    if (!status || status.state === 'pending') continue;
    await settleInvoicePayment(deps.db, attempt.id, status, 'check');
    settled += 1;
  }
  return settled;
}

export function startInvoicePaymentCheck(
  deps: PaymentDeps,
  log: { error(obj: object, msg: string): void },
  intervalMs: number,
): PeriodicJob {
  return startPeriodicJob(
    () =>
      checkPendingInvoicePayments(deps)
        .then(() => undefined)
        .catch((err) => log.error({ err }, 'invoice payment check failed')),
    intervalMs,
    60_000,
  );
}
