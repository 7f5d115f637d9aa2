/** Rows to the rider area's response shapes (never a raw row: see STYLE.md "Return shapes"). */
import type { RiderOrderDetail, RiderOrderSummary, RiderProfile } from '@meatshop/shared/rider';
import type { deliveryRiders } from '../../db/schema/accounts.ts';
import { deliverySlotView } from './delivery-slots.service.ts';
import type { findOrderItems, RiderOrderRow } from './delivery.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function riderOrderSummary({ order: o, outlet, itemCount, cashToCollect }: RiderOrderRow): RiderOrderSummary {
  const a = o.shippingAddress;
  return {
    id: o.id,
    status: o.status as RiderOrderSummary['status'],
    paymentStatus: o.paymentStatus as RiderOrderSummary['paymentStatus'],
    paymentMethod: o.paymentMethod as RiderOrderSummary['paymentMethod'],
    totalAmount: o.totalAmount,
    cashToCollect: Number(cashToCollect),
    itemCount,
    deliverySlot: deliverySlotView(o),
    createdAt: o.createdAt.toISOString(),
    assignedAt: iso(o.assignedAt),
    pickedUpAt: iso(o.pickedUpAt),
    deliveredAt: iso(o.deliveredAt),
    cancelledAt: iso(o.cancelledAt),
    updatedAt: o.updatedAt.toISOString(),
    outlet: outlet?.id ? outlet : null,
    customer: {
      fullName: a.full_name,
      phone: a.phone,
      address: [a.street, a.city].filter(Boolean).join(', '),
      latitude: o.deliveryLatitude,
      longitude: o.deliveryLongitude,
      instructions: o.deliveryInstructions,
    },
  };
}

export function riderOrderDetail(row: RiderOrderRow, items: Awaited<ReturnType<typeof findOrderItems>>): RiderOrderDetail {
  return { ...riderOrderSummary(row), deliveryPhotoUrl: row.order.deliveryPhotoUrl, items };
}

export function riderProfile(r: typeof deliveryRiders.$inferSelect): RiderProfile {
  return {
    id: r.id,
    email: r.email,
    fullName: r.fullName,
    phone: r.phone,
    vehicleType: r.vehicleType as RiderProfile['vehicleType'],
    status: r.status as RiderProfile['status'],
    isActive: r.isActive,
    approval: r.approval as RiderProfile['approval'],
    rating: r.rating,
    totalDeliveries: r.totalDeliveries,
    createdAt: r.createdAt.toISOString(),
  };
}
