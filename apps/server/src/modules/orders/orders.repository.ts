/** Order queries: the only code here that touches the orders and order_items tables. */
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_ORDER_COUNT_CAP } from '@meatshop/shared/admin-orders';
import type { Tx } from '../../db/client.ts';
import { writeAtCommit } from '../../db/commit-with.ts';
import { containsPattern } from '../../platform/search-text.ts';
import { runPrepared } from '../../db/prepared.ts';
import { deliveryRiders, users } from '../../db/schema/accounts.ts';
import { products } from '../../db/schema/catalog.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { outlets } from '../../db/schema/outlets.ts';

export type OrderRow = typeof orders.$inferSelect;

/** A line's substitution columns, read with the line wherever an order is shown (substitution-view.ts shapes them). */
export const substitutionColumns = {
  lineId: orderItems.id,
  substitutionPreference: orderItems.substitutionPreference,
  alternativeProductId: orderItems.alternativeProductId,
  alternativeName: orderItems.alternativeName,
  shortQuantity: orderItems.shortQuantity,
  shortOutcome: orderItems.shortOutcome,
  substituteProductId: orderItems.substituteProductId,
  substituteName: orderItems.substituteName,
  substitutePrice: orderItems.substitutePrice,
  substitutedAt: orderItems.substitutedAt,
  refusableUntil: orderItems.refusableUntil,
  substituteRefusedAt: orderItems.substituteRefusedAt,
  finalPrice: orderItems.finalPrice,
};

/** The fields pricing needs, for products still on sale (archived ones cannot be ordered). */
export async function findProductsForPricing(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      discountPrice: products.discountPrice,
      imageUrls: products.imageUrls,
      options: products.options,
      weighing: products.weighing,
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isArchived, false)));
}

export async function insertOrderItems(tx: Tx, values: (typeof orderItems.$inferInsert)[]) {
  await writeAtCommit(tx, tx.insert(orderItems).values(values));
}

export async function findOrderByIdempotencyKey(tx: Tx, userId: string, key: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

export async function findOrderById(tx: Tx, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** A list of ids as one value, so the prepared statement is the same for any number of them. */
const anyOf = (column: typeof orderItems.orderId | typeof outlets.id, name: string) =>
  sql`${column} = any(${sql.placeholder(name)}::uuid[])`;

/** A customer's newest orders: prepared once (see db/prepared.ts), by the (user_id, created_at) index. */
export async function findOrdersByUserId(tx: Tx, userId: string, limit = 100) {
  return runPrepared(
    tx,
    'orders_by_user',
    (q) =>
      q
        .select()
        .from(orders)
        .where(eq(orders.userId, sql.placeholder('userId')))
        .orderBy(desc(orders.createdAt))
        .limit(sql.placeholder('limit')),
    { userId, limit },
  );
}

/** Items of several orders with the product's first image, for list and detail screens. */
export async function findItemsForOrders(tx: Tx, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return runPrepared(
    tx,
    'order_items_for_orders',
    (q) =>
      q
        .select({
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          productName: orderItems.productName,
          quantity: orderItems.quantity,
          price: orderItems.price,
          options: orderItems.options,
          note: orderItems.note,
          ...substitutionColumns,
          pricePerKg: orderItems.pricePerKg,
          gramsPerPack: orderItems.gramsPerPack,
          pieces: orderItems.pieces,
          weighedGrams: orderItems.weighedGrams,
          markdownUseBy: orderItems.markdownUseBy,
          markdownPercent: orderItems.markdownPercent,
          regularPrice: orderItems.regularPrice,
          imageUrls: products.imageUrls,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(anyOf(orderItems.orderId, 'orderIds'))
        .orderBy(orderItems.productName),
    { orderIds },
  );
}

export async function findOutletsByIds(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return runPrepared(
    tx,
    'outlets_by_ids',
    (q) =>
      q
        .select({ id: outlets.id, name: outlets.name, address: outlets.address, phone: outlets.phone })
        .from(outlets)
        .where(anyOf(outlets.id, 'ids')),
    { ids },
  );
}

/** What the back office's order table shows of an order (not the whole row). */
const adminOrderColumns = {
  id: orders.id,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  subtotalAmount: orders.subtotalAmount,
  deliveryFee: orders.deliveryFee,
  totalAmount: orders.totalAmount,
  discountAmount: orders.discountAmount,
  couponCode: orders.couponCode,
  shippingAddress: orders.shippingAddress,
  deliveryInstructions: orders.deliveryInstructions,
  createdAt: orders.createdAt,
  assignedAt: orders.assignedAt,
  pickedUpAt: orders.pickedUpAt,
  deliveredAt: orders.deliveredAt,
  cancelledAt: orders.cancelledAt,
  cancelReason: orders.cancelReason,
  goodsReturnedAt: orders.goodsReturnedAt,
  deliveryPhotoUrl: orders.deliveryPhotoUrl,
  channel: orders.channel,
  takenByName: orders.takenByName,
  balanceDue: orders.balanceDue,
};

const adminOrderSelection = {
  order: adminOrderColumns,
  user: { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone },
  outletId: outlets.id,
  outletName: outlets.name,
  riderId: deliveryRiders.id,
  riderName: deliveryRiders.fullName,
  riderPhone: deliveryRiders.phone,
};
const adminOrderRows = (q: Tx) =>
  q
    .select(adminOrderSelection)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(outlets, eq(outlets.id, orders.outletId))
    .leftJoin(deliveryRiders, eq(deliveryRiders.id, orders.riderId));

/** Orders for the back office with customer, outlet and rider: the one order `id`. Prepared once. */
export async function findAdminOrderRows(tx: Tx, opts: { id: string }) {
  return runPrepared(tx, 'admin_order_by_id', (q) => adminOrderRows(q).where(eq(orders.id, sql.placeholder('id'))), { id: opts.id });
}

/** Customers whose name or email holds `text`, or whose phone holds `phoneDigits`: at most `limit`. */
export async function findUserIdsMatching(tx: Tx, text: string, phoneDigits: string | null, limit: number) {
  const pattern = containsPattern(text);
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        ilike(users.fullName, pattern),
        ilike(users.email, pattern),
        phoneDigits ? sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${`%${phoneDigits}%`}` : undefined,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface AdminOrderFilter {
  /** The search: orders of these customers, or whose id lies in this range (an order number's start). */
  search?: { userIds: string[]; idRange: [string, string] | null };
  statuses?: string[];
  paymentStatus?: string;
  paymentMethod?: string;
  channel?: string;
  outletId?: string;
  /** null: orders no rider holds. */
  riderId?: string | null;
  /** [from, to) instants. */
  createdFrom?: Date;
  createdBefore?: Date;
}

function adminOrderWhere(f: AdminOrderFilter): SQL | undefined {
  const search = f.search
    ? (or(
        f.search.userIds.length ? inArray(orders.userId, f.search.userIds) : undefined,
        f.search.idRange ? sql`${orders.id} between ${f.search.idRange[0]}::uuid and ${f.search.idRange[1]}::uuid` : undefined,
      ) ?? sql`false`)
    : undefined;
  return and(
    search,
    f.statuses ? inArray(orders.status, f.statuses) : undefined,
    f.paymentStatus ? eq(orders.paymentStatus, f.paymentStatus) : undefined,
    f.paymentMethod ? eq(orders.paymentMethod, f.paymentMethod) : undefined,
    f.channel ? eq(orders.channel, f.channel) : undefined,
    f.outletId ? eq(orders.outletId, f.outletId) : undefined,
    f.riderId === null ? isNull(orders.riderId) : f.riderId ? eq(orders.riderId, f.riderId) : undefined,
    f.createdFrom ? gte(orders.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(orders.createdAt, f.createdBefore) : undefined,
  );
}

const ADMIN_ORDER_SORT = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  'total-desc': [desc(orders.totalAmount), desc(orders.createdAt)],
  'total-asc': [asc(orders.totalAmount), desc(orders.createdAt)],
} as const;
export type AdminOrderSort = keyof typeof ADMIN_ORDER_SORT;

const cappedCount = (q: Tx, where: SQL | undefined) =>
  q.select({ n: sql<number>`count(*)::int` }).from(
    q
      .select({ one: sql`1` })
      .from(orders)
      .where(where)
      .limit(ADMIN_ORDER_COUNT_CAP + 1)
      .as('capped'),
  );

/**
 * One page of the back office's order list and how many orders match, up to the cap. The list as it
 * first opens (no search, no filter, newest first) is prepared once.
 */
export async function findAdminOrderPage(tx: Tx, f: AdminOrderFilter, sort: AdminOrderSort, offset: number, limit: number) {
  const where = adminOrderWhere(f);
  const plain = !where && sort === 'newest';
  const [counted] = plain
    ? await runPrepared(tx, 'admin_orders_count', (q) => cappedCount(q, undefined), {})
    : await cappedCount(tx, where);
  const total = counted?.n ?? 0;
  if (total === 0 || offset >= total) return { rows: [], total };
  const rows = plain
    ? await runPrepared(
        tx,
        'admin_orders_newest_page',
        (q) =>
          adminOrderRows(q)
            .orderBy(...ADMIN_ORDER_SORT.newest)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset')),
        { limit, offset },
      )
    : await adminOrderRows(tx)
        .where(where)
        .orderBy(...ADMIN_ORDER_SORT[sort])
        .limit(limit)
        .offset(offset);
  return { rows, total };
}

/** Items of several orders with their ids and the product's images, for the back office. */
export function findAdminOrderItems(tx: Tx, orderIds: string[]) {
  return runPrepared(
    tx,
    'admin_order_items',
    (q) =>
      q
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          productName: orderItems.productName,
          quantity: orderItems.quantity,
          price: orderItems.price,
          options: orderItems.options,
          note: orderItems.note,
          ...substitutionColumns,
          pricePerKg: orderItems.pricePerKg,
          gramsPerPack: orderItems.gramsPerPack,
          pieces: orderItems.pieces,
          weighedGrams: orderItems.weighedGrams,
          markdownUseBy: orderItems.markdownUseBy,
          markdownPercent: orderItems.markdownPercent,
          regularPrice: orderItems.regularPrice,
          imageUrls: products.imageUrls,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(anyOf(orderItems.orderId, 'orderIds')),
    { orderIds },
  );
}

/**
 * Orders held for a business's approval that nobody decided on: placed before `cutoff`, or whose
 * delivery slot has begun (approving it then would promise a time already gone).
 */
const heldTooLong = (cutoff: Date, now: Date) =>
  and(eq(orders.status, 'awaiting_approval'), or(lt(orders.createdAt, cutoff), lt(orders.deliverySlotStart, now)));

export async function findExpiredHeldOrderIds(tx: Tx, cutoff: Date, now: Date, limit: number) {
  const rows = await tx.select({ id: orders.id }).from(orders).where(heldTooLong(cutoff, now)).orderBy(asc(orders.createdAt)).limit(limit);
  return rows.map((r) => r.id);
}

/** Locks it only while still held too long; another instance holding it makes this return nothing. */
export async function lockExpiredHeldOrder(tx: Tx, orderId: string, cutoff: Date, now: Date) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), heldTooLong(cutoff, now)))
    .for('update', { skipLocked: true })
    .limit(1);
  return row;
}
