/**
 * Delivery slots: what the checkout may offer now, and booking a place in a slot
 * inside the order's transaction. Capacity is a conditional upsert on the slot's counter row
 * (`booked < capacity`): on a PostgreSQL server the second of two racing orders waits for the row
 * lock and re-checks, on PGlite transactions run one at a time, so the last place goes to exactly one.
 */
import type { ShopSettings } from '@meatshop/shared/shop-settings';
import {
  asapAvailable,
  type DeliverySlotChoice,
  type DeliverySlotsResponse,
  deliverySlotLabel,
  findOfferedSlot,
  kampalaDate,
  offeredSlots,
  SLOT_MESSAGES,
  type Slot,
  slotDayLabel,
  slotTimeLabel,
} from '@meatshop/shared/delivery-slots';
import type { DeliverySlotView } from '@meatshop/shared/delivery-slots';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { decrementSlotBooking, findBookedCounts, findOrderSlotStart, incrementSlotBooking } from './delivery-slots.repository.ts';

export interface DeliveryTime {
  deliveryAsap: boolean;
  deliverySlotStart: Date | null;
  deliverySlotEnd: Date | null;
}

async function bookedCounts(tx: Tx, slots: Slot[]) {
  if (!slots.length) return new Map<number, number>();
  const rows = await findBookedCounts(
    tx,
    slots.map((s) => s.start),
  );
  return new Map(rows.map((r) => [r.start.getTime(), r.booked]));
}

/** GET /api/delivery-slots: "as soon as possible" when open, and every offered slot with its places left. */
export async function listDeliverySlots(tx: Tx, now: Date): Promise<DeliverySlotsResponse> {
  const s = await getShopSettings(tx);
  const slots = offeredSlots(s, now);
  const booked = await bookedCounts(tx, slots);
  const days = new Map<string, DeliverySlotsResponse['days'][number]>();
  for (const slot of slots) {
    const date = kampalaDate(slot.start);
    const day = days.get(date) ?? { date, label: slotDayLabel(date, now), slots: [] };
    day.slots.push({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      label: slotTimeLabel(slot),
      remaining: Math.max(0, s.slotCapacity - (booked.get(slot.start.getTime()) ?? 0)),
    });
    days.set(date, day);
  }
  const asap = asapAvailable(s, now);
  return {
    asap: {
      available: asap,
      note: asap
        ? `Same-day delivery for orders placed before ${s.sameDayCutoff}`
        : `Not available now: ${s.deliveryOpensAt}–${s.sameDayCutoff} on delivery days`,
    },
    sameDayCutoff: s.sameDayCutoff,
    capacity: s.slotCapacity,
    days: [...days.values()],
  };
}

/**
 * Checks the customer's choice against the hours, the cut-off and the capacity, and books it.
 * Without a choice (API clients from before slots) the earliest time is booked: "as soon as
 * possible" when open, else the first slot with room.
 */
export async function bookDeliveryTime(
  tx: Tx,
  choice: DeliverySlotChoice | undefined,
  now: Date,
  settings?: ShopSettings,
): Promise<DeliveryTime> {
  const s = settings ?? (await getShopSettings(tx));
  const asap: DeliveryTime = { deliveryAsap: true, deliverySlotStart: null, deliverySlotEnd: null };
  const slotTime = (slot: Slot): DeliveryTime => ({ deliveryAsap: false, deliverySlotStart: slot.start, deliverySlotEnd: slot.end });
  if (choice === 'asap') {
    if (!asapAvailable(s, now)) throw new AppError('RULE_BROKEN', SLOT_MESSAGES.asapClosed, { deliverySlot: SLOT_MESSAGES.asapClosed });
    return asap;
  }
  if (choice === undefined) {
    if (asapAvailable(s, now)) return asap;
    for (const slot of offeredSlots(s, now)) if (await incrementSlotBooking(tx, slot.start, s.slotCapacity)) return slotTime(slot);
    throw new AppError('CONFLICT', SLOT_MESSAGES.noneLeft, { deliverySlot: SLOT_MESSAGES.noneLeft });
  }
  // A slot that has started, is past the same-day cut-off, outside the hours or too far ahead.
  const slot = findOfferedSlot(s, new Date(choice), now);
  if (!slot) throw new AppError('RULE_BROKEN', SLOT_MESSAGES.notOffered, { deliverySlot: SLOT_MESSAGES.notOffered });
  if (!(await incrementSlotBooking(tx, slot.start, s.slotCapacity)))
    throw new AppError('CONFLICT', SLOT_MESSAGES.full, { deliverySlot: SLOT_MESSAGES.full });
  return slotTime(slot);
}

/** Gives a cancelled order's place back (called in the cancelling transaction). */
export async function releaseDeliverySlot(tx: Tx, orderId: string) {
  const row = await findOrderSlotStart(tx, orderId);
  if (!row?.start) return;
  await decrementSlotBooking(tx, row.start);
}

/** How an order's delivery time reads on every screen. */
export function deliverySlotView(o: {
  deliveryAsap: boolean;
  deliverySlotStart: Date | null;
  deliverySlotEnd: Date | null;
}): DeliverySlotView {
  if (!o.deliveryAsap && !o.deliverySlotStart) return null;
  return {
    asap: o.deliveryAsap,
    start: o.deliverySlotStart?.toISOString() ?? null,
    end: o.deliverySlotEnd?.toISOString() ?? null,
    label: deliverySlotLabel({ asap: o.deliveryAsap, start: o.deliverySlotStart, end: o.deliverySlotEnd }),
  };
}
