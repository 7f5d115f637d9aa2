/**
 * A line short at packing, and the customer refusing its substitute: the order core's steps, each in
 * the caller's transaction with the order row locked.
 *
 * - Short: only while the order waits at the outlet (pending or assigned, not yet ready or picked
 *   up). The packer marks how many units were missing, then resolves them: a substitute (the
 *   customer's specific alternative, or any product on sale at the outlet; never the same product)
 *   or a refund (the only resolution when the customer asked for one). Marked but unresolved, the
 *   order cannot be marked ready. Resolved, the line's final_price follows `lineFinalPrice` (never
 *   more than the line as ordered), the stock moves at the outlet (takeForShortLine) and a
 *   substitute is told to the customer by SMS and email with the time they have to refuse it. The
 *   money is settled at mark_ready (counter.ts).
 * - Refuse: only the order's customer, only within the window and before pickup, once. The substitute
 *   goes back on the shelf, the short units cost nothing, and the order is settled again at once.
 */
import { customerOrderNumber } from '@meatshop/shared/status';
import { lineFinalPrice, SUBSTITUTION_MESSAGES, type ShortLineInput } from '@meatshop/shared/substitutions';
import type { Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { giveBackSubstitute, takeForShortLine } from '../../inventory/outlet-stock.service.ts';
import { queueSubstitutionMessage } from '../../messages/order-messages.ts';
import type { OrderRow } from '../orders.repository.ts';
import { findActiveProducts, findOrderLine, type OrderLineRow, writeOrderLine } from '../substitutions.repository.ts';
import { substituteUnitPrice } from '../substitutions.service.ts';
import type { Actor } from './actor.ts';
import { type SettleOptions, settleCounter } from './counter.ts';
import { lockOrderRow } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';

const LINE_NOT_FOUND = 'Line not found';

/** Still being packed: waiting at the outlet, not yet ready or picked up. */
export const isPacking = (o: Pick<OrderRow, 'status' | 'readyAt' | 'pickedUpAt'>) =>
  (o.status === 'pending' || o.status === 'assigned') && !o.readyAt && !o.pickedUpAt;

export interface ShortOptions {
  now: Date;
  /** SUBSTITUTE_REFUSE_MINUTES: how long the customer has to refuse a substitute. */
  refuseMinutes: number;
  /** The customer's order page, for the SMS; none when the shop has no public address set. */
  orderUrl?: string;
}

export async function markLineShort(tx: Tx, order: OrderRow, lineId: string, input: ShortLineInput, actor: Actor, opts: ShortOptions) {
  if (!isPacking(order)) throw conflict(SUBSTITUTION_MESSAGES.notPacking);
  const line = await findOrderLine(tx, order.id, lineId);
  if (!line) throw notFound(LINE_NOT_FOUND);
  if (line.shortOutcome)
    throw conflict(`${line.productName} is already ${line.shortOutcome === 'substituted' ? 'substituted' : 'refunded'}.`);
  if (input.shortQuantity > line.quantity) throw conflict(SUBSTITUTION_MESSAGES.tooShort);
  // A weighed line's stock is grams and its price is settled by the scale: it is short as a whole and
  // before weighing, so the scale and the substitution never both price one line.
  const weighed = line.pricePerKg != null && line.gramsPerPack != null;
  if (weighed && line.weighedGrams != null) throw conflict(SUBSTITUTION_MESSAGES.weighedAlready);
  if (weighed && input.shortQuantity !== line.quantity) throw conflict(SUBSTITUTION_MESSAGES.weighedWhole);

  const outcome = input.outcome;
  let substitute: { id: string; name: string; price: number } | null = null;
  if (outcome === 'substituted') {
    if (line.substitutionPreference === 'refund') throw conflict(SUBSTITUTION_MESSAGES.refundOnly);
    if (input.substituteProductId === line.productId) throw conflict(SUBSTITUTION_MESSAGES.substituteSame);
    const [p] = await findActiveProducts(tx, [input.substituteProductId!]);
    if (!p) throw conflict(SUBSTITUTION_MESSAGES.substituteUnknown);
    // Counted in units here: a substitute sold by weight (stock in grams, priced per kg) is not yet.
    if (p.weighing) throw conflict(SUBSTITUTION_MESSAGES.weighedSubstitute);
    substitute = { id: p.id, name: p.name, price: substituteUnitPrice(p) };
  }

  const short = input.shortQuantity;
  const values: Parameters<typeof writeOrderLine>[3] = {
    shortQuantity: short,
    shortOutcome: outcome ?? null,
    finalPrice: lineFinalPrice({
      price: line.price,
      quantity: line.quantity,
      shortQuantity: short,
      outcome,
      substitutePrice: substitute?.price,
    }),
  };
  if (outcome) {
    // The contended stock rows last, in product id order.
    await takeForShortLine(
      tx,
      order.outletId!,
      order.id,
      { productId: line.productId, quantity: weighed ? line.gramsPerPack! * short : short },
      substitute ? { productId: substitute.id, name: substitute.name, quantity: short } : null,
      actor.staff?.userId ?? null,
    );
  }
  if (substitute) {
    Object.assign(values, {
      substituteProductId: substitute.id,
      substituteName: substitute.name,
      substitutePrice: substitute.price,
      substitutedAt: opts.now,
      refusableUntil: new Date(opts.now.getTime() + opts.refuseMinutes * 60_000),
    });
  }
  const written = await writeOrderLine(tx, line.id, { refused: false }, values);
  if (!written) throw conflict('This line was just changed by someone else. Please reload the order.');
  if (substitute) {
    await queueSubstitutionMessage(tx, order.id, line.id, {
      ordered: line.productName,
      substitute: substitute.name,
      quantity: short,
      minutes: opts.refuseMinutes,
      url: opts.orderUrl,
    });
  }
  await announce(tx, order, 'updated');
  if (actor.staff) {
    await recordAudit(tx, actor.staff, {
      entityType: 'order',
      entityId: order.id,
      action: 'update',
      before: { line: line.productName, short: line.shortQuantity, outcome: line.shortOutcome },
      after: {
        line: line.productName,
        short,
        outcome: outcome ?? null,
        substitute: substitute?.name ?? null,
        finalPrice: values.finalPrice,
      },
    });
  }
  return written;
}

/** The customer's refusal of a substitute; `order` read under lock. Settles the order again at once. */
export async function refuseSubstitute(
  tx: Tx,
  order: OrderRow,
  lineId: string,
  actor: Actor,
  opts: { now: Date } & Pick<SettleOptions, 'openRefund'>,
) {
  if (actor.role !== 'customer' || order.userId !== actor.id) throw notFound('Order not found');
  const line = await findOrderLine(tx, order.id, lineId);
  if (!line) throw notFound(LINE_NOT_FOUND);
  assertRefusable(order, line, opts.now);
  const written = await writeOrderLine(
    tx,
    line.id,
    { refused: false },
    {
      substituteRefusedAt: opts.now,
      finalPrice: lineFinalPrice({
        price: line.price,
        quantity: line.quantity,
        shortQuantity: line.shortQuantity,
        outcome: 'substituted',
        substitutePrice: line.substitutePrice,
        refused: true,
      }),
    },
  );
  if (!written) throw conflict(SUBSTITUTION_MESSAGES.refuseDone);
  // The goods are still at the outlet (refusal ends at pickup): straight back on its shelf.
  await giveBackSubstitute(tx, order.outletId!, order.id, line.substituteProductId!, line.shortQuantity!, null);
  const settlement = await settleCounter(
    tx,
    order.id,
    { ...actor, name: actor.name ?? `Customer, order #${customerOrderNumber(order.id)}` },
    {
      openRefund: opts.openRefund,
      now: opts.now,
    },
  );
  const next = (await lockOrderRow(tx, order.id))!;
  if (!settlement) await announce(tx, next, 'updated');
  return { order: next, line: written, settlement };
}

function assertRefusable(order: OrderRow, line: OrderLineRow, now: Date) {
  if (line.shortOutcome !== 'substituted' || !line.substituteProductId) throw conflict(SUBSTITUTION_MESSAGES.refuseNothing);
  if (line.substituteRefusedAt) throw conflict(SUBSTITUTION_MESSAGES.refuseDone);
  if (order.pickedUpAt || !['pending', 'assigned'].includes(order.status)) throw conflict(SUBSTITUTION_MESSAGES.refusePickedUp);
  if (!line.refusableUntil || now.getTime() > line.refusableUntil.getTime()) throw conflict(SUBSTITUTION_MESSAGES.refuseClosed);
}
