/**
 * Stock at outlets for orders: choosing the outlet that packs an order (the nearest active outlet
 * that holds every line), taking its units, and giving them back to the same outlet on a cancel or
 * a confirmed return. Every change writes its ledger row in the same transaction.
 */
import type { Tx } from '../../db/client.ts';
import { type Statement, commitWith } from '../../db/commit-with.ts';
import { AppError } from '../../platform/errors.ts';
import { deliveryFeeFor } from '../delivery/zones.service.ts';
import { distanceKm, roundKm } from '@meatshop/shared/geo';
import { formatGrams } from '@meatshop/shared/weighing';
import {
  activeOutletStock,
  activeOutlets,
  changeAtOutlet,
  lockOutletRows,
  type MovementRow,
  takeAtOutlet,
  takeLinesAtOutlet,
  orderStockRefusal,
  orderStockStatement,
  orderStockTaken,
  unitsTakenByOrder,
} from './outlet-stock.repository.ts';
import { type LedgerEntry, recordMovements } from './stock-ledger.service.ts';
import { mainOutlet } from './main-outlet.ts';
import { heldKey } from './markdowns.service.ts';
import { MARKDOWN_MESSAGES } from '@meatshop/shared/markdowns';
import { liveBatchesOf, takeFromBatchesWithLedger } from './batches.repository.ts';
import { addDays, planFefo, shopDay } from '@meatshop/shared/batches';

export interface StockLine {
  productId: string;
  name: string;
  quantity: number;
  /** Position in the cart, for the field the error message belongs to. */
  index: number;
  /** A product sold by weight: `quantity` and every stock figure of it are grams. */
  grams?: boolean;
  /**
   * Units of `quantity` that are near-date offers: taken from the outlet's batches with exactly that
   * use-by date (the rest first expiring first out), and the outlet must hold them.
   */
  nearDate?: { useBy: string; quantity: number; index: number }[];
}

const amount = (l: { grams?: boolean }, n: number) => (l.grams ? formatGrams(n) : String(n));

/** The outlet chosen to pack an order, with what the customer's order page shows of it. */
export interface AllocatedOutlet {
  id: string;
  name: string;
  address: string;
  phone: string;
}

interface Candidate extends AllocatedOutlet {
  km: number;
  held: Map<string, number>;
}

const byDistance = (a: { km: number; id: string }, b: { km: number; id: string }) => a.km - b.km || a.id.localeCompare(b.id);

/**
 * The nearest active outlet (outlets without a position last) holding every line in full. When none
 * does, the customer is told which items are short at the nearest outlet and where each can be had;
 * an order is never split or cut silently.
 */
export async function allocateOutlet(
  tx: Tx,
  lines: StockLine[],
  lat: number,
  lng: number,
  /** Near-date units each outlet holds (`heldKey`), when a line is a near-date offer. */
  nearDateHeld?: Map<string, number>,
): Promise<AllocatedOutlet> {
  const rows = await activeOutletStock(
    tx,
    lines.map((l) => l.productId),
  );
  const outlets = new Map<string, Candidate>();
  for (const r of rows) {
    let c = outlets.get(r.outletId);
    if (!c) {
      const km = r.lat != null && r.lng != null ? distanceKm(lat, lng, r.lat, r.lng) : Number.POSITIVE_INFINITY;
      c = { id: r.outletId, name: r.outletName, address: r.outletAddress, phone: r.outletPhone, km, held: new Map() };
      outlets.set(r.outletId, c);
    }
    c.held.set(r.productId, r.stock);
  }
  const ranked = [...outlets.values()].sort(byDistance);
  const offersAt = (outletId: string, l: StockLine, o: { useBy: string }) =>
    nearDateHeld?.get(heldKey(outletId, l.productId, o.useBy)) ?? 0;
  const holdsOffers = (c: Candidate) => lines.every((l) => (l.nearDate ?? []).every((o) => offersAt(c.id, l, o) >= o.quantity));
  const holdsAll = (c: Candidate) => lines.every((l) => (c.held.get(l.productId) ?? 0) >= l.quantity) && holdsOffers(c);
  const chosen = ranked.find(holdsAll);
  if (chosen) return { id: chosen.id, name: chosen.name, address: chosen.address, phone: chosen.phone };
  // The offer's units are what is short: say so on its line, with the most one outlet can pack.
  for (const l of lines) {
    for (const o of l.nearDate ?? []) {
      const most = Math.max(0, ...ranked.map((c) => offersAt(c.id, l, o)));
      if (most < o.quantity) {
        const message = MARKDOWN_MESSAGES.short(l.name, o.useBy, most);
        throw new AppError('OUT_OF_STOCK', message, { [`items.${o.index}.quantity`]: message });
      }
    }
  }
  if (ranked.some((c) => lines.every((l) => (c.held.get(l.productId) ?? 0) >= l.quantity))) {
    const names = lines.filter((l) => l.nearDate?.length).map((l) => l.name);
    throw new AppError(
      'OUT_OF_STOCK',
      `No single outlet can pack your whole order with the offer on ${names.join(', ')}. Please order the offer separately.`,
    );
  }
  if (lines.length === 0) {
    const [any] = (await activeOutlets(tx))
      .map((o) => ({ ...o, km: o.lat != null && o.lng != null ? distanceKm(lat, lng, o.lat, o.lng) : Number.POSITIVE_INFINITY }))
      .sort(byDistance);
    if (any) return { id: any.id, name: any.name, address: any.address, phone: any.phone };
  }
  throw shortError(lines, ranked);
}

function shortError(lines: StockLine[], ranked: Candidate[]): AppError {
  const most = (l: StockLine) => Math.max(0, ...ranked.map((c) => c.held.get(l.productId) ?? 0));
  // A line no single outlet can fill: the old, plain wording (how many one order can have).
  const impossible = lines.filter((l) => most(l) < l.quantity);
  if (impossible.length > 0) {
    const fields: Record<string, string> = {};
    for (const l of impossible) fields[`items.${l.index}.quantity`] = unavailableText(l.name, most(l), l.grams);
    return new AppError('OUT_OF_STOCK', fields[`items.${impossible[0]!.index}.quantity`]!, fields);
  }
  // Each line is somewhere, but no outlet has them all: name what the nearest outlet is short of and where it is.
  const nearest = ranked[0]!;
  const short = lines.filter((l) => (nearest.held.get(l.productId) ?? 0) < l.quantity);
  const fields: Record<string, string> = {};
  const parts = short.map((l) => {
    const at = ranked.filter((c) => (c.held.get(l.productId) ?? 0) >= l.quantity).map((c) => c.name);
    const has = nearest.held.get(l.productId) ?? 0;
    const text = `${l.name}: ${nearest.name} has ${amount(l, has)} of ${amount(l, l.quantity)}; available at ${at.join(', ')}`;
    fields[`items.${l.index}.quantity`] = text;
    return text;
  });
  return new AppError(
    'OUT_OF_STOCK',
    `No single outlet can pack your whole order. ${parts.join('. ')}. Please order these items separately or lower the quantity.`,
    fields,
  );
}

export function unavailableText(name: string, left: number, grams = false) {
  return left <= 0
    ? `${name} is out of stock. Please remove it from your cart.`
    : `Only ${grams ? formatGrams(left) : left} of ${name} left in stock. Please lower the quantity.`;
}

export interface TakenLine {
  name: string;
  /** The product's storefront figure (all active outlets) before and after this order. */
  before: number;
  after: number;
}

/**
 * Takes every line at the chosen outlet, then runs `then` (the order's other contended statements)
 * and commits the transaction (db/commit-with.ts): nothing may run in it after this call.
 * Plain stock: one call of the database's take_order_stock, sent with `then` and the COMMIT as one
 * message, so the hot rows wait on no turn of the app's event loop. With a near-date offer (its
 * batches are chosen here): three statements whatever the number of lines, the outlet rows in one
 * conditional update (locked in product id order, the lock order of every stock writer), then their
 * live batches read behind those locks, then the batches' units and the ledger rows written
 * together, then `then` and the COMMIT. A line another order emptied meanwhile fails the whole order
 * with the plain out-of-stock wording. `sellByDays` comes from the settings the caller already holds
 * (no read behind the locks).
 */
export async function takeForOrderAndCommit(
  tx: Tx,
  outlet: Pick<AllocatedOutlet, 'id' | 'name'>,
  orderId: string,
  lines: StockLine[],
  actorId: string | null,
  sellByDays: number,
  then: Statement[] = [],
): Promise<TakenLine[]> {
  const sorted = [...lines].sort((a, b) => a.productId.localeCompare(b.productId));
  if (sorted.length === 0) {
    await commitWith(tx, then);
    return [];
  }
  const today = shopDay();
  // Plain stock (the common order): all of it in one call inside the database.
  if (!sorted.some((l) => l.nearDate?.length)) {
    const byId = new Map(sorted.map((l) => [l.productId, l]));
    let rows: Record<string, unknown>[][];
    try {
      rows = await commitWith(tx, [orderStockStatement(outlet.id, sorted, orderId, actorId, addDays(today, sellByDays)), ...then]);
    } catch (err) {
      const refusal = orderStockRefusal(err);
      if (!refusal) throw err;
      if ('unsellable' in refusal) throw shortOfSellable(byId.get(refusal.unsellable)!.name);
      throw shortRefusal(byId.get(refusal.short)!, refusal.left);
    }
    return orderStockTaken(rows[0]!).taken.map((m) => {
      const l = byId.get(m.productId)!;
      return { name: l.name, before: m.totalBefore, after: m.totalBefore - l.quantity };
    });
  }
  const moved = new Map((await takeLinesAtOutlet(tx, outlet.id, sorted)).map((r) => [r.productId, r]));
  const short = sorted.find((l) => !moved.has(l.productId));
  if (short) throw await shortAt(tx, outlet.id, short);
  const shelves = new Map<string, { id: string; useBy: string | null; quantity: number; receivedAt: number }[]>();
  for (const b of await liveBatchesOf(
    tx,
    outlet.id,
    sorted.map((l) => l.productId),
  )) {
    const shelf = shelves.get(b.productId) ?? [];
    shelf.push({ id: b.id, useBy: b.useBy, quantity: b.quantity, receivedAt: b.createdAt.getTime() });
    shelves.set(b.productId, shelf);
  }
  const taken: TakenLine[] = [];
  const ledger: MovementRow[] = [];
  const fromBatch = new Map<string, number>();
  for (const l of sorted) {
    const m = moved.get(l.productId)!;
    taken.push({ name: l.name, before: m.totalBefore, after: m.totalBefore - l.quantity });
    const shelf = shelves.get(l.productId) ?? [];
    // Near-date units from their named batches first, then the rest first expiring first out (so the
    // regular lines cannot take the offer's units), planned on the shelf as the offer left it.
    const parts = l.nearDate?.length ? nearDateParts(shelf, l) : [];
    const rest = l.quantity - parts.reduce((n, x) => n + x.quantity, 0);
    const plan = rest > 0 ? planFefo(shelf, rest, { sellableOnly: true, sellByDays, today }) : [];
    if (!plan) throw shortOfSellable(l.name);
    // Each row's figure after is the outlet's final figure plus what the later rows take.
    let later = l.quantity;
    for (const p of [...parts.map((x) => ({ ...x, offer: true })), ...plan.map((x) => ({ ...x, offer: false }))]) {
      later -= p.quantity;
      fromBatch.set(p.batchId, (fromBatch.get(p.batchId) ?? 0) + p.quantity);
      ledger.push({
        outletId: outlet.id,
        productId: l.productId,
        delta: -p.quantity,
        stockAfter: m.stock + later,
        kind: 'order',
        reason: p.offer ? 'Order placed (near-date offer)' : 'Order placed',
        orderId,
        actorId,
        batchId: p.batchId,
      });
    }
  }
  const takes = [...fromBatch].map(([batchId, quantity]) => ({ batchId, quantity }));
  // Every batch writer holds the outlet row first, so the batches read above cannot have changed.
  const done = await takeFromBatchesWithLedger(tx, takes, ledger);
  if (done.taken !== takes.length) throw new AppError('CONFLICT', 'Stock changed meanwhile. Please try again.');
  await commitWith(tx, then);
  return taken;
}

/** The plain out-of-stock refusal of a line another order emptied meanwhile, with what is left. */
async function shortAt(tx: Tx, outletId: string, l: StockLine) {
  const left = (await activeOutletStock(tx, [l.productId])).find((r) => r.outletId === outletId)?.stock ?? 0;
  return shortRefusal(l, left);
}

function shortRefusal(l: StockLine, left: number) {
  const message = unavailableText(l.name, left, l.grams);
  return new AppError('OUT_OF_STOCK', message, { [`items.${l.index}.quantity`]: message });
}

/** What an order of this product cannot have: the units left are past their sell-by date. */
function shortOfSellable(name: string) {
  return new AppError('OUT_OF_STOCK', `${name} is out of stock: what is left is past its sell-by date. Please remove it from your cart.`);
}

/**
 * The outlet's live batches with each offer's use-by date, oldest received first, covering its units;
 * taken off the shelf given, so the first-expiring plan for the rest sees what they left.
 */
function nearDateParts(shelf: { id: string; useBy: string | null; quantity: number; receivedAt: number }[], l: StockLine) {
  const oldest = [...shelf].sort((a, b) => a.receivedAt - b.receivedAt || a.id.localeCompare(b.id));
  const parts: { batchId: string; quantity: number }[] = [];
  for (const o of l.nearDate ?? []) {
    let left = o.quantity;
    for (const b of oldest) {
      if (left <= 0) break;
      if (b.useBy !== o.useBy || b.quantity <= 0) continue;
      const n = Math.min(left, b.quantity);
      b.quantity -= n;
      parts.push({ batchId: b.id, quantity: n });
      left -= n;
    }
    if (left > 0) {
      const message = MARKDOWN_MESSAGES.short(l.name, o.useBy, o.quantity - left);
      throw new AppError('OUT_OF_STOCK', message, { [`items.${o.index}.quantity`]: message });
    }
  }
  return parts;
}

/**
 * Gives an order's units back to the outlet each came from (its `order` ledger rows); an order placed
 * before stock lived at outlets goes back to its outlet, else the main outlet.
 */
export async function giveBackForOrder(
  tx: Tx,
  order: { id: string; outletId: string | null },
  /** The order's lines, read only for an order with no ledger rows. */
  items: () => Promise<{ productId: string; quantity: number }[]>,
  kind: 'cancel' | 'return',
) {
  let units = (await unitsTakenByOrder(tx, order.id)).filter((u) => u.quantity > 0 && u.outletId);
  if (units.length === 0) {
    const home = order.outletId ?? (await mainOutlet(tx))?.id;
    if (!home) return;
    units = [...(await items())].sort((a, b) => a.productId.localeCompare(b.productId)).map((i) => ({ ...i, outletId: home }));
  }
  const ledger: LedgerEntry[] = [];
  for (const u of units) {
    const after = await changeAtOutlet(tx, u.outletId!, u.productId, u.quantity);
    if (after === undefined) continue;
    ledger.push({
      outletId: u.outletId,
      productId: u.productId,
      delta: u.quantity,
      stockAfter: after,
      kind,
      reason: kind === 'cancel' ? 'Order cancelled' : 'Goods returned after pickup',
      orderId: order.id,
    });
  }
  await recordMovements(tx, ledger);
}

/**
 * A product's stock as a customer at this point sees it: outlets deliver only inside the delivery
 * zones, so outside them nothing is for sale; inside, what the active outlets hold, nearest first.
 */
export async function stockNear(tx: Tx, productId: string, lat: number, lng: number) {
  try {
    await deliveryFeeFor(tx, lat, lng);
  } catch (err) {
    if (err instanceof AppError && err.code === 'RULE_BROKEN') return { deliverable: false, stock: 0, perOrder: 0, outlets: [] };
    throw err;
  }
  const outlets = (await activeOutletStock(tx, [productId]))
    .filter((r) => r.stock > 0)
    .map((r) => ({
      name: r.outletName,
      stock: r.stock,
      km: r.lat != null && r.lng != null ? roundKm(distanceKm(lat, lng, r.lat, r.lng)) : null,
    }))
    .sort((a, b) => (a.km ?? Number.POSITIVE_INFINITY) - (b.km ?? Number.POSITIVE_INFINITY) || a.name.localeCompare(b.name));
  return {
    deliverable: true,
    stock: outlets.reduce((n, o) => n + o.stock, 0),
    perOrder: Math.max(0, ...outlets.map((o) => o.stock)),
    outlets,
  };
}

export interface EditedLine {
  productId: string;
  name: string;
  /** Units more (positive, taken) or fewer (negative, given back) than the order held. */
  delta: number;
  /** The line's place in the edit's input, for the error's field. */
  index: number;
  /** A weighed product: the delta is grams. */
  grams?: boolean;
}

/**
 * An edited order's stock at the outlet that packs it: more units taken with the same conditional
 * update as placing (never below zero), fewer given back, one row at a time in product id order
 * (the lock order of every stock writer). The ledger rows are of kind `order`, so what a later
 * cancel gives back is what the order holds after the edit.
 */
export async function adjustForOrderEdit(
  tx: Tx,
  outlet: { id: string },
  orderId: string,
  lines: EditedLine[],
  actorId: string | null,
  /** "Weighed at packing" when a weighed line's weight replaces its estimated grams. */
  reason = 'Order edited',
) {
  const ledger: LedgerEntry[] = [];
  for (const l of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    if (l.delta === 0) continue;
    let after: number | undefined;
    if (l.delta > 0) {
      const moved = await takeAtOutlet(tx, outlet.id, l.productId, l.delta);
      if (!moved) {
        const left = (await activeOutletStock(tx, [l.productId])).find((r) => r.outletId === outlet.id)?.stock ?? 0;
        const more = l.grams ? formatGrams(left) : String(left);
        const message = left > 0 ? `Only ${more} more of ${l.name} in stock.` : `${l.name} is out of stock.`;
        throw new AppError('OUT_OF_STOCK', message, { [`items.${l.index}.quantity`]: message });
      }
      after = moved.stock;
    } else {
      after = await changeAtOutlet(tx, outlet.id, l.productId, -l.delta);
      if (after === undefined) continue;
    }
    ledger.push({
      outletId: outlet.id,
      productId: l.productId,
      delta: -l.delta,
      stockAfter: after,
      kind: 'order',
      reason,
      orderId,
      actorId,
    });
  }
  if (ledger.length) await recordMovements(tx, ledger);
}

/**
 * A line short at packing, at the outlet that packs it, in product id order (the lock order of every
 * stock writer). The short units were never on the shelf: the order stops holding them (an `order`
 * row giving them back, so a later cancel returns only what it really holds) and they are written off
 * at once (an `adjustment` row taking them away), so the figure is unchanged and still the sum of its
 * rows. A substitute is taken like an order line, one conditional update; not enough of it fails the
 * step with the out-of-stock wording.
 */
export async function takeForShortLine(
  tx: Tx,
  outletId: string,
  orderId: string,
  short: { productId: string; quantity: number },
  substitute: { productId: string; name: string; quantity: number } | null,
  actorId: string | null,
) {
  const steps = [{ productId: short.productId, short: true }, ...(substitute ? [{ productId: substitute.productId, short: false }] : [])];
  const ledger: LedgerEntry[] = [];
  for (const step of steps.sort((a, b) => a.productId.localeCompare(b.productId))) {
    if (step.short) {
      const [row] = await lockOutletRows(tx, outletId, [short.productId]);
      // An order placed before stock lived at outlets holds nothing here: nothing to write off.
      if (!row) continue;
      const base = { outletId, productId: short.productId, orderId, actorId };
      ledger.push({
        ...base,
        delta: short.quantity,
        stockAfter: row.stock + short.quantity,
        kind: 'order',
        reason: 'Short at packing: not held by the order',
      });
      ledger.push({
        ...base,
        delta: -short.quantity,
        stockAfter: row.stock,
        kind: 'adjustment',
        reason: 'Short at packing: not on the shelf',
      });
      continue;
    }
    const moved = await takeAtOutlet(tx, outletId, substitute!.productId, substitute!.quantity);
    if (!moved) {
      const left = (await activeOutletStock(tx, [substitute!.productId])).find((r) => r.outletId === outletId)?.stock ?? 0;
      throw new AppError(
        'OUT_OF_STOCK',
        left > 0 ? `Only ${left} of ${substitute!.name} left here.` : `${substitute!.name} is out of stock here.`,
      );
    }
    ledger.push({
      outletId,
      productId: substitute!.productId,
      delta: -substitute!.quantity,
      stockAfter: moved.stock,
      kind: 'order',
      reason: 'Substitute packed',
      orderId,
      actorId,
    });
  }
  // Batch by batch: the short units go back to the batches the order held and are written off first
  // expiring first; the substitute comes from its first-expiring sellable batch.
  await recordMovements(tx, ledger);
}

/** A substitute the customer refused, back on the outlet's shelf (the order no longer holds it). */
export async function giveBackSubstitute(
  tx: Tx,
  outletId: string,
  orderId: string,
  productId: string,
  quantity: number,
  actorId: string | null,
) {
  const after = await changeAtOutlet(tx, outletId, productId, quantity);
  if (after === undefined) return;
  // Back to the batches the order took it from.
  await recordMovements(tx, [
    {
      outletId,
      productId,
      delta: quantity,
      stockAfter: after,
      kind: 'order',
      reason: 'Substitute refused by the customer',
      orderId,
      actorId,
    },
  ]);
}
