/**
 * Asking for a balance: when the order core opens one (a paid order made dearer), the customer gets
 * a pay link for just that amount by SMS, in the edit's transaction (the link and the message exist
 * with the balance or not at all). Passed into the core's `editOrder` as `onBalanceDue`, because
 * this module depends on the core and not the other way round.
 */
import type { Tx } from '../../db/client.ts';
import { queueBalanceLinkMessage } from '../messages/order-messages.ts';
import type { BalanceRow } from '../orders/lifecycle/balance.repository.ts';
import { findBalancePayLinks } from './pay-links.repository.ts';
import { issueBalancePayLink } from './pay-links.service.ts';
import type { PaymentDeps } from './payment-deps.ts';

export function balanceDueHook(deps: Pick<PaymentDeps, 'config'>) {
  return async (tx: Tx, order: { id: string }, balance: BalanceRow) => {
    const link = await issueBalancePayLink(tx, order.id, balance.id, deps.config.publicUrl);
    const ordinal = (await findBalancePayLinks(tx, order.id)).length;
    await queueBalanceLinkMessage(tx, order.id, ordinal, balance.amount, link.url);
  };
}
