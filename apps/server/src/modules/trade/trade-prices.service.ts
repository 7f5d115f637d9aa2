/**
 * Trade prices for a member: their price sheet for the storefront (one query for every line of
 * their account's and tier's lists, resolved here for today in Kampala) and the pricing an order
 * placement uses (one query for the order's products). Both resolve with the one shared resolver.
 */
import { shopDay } from '@meatshop/shared/batches';
import { formatUGX } from '@meatshop/shared/money';
import { TRADE_MESSAGES, type TradeRole } from '@meatshop/shared/trade';
import { type PriceLine, resolveTradePrice, type TradePriceSheet } from '@meatshop/shared/trade-prices';
import type { Db, Tx } from '../../db/client.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import { findMemberPriceLines, findMemberPriceSheetLines, findPricingMembership, type MemberPriceLine } from './trade-prices.repository.ts';

function byProduct(lines: MemberPriceLine[]) {
  const map = new Map<string, PriceLine[]>();
  for (const l of lines) map.set(l.productId, [...(map.get(l.productId) ?? []), l]);
  return map;
}

/** The member's prices, for every product their lists name (others are at retail). */
export async function memberPriceSheet(db: Db, userId: string, day = shopDay()): Promise<TradePriceSheet> {
  const m = await findPricingMembership(db, userId);
  if (!m) throw forbidden(TRADE_MESSAGES.notApproved);
  const rows = await findMemberPriceSheetLines(db, m.accountId, m.tierId);
  const lines = byProduct(rows);
  const retail = new Map(rows.map((r) => [r.productId, { price: r.price, discountPrice: r.discountPrice }]));
  const prices = [...retail].flatMap(([productId, p]) => {
    const r = resolveTradePrice(p, lines.get(productId) ?? [], day);
    return r.source === 'retail' ? [] : [{ productId, ...r }];
  });
  return { day, prices };
}

export interface OrderTradePricing {
  accountId: string;
  role: TradeRole;
  approvalLimit: number | null;
  lines: Map<string, PriceLine[]>;
  day: string;
}

/** At placement: the buyer's business and its lines for the order's products, or null for a household. */
export async function tradePricingForOrder(tx: Tx, userId: string, productIds: string[], now: Date): Promise<OrderTradePricing | null> {
  const m = await findPricingMembership(tx, userId);
  if (!m) return null;
  const lines = byProduct(await findMemberPriceLines(tx, m.accountId, m.tierId, productIds));
  return { accountId: m.accountId, role: m.role as TradeRole, approvalLimit: m.approvalLimit, lines, day: shopDay(now) };
}

/** Methods a held order may use: nothing is taken before the business approves it. */
const PAY_AFTER_APPROVAL = ['on_account', 'cash_on_delivery'];

/**
 * Does this order wait for the business's approval? A buyer's order above their limit does (an
 * owner's or approver's never). It is placed as any other, held in `awaiting_approval`; with a
 * method paid at checkout it is refused instead, so no money is taken for an order that may be
 * declined (decision 269).
 */
export function needsApproval(pricing: OrderTradePricing, total: number, paymentMethod: string): boolean {
  if (pricing.role !== 'buyer' || pricing.approvalLimit == null || total <= pricing.approvalLimit) return false;
  if (!PAY_AFTER_APPROVAL.includes(paymentMethod)) {
    const message = TRADE_MESSAGES.overLimitPayLater(formatUGX(pricing.approvalLimit));
    throw invalid(message, { paymentMethod: message });
  }
  return true;
}
