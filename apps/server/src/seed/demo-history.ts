/**
 * Two weeks of order history for the demo shop, so a fresh start shows a working business: the
 * admin dashboard, reports, outlet portal, the demo customer's orders and the demo rider's earnings
 * all have something to show; fresh meat is weighed at packing, some of it under the estimate
 * (settled and refunded), some above it (absorbed). Only on an empty orders table, only for the embedded demo (main.ts);
 * API and browser tests start without it. Stock is not taken: these orders are in the past.
 */
import { unitPrice } from '@meatshop/shared/money';
import { defaultAmount, estimateFor, weighedPrice } from '@meatshop/shared/weighing';
import { riderPayFor, DEFAULT_SHOP_SETTINGS } from '@meatshop/shared/shop-settings';
import { count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deliveryRiders, outletEmployees, users } from '../db/schema/accounts.ts';
import { products } from '../db/schema/catalog.ts';
import { riderEarnings } from '../db/schema/delivery.ts';
import { cashHandovers } from '../db/schema/delivery-ops.ts';
import { counterSettlements } from '../db/schema/counter.ts';
import { orderItems, orders, payments } from '../db/schema/orders.ts';
import { refunds } from '../db/schema/refunds.ts';
import { outlets } from '../db/schema/outlets.ts';
import { distanceKm, roundKm } from '@meatshop/shared/geo';
import { ACCOUNTS } from './demo-data.ts';

const METHODS = ['cash_on_delivery', 'mtn_money', 'airtel_money', 'card', 'cash_on_delivery', 'mtn_money'] as const;
const STREETS = ['Kira Road', 'Bukoto Street', 'Lumumba Avenue', 'Ggaba Road', 'Namirembe Road', 'Ntinda II Road', 'Kabalagala Lane'];
const HOUR = 3_600_000;

export async function seedDemoHistory(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(orders);
  if (n > 0) return;
  const [rider] = await db.select().from(deliveryRiders).where(eq(deliveryRiders.email, ACCOUNTS.rider.email));
  const customers = (await db.select().from(users).where(eq(users.isAdmin, false))).filter((u) => u.email !== ACCOUNTS.outlet.email);
  const shopOutlets = await db.select().from(outlets).where(eq(outlets.isActive, true)).orderBy(outlets.name);
  const catalog = await db.select().from(products).where(gt(products.stock, 0)).orderBy(products.name);
  if (!rider || !customers.length || !shopOutlets.length || !catalog.length) return;

  const now = Date.now();
  const DAY = 24 * HOUR;
  // Midnight in Kampala (UTC+3) today: past orders fall in business hours of their Kampala day.
  const kampalaMidnight = Math.floor((now + 3 * HOUR) / DAY) * DAY - 3 * HOUR;
  let seq = 0;
  let delivered = 0;
  /** Cash the rider collected per past Kampala day (a shift), handed over at the outlet below. */
  const cashByShift = new Map<string, number>();
  for (let daysAgo = 13; daysAgo >= 0; daysAgo--) {
    const perDay = daysAgo === 0 ? 4 : 2 + ((daysAgo * 5) % 3);
    for (let k = 0; k < perDay; k++, seq++) {
      const createdAt = new Date(daysAgo === 0 ? now - (k + 1) * 0.6 * HOUR : kampalaMidnight - daysAgo * DAY + (9 + k * 2.5) * HOUR);
      const customer = customers[seq % customers.length]!;
      const outlet = shopOutlets[seq % shopOutlets.length]!;
      const method = METHODS[seq % METHODS.length]!;
      // Today: two waiting for a rider, one on the road, one delivered; before: mostly delivered, some cancelled.
      const status =
        daysAgo === 0 ? (['pending', 'pending', 'picked_up', 'delivered'] as const)[k]! : seq % 9 === 4 ? 'cancelled' : 'delivered';
      // Fresh meat is a weighed line: 1 kg (or its amount) estimated, and once packed weighed a
      // few percent either side of it, charged the weighed price but never above the estimate.
      const packed = status === 'picked_up' || status === 'delivered';
      const lines = [0, 1, 2].slice(0, 1 + (seq % 3)).map((j) => {
        const p = catalog[(seq * 7 + j * 11) % catalog.length]!;
        const quantity = 1 + ((seq + j) % 3);
        if (!p.weighing) return { product: p, quantity, price: unitPrice(p), weight: null };
        const grams = defaultAmount(p.weighing);
        const price = estimateFor(unitPrice(p), grams);
        const weighedGrams = packed ? Math.round((grams * quantity * (100 + (((seq + j) % 5) - 3) * 3)) / 100) : null;
        const charged = weighedGrams == null ? null : weighedPrice(unitPrice(p), weighedGrams, price * quantity);
        return { product: p, quantity, price, weight: { grams, weighedGrams, charged, pieces: p.weighing.pieces } };
      });
      const estimated = lines.reduce((s, l) => s + l.price * l.quantity, 0);
      const subtotal = lines.reduce((s, l) => s + (l.weight?.charged?.final ?? l.price * l.quantity), 0);
      const fee = 5_000;
      const discount = seq % 5 === 0 ? Math.round(subtotal * 0.1) : 0;
      const estimatedTotal = estimated + 5_000 - (seq % 5 === 0 ? Math.round(estimated * 0.1) : 0);
      const lat = (outlet.latitude ?? 0.3476) + ((seq % 7) - 3) * 0.004;
      const lng = (outlet.longitude ?? 32.5825) + ((seq % 5) - 2) * 0.004;
      const paid = status === 'delivered' || (method !== 'cash_on_delivery' && status !== 'cancelled');
      const at = (h: number) => new Date(createdAt.getTime() + h * HOUR);
      const withRider = status === 'picked_up' || status === 'delivered';
      const weighedDown = packed && subtotal + fee - discount < estimatedTotal;
      const prepaid = method !== 'cash_on_delivery';
      const [order] = await db
        .insert(orders)
        .values({
          userId: customer.id,
          outletId: outlet.id,
          status,
          paymentStatus:
            paid && prepaid && weighedDown
              ? 'partially_refunded'
              : paid
                ? 'paid'
                : status === 'cancelled' && method !== 'cash_on_delivery'
                  ? 'failed'
                  : 'pending',
          paymentMethod: method,
          subtotalAmount: subtotal,
          deliveryFee: fee,
          totalAmount: subtotal + fee - discount,
          discountAmount: discount || null,
          couponCode: discount ? 'WELCOME10' : null,
          shippingAddress: {
            full_name: customer.fullName,
            email: customer.email,
            phone: customer.phone ?? ACCOUNTS.customer.phone,
            street: `Plot ${10 + (seq % 40)}, ${STREETS[seq % STREETS.length]}`,
            city: 'Kampala',
            state: 'Central',
            postal_code: '',
            country: 'Uganda',
            formatted_address: `Plot ${10 + (seq % 40)}, ${STREETS[seq % STREETS.length]}, Kampala`,
          },
          deliveryLatitude: lat,
          deliveryLongitude: lng,
          deliveryInstructions: seq % 3 === 0 ? 'Call on arrival, black gate.' : null,
          riderId: withRider ? rider.id : null,
          createdAt,
          updatedAt: status === 'delivered' ? at(1.5) : createdAt,
          assignedAt: withRider ? at(0.3) : null,
          readyAt: withRider ? at(0.5) : null,
          pickedUpAt: withRider ? at(0.6) : null,
          deliveredAt: status === 'delivered' ? at(1.4) : null,
          cancelledAt: status === 'cancelled' ? at(0.4) : null,
          cancelReason: status === 'cancelled' ? 'Cancelled by the customer' : null,
        })
        .returning({ id: orders.id });
      // The simulator's record of a prepaid order paid, as paying it would have left it (the payments
      // report counts these); no tracking id, so the reconciliation job has nothing to ask about.
      if (paid && method !== 'cash_on_delivery') {
        await db.insert(payments).values({
          orderId: order!.id,
          provider: 'simulator',
          method,
          merchantReference: `${order!.id.slice(0, 8).toUpperCase()}-DEMO${seq}`,
          // Paid at checkout: the estimate. Packing under it refunds the difference below.
          amount: estimatedTotal,
          status: 'completed',
          statusDescription: 'COMPLETED',
          completedAt: at(0.05),
          createdAt,
        });
      }
      await db.insert(orderItems).values(
        lines.map((l) => ({
          orderId: order!.id,
          productId: l.product.id,
          productName: l.product.name,
          quantity: l.quantity,
          price: l.price,
          ...(l.weight
            ? {
                pricePerKg: unitPrice(l.product),
                gramsPerPack: l.weight.grams,
                pieces: l.weight.pieces,
                tolerancePercent: 10,
                weighedGrams: l.weight.weighedGrams,
                weighedPrice: l.weight.charged?.weighed ?? null,
                finalPrice: l.weight.charged?.final ?? null,
                weighedAt: l.weight.weighedGrams == null ? null : at(0.5),
              }
            : {}),
        })),
      );
      // Packed under the estimate: the settlement kept, and on a prepaid order the refund it opened.
      if (weighedDown) {
        const difference = estimatedTotal - (subtotal + fee - discount);
        const [refund] =
          paid && prepaid
            ? await db
                .insert(refunds)
                .values({
                  orderId: order!.id,
                  amount: difference,
                  reason: 'order_weighed',
                  method: method === 'card' ? 'card' : 'mobile_money',
                  state: 'completed',
                  provider: 'simulator',
                  completedAt: at(0.6),
                  createdAt: at(0.5),
                })
                .returning({ id: refunds.id })
            : [];
        await db.insert(counterSettlements).values({
          orderId: order!.id,
          settlerName: 'Ruth Achieng',
          totalBefore: estimatedTotal,
          totalAfter: subtotal + fee - discount,
          subtotalAfter: subtotal,
          discountAfter: discount,
          amountDifference: -difference,
          refundId: refund?.id ?? null,
          createdAt: at(0.5),
        });
      }
      if (status === 'delivered') {
        delivered++;
        if (method === 'cash_on_delivery' && daysAgo > 0) {
          const shift = new Date(kampalaMidnight - daysAgo * DAY + 3 * HOUR).toISOString().slice(0, 10);
          cashByShift.set(shift, (cashByShift.get(shift) ?? 0) + subtotal + fee - discount);
        }
        const km = roundKm(distanceKm(outlet.latitude ?? lat, outlet.longitude ?? lng, lat, lng));
        await db.insert(riderEarnings).values({
          riderId: rider.id,
          orderId: order!.id,
          type: 'delivery',
          amount: riderPayFor(DEFAULT_SHOP_SETTINGS, km),
          distanceKm: km,
          createdAt: at(1.4),
        });
      }
    }
  }
  await db.update(deliveryRiders).set({ totalDeliveries: delivered, rating: 4.7 }).where(eq(deliveryRiders.id, rider.id));

  // Past shifts were handed over at the demo employee's outlet, one of them UGX 2,000 short, so the
  // cash screens open on a realistic picture: a settled history with one difference to follow up.
  const [staff] = await db
    .select({ userId: users.id, name: users.fullName, outletId: outletEmployees.outletId })
    .from(users)
    .innerJoin(outletEmployees, eq(outletEmployees.userId, users.id))
    .where(eq(users.email, ACCOUNTS.outlet.email));
  const shifts = [...cashByShift].sort(([a], [b]) => a.localeCompare(b));
  if (staff && shifts.length) {
    await db.insert(cashHandovers).values(
      shifts.map(([shiftDate, amount], i) => ({
        riderId: rider.id,
        amount: i === shifts.length - 3 ? amount - 2_000 : amount,
        shiftDate,
        receivedById: staff.userId,
        receivedByName: staff.name,
        outletId: staff.outletId,
        createdAt: new Date(`${shiftDate}T15:30:00Z`),
      })),
    );
  }
}
