/** Shapes order rows into the `Order` every customer screen reads (never a raw row). */
import { lineMarkdown } from '@meatshop/shared/markdowns';
import { lineWeight } from '@meatshop/shared/weighing';
import type { Order } from '@meatshop/shared/orders';
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Tx } from '../../db/client.ts';
import { deliverySlotView } from '../delivery/delivery-slots.service.ts';
import { findDueBalanceLinks } from '../payments/pay-links.repository.ts';
import { refundViewsByOrder } from '../payments/refund-views.ts';
import { findItemsForOrders, findOutletsByIds, type OrderRow } from './orders.repository.ts';
import { type SubstitutionFacts, substitutionView } from './substitution-view.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function toOrderViews(tx: Tx, rows: OrderRow[]): Promise<Order[]> {
  const items = await findItemsForOrders(
    tx,
    rows.map((r) => r.id),
  );
  const outletIds = [...new Set(rows.flatMap((r) => (r.outletId ? [r.outletId] : [])))];
  const outlets = new Map((await findOutletsByIds(tx, outletIds)).map((o) => [o.id, o]));
  const itemsByOrder = new Map<string, typeof items>();
  for (const i of items) {
    const list = itemsByOrder.get(i.orderId);
    if (list) list.push(i);
    else itemsByOrder.set(i.orderId, [i]);
  }
  const refunds = await refundViewsByOrder(
    tx,
    rows.map((r) => r.id),
  );
  const owing = rows.filter((r) => r.balanceDue > 0 && ['pending', 'assigned'].includes(r.status));
  const links = new Map(
    (
      await findDueBalanceLinks(
        tx,
        owing.map((r) => r.id),
      )
    ).map((l) => [l.orderId, `/pay/${l.token}`]),
  );
  return rows.map((r) => ({
    ...shapeOrder(r, itemsByOrder.get(r.id) ?? [], r.outletId ? (outlets.get(r.outletId) ?? null) : null, refunds.get(r.id) ?? []),
    balancePayPath: links.get(r.id) ?? null,
  }));
}

type ItemFacts = Pick<
  Awaited<ReturnType<typeof findItemsForOrders>>[number],
  | 'lineId'
  | 'productId'
  | 'productName'
  | 'imageUrls'
  | 'quantity'
  | 'price'
  | 'options'
  | 'note'
  | 'pricePerKg'
  | 'gramsPerPack'
  | 'pieces'
  | 'weighedGrams'
  | 'markdownUseBy'
  | 'markdownPercent'
  | 'regularPrice'
> &
  SubstitutionFacts;

/**
 * One order's view from its row and what belongs to it. Placing an order shapes its answer from what
 * the placement already holds (no read after COMMIT); every other read goes through `toOrderViews`.
 */
export function shapeOrder(r: OrderRow, items: ItemFacts[], outlet: Order['outlet'], refunds: Order['refunds']): Order {
  const a = r.shippingAddress;
  return {
    id: r.id,
    orderNumber: customerOrderNumber(r.id),
    status: r.status as Order['status'],
    paymentStatus: r.paymentStatus as Order['paymentStatus'],
    paymentMethod: r.paymentMethod as Order['paymentMethod'],
    subtotalAmount: r.subtotalAmount,
    deliveryFee: r.deliveryFee,
    discountAmount: r.discountAmount,
    totalAmount: r.totalAmount,
    couponCode: r.couponCode,
    shippingAddress: {
      fullName: a.full_name,
      email: a.email,
      phone: a.phone,
      street: a.street,
      city: a.city,
      state: a.state,
      postalCode: a.postal_code,
      country: a.country,
      formattedAddress: a.formatted_address ?? [a.street, a.city, a.country].filter(Boolean).join(', '),
    },
    deliveryLatitude: r.deliveryLatitude,
    deliveryLongitude: r.deliveryLongitude,
    deliveryInstructions: r.deliveryInstructions,
    deliveryPhotoUrl: r.deliveryPhotoUrl,
    deliverySlot: deliverySlotView(r),
    outlet,
    items: items.map((i) => ({
      id: i.lineId,
      productId: i.productId,
      productName: i.productName,
      imageUrl: i.imageUrls?.[0] ?? null,
      quantity: i.quantity,
      price: i.price,
      // Packed and weighed: what it is charged now (never above the estimate).
      lineTotal: i.finalPrice ?? i.price * i.quantity,
      options: i.options,
      note: i.note,
      substitution: substitutionView(i, r),
      weight: lineWeight(i),
      markdown: lineMarkdown(i),
    })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    assignedAt: iso(r.assignedAt),
    pickedUpAt: iso(r.pickedUpAt),
    deliveredAt: iso(r.deliveredAt),
    cancelledAt: iso(r.cancelledAt),
    refunds,
    balanceDue: r.balanceDue,
    balancePayPath: null,
  };
}

export async function toOrderView(tx: Tx, row: OrderRow): Promise<Order> {
  const [view] = await toOrderViews(tx, [row]);
  return view!;
}
