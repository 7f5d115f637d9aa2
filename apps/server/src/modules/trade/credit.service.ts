/**
 * Pay on account: a trade account's members order without paying at checkout, up to the credit limit
 * staff gave the business. The charge is the order itself (payment method and status `on_account`,
 * written by the order core); this file decides, under the business's row lock, whether it may be.
 */
import { formatUGX } from '@meatshop/shared/money';
import { CREDIT_MESSAGES } from '@meatshop/shared/trade';
import type { StaffOnAccountOffer } from '@meatshop/shared/trade-credit';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { kampalaDate } from '../../platform/pdf-document.ts';
import { findOnAccountExposure, findOverdueInvoice, lockAccountForCredit } from './credit.repository.ts';
import { findMembershipByUserId, findTradeAccountById } from './trade.repository.ts';

const field = (message: string) => invalid(message, { paymentMethod: message });

/**
 * Refuses an on-account order the business may not take: no approved account with terms, or past
 * its credit limit with what it already owes. `accountId` is what the placement found from the
 * caller's membership (null for a household or a suspended account's member).
 */
export async function holdCredit(tx: Tx, accountId: string | null, total: number, now: Date) {
  if (!accountId) throw field(CREDIT_MESSAGES.noTerms);
  const account = await lockAccountForCredit(tx, accountId);
  if (account?.status !== 'approved' || account.termsDays == null || account.creditLimit == null) {
    throw field(CREDIT_MESSAGES.noTerms);
  }
  const overdue = await findOverdueInvoice(tx, accountId, now);
  if (overdue) throw field(CREDIT_MESSAGES.overdue(account.businessName, overdue.number, kampalaDate(overdue.dueAt)));
  const owed = await findOnAccountExposure(tx, accountId);
  if (owed + total > account.creditLimit) {
    throw field(CREDIT_MESSAGES.overLimit(account.businessName, formatUGX(account.creditLimit)));
  }
}

/**
 * For staff taking an order: whether this customer may order on account, and how much credit is
 * left. Read without the lock (a hint for the screen); the placement's `holdCredit` decides.
 */
export async function onAccountOffer(db: Db, userId: string, now: Date): Promise<StaffOnAccountOffer> {
  const m = await findMembershipByUserId(db, userId);
  const account = m ? await findTradeAccountById(db, m.accountId) : undefined;
  if (!m || account?.status !== 'approved' || account.termsDays == null || account.creditLimit == null) return { offer: null };
  const owed = await findOnAccountExposure(db, m.accountId);
  const overdue = await findOverdueInvoice(db, m.accountId, now);
  return {
    offer: {
      businessName: account.businessName,
      termsDays: account.termsDays,
      creditLimit: account.creditLimit,
      owed,
      available: Math.max(0, account.creditLimit - owed),
      overdue: overdue ? CREDIT_MESSAGES.overdue(account.businessName, overdue.number, kampalaDate(overdue.dueAt)) : null,
    },
  };
}
