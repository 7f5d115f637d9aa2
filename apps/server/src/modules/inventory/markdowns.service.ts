/**
 * What is on near-date markdown today: a batch is on offer when today (Kampala) is within its
 * category's last N days up to and including its sell-by date. Offers are grouped by product and
 * use-by date (the customer does not pick an outlet); `held` keeps what each outlet has of each, for
 * choosing the outlet that packs an order with a marked-down line.
 */
import { addDays, shopDay } from '@meatshop/shared/batches';
import { isNearDate, MARKDOWN_DAYS_MAX, type MarkdownOffer, markdownPrice } from '@meatshop/shared/markdowns';
import { unitPrice } from '@meatshop/shared/money';
import type { Tx } from '../../db/client.ts';
import { nearDateStock } from './markdowns.repository.ts';
import { sellByDays } from './stock-ledger.service.ts';

export const heldKey = (outletId: string, productId: string, useBy: string) => `${outletId}|${productId}|${useBy}`;

export interface NearDate {
  /** By product, earliest use-by first. */
  offers: Map<string, MarkdownOffer[]>;
  /** Units on offer by outlet, product and use-by (`heldKey`). */
  held: Map<string, number>;
}

/** Today's offers of these products (every product when none are named), in one grouped read. */
export async function nearDateOffers(tx: Tx, productIds?: string[], today: string = shopDay()): Promise<NearDate> {
  const offers = new Map<string, MarkdownOffer[]>();
  const held = new Map<string, number>();
  if (productIds && productIds.length === 0) return { offers, held };
  const days = await sellByDays(tx);
  // A batch is near-date when its use-by is between today + the cut-off and that + the longest window.
  const rows = await nearDateStock(tx, addDays(today, days), addDays(today, days + MARKDOWN_DAYS_MAX - 1), productIds);
  const byOffer = new Map<string, MarkdownOffer & { productId: string }>();
  for (const r of rows) {
    if (!isNearDate(r.useBy, days, { percent: r.percent, days: r.days }, today)) continue;
    held.set(heldKey(r.outletId, r.productId, r.useBy), r.quantity);
    const key = `${r.productId}|${r.useBy}`;
    const o = byOffer.get(key);
    if (o) {
      o.left = Math.max(o.left, r.quantity);
      continue;
    }
    const regular = unitPrice(r);
    byOffer.set(key, {
      productId: r.productId,
      useBy: r.useBy,
      until: addDays(r.useBy, -days),
      percent: r.percent,
      regularPrice: regular,
      price: markdownPrice(regular, r.percent),
      left: r.quantity,
    });
  }
  for (const { productId, ...o } of [...byOffer.values()].sort((a, b) => a.useBy.localeCompare(b.useBy))) {
    const list = offers.get(productId) ?? [];
    list.push(o);
    offers.set(productId, list);
  }
  return { offers, held };
}
