/**
 * Whether the provider's status of a payment agrees with ours, and what the reconciliation job may do
 * about it (decision 181). The job changes our records only where a missed IPN would have: a payment
 * we still hold as not paid that the provider says COMPLETED or FAILED, and a refund we sent that the
 * provider now reads REVERSED. Everything else that disagrees is a difference for a person.
 */
import { formatUGX } from '@meatshop/shared/money';
import type { TransactionStatus } from './payment-provider.ts';

export interface OurPayment {
  /** The attempt's status: pending, completed, failed, reversed or invalid. */
  status: string;
  amount: number;
  currency: string;
  /** A refund of this payment asked of the provider and not yet done (requested or sent). */
  refundOpen: boolean;
  /** A refund of this payment the provider accepted: its REVERSED is that refund done. */
  refundSent: boolean;
}

export type Judgement =
  /** Take the provider's answer through the normal verification path, then judge again. */
  | { kind: 'apply' }
  /** Agrees; `settled` when neither side is expected to move, so the job stops asking. */
  | { kind: 'agrees'; settled: boolean }
  | { kind: 'differs'; difference: string };

export function judge(ours: OurPayment, st: TransactionStatus): Judgement {
  const said = st.statusDescription || st.state.toUpperCase();
  const amountOk = Number.isFinite(st.amount) && Math.round(st.amount) === ours.amount && (!st.currency || st.currency === ours.currency);
  const wrongAmount = () =>
    `The provider took ${st.currency || ours.currency} ${Number.isFinite(st.amount) ? st.amount.toLocaleString('en-US') : '?'}; we expected ${formatUGX(ours.amount)}.`;

  switch (ours.status) {
    case 'pending':
      if (st.state === 'pending') return { kind: 'agrees', settled: false };
      if (st.state === 'completed' || st.state === 'failed') return { kind: 'apply' };
      return { kind: 'differs', difference: `We never recorded this payment paid; the provider says ${said}.` };
    case 'failed':
      // Money the provider took after all: credited (or refunded if the order is gone) the usual way.
      if (st.state === 'completed') return { kind: 'apply' };
      if (st.state === 'reversed') return { kind: 'differs', difference: `We recorded this payment failed; the provider says ${said}.` };
      return { kind: 'agrees', settled: true };
    case 'completed':
      if (st.state === 'completed') {
        if (!amountOk) return { kind: 'differs', difference: wrongAmount() };
        // A refund on its way keeps it open: the provider should read REVERSED once it is done.
        return { kind: 'agrees', settled: !ours.refundOpen };
      }
      if (st.state === 'reversed') {
        if (ours.refundSent) return { kind: 'apply' };
        return { kind: 'differs', difference: 'We recorded this payment paid; the provider says REVERSED, and we asked for no refund.' };
      }
      return { kind: 'differs', difference: `We recorded this payment paid; the provider says ${said}.` };
    case 'reversed':
      if (st.state === 'reversed') return { kind: 'agrees', settled: true };
      return { kind: 'differs', difference: `We recorded this payment refunded; the provider says ${said}.` };
    case 'invalid':
      // Refused at verification because the amount, currency or reference did not match the order.
      if (st.state === 'completed' || st.state === 'reversed') {
        return { kind: 'differs', difference: `The provider says ${said} but the payment did not match the order. ${wrongAmount()}` };
      }
      return { kind: 'agrees', settled: true };
    default:
      return { kind: 'differs', difference: `Our payment status "${ours.status}" is unknown; the provider says ${said}.` };
  }
}
