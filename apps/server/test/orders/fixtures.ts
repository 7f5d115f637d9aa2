/** Checkout request bodies and product set-up shared by the order tests. */
import { eq } from 'drizzle-orm';
import { products } from '../../src/db/schema/catalog.ts';
import { changeAtOutlet, mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { recordMovements } from '../../src/modules/inventory/stock-ledger.service.ts';
import type { TestContext } from '../helpers.ts';
import { ORIGIN } from '../helpers.ts';

/** Near Ntinda: the Ntinda outlet is the nearest. */
export const NTINDA = { lat: 0.3545, lng: 32.6155 };

export function checkoutBody(items: { productId: string; quantity: number }[], over: Record<string, unknown> = {}) {
  return {
    items,
    contact: { fullName: 'Daniel Mugisha', email: 'customer@shop.test', phone: '0772100002' },
    address: {
      street: 'Ntinda Road',
      city: 'Kampala',
      state: 'Central Region',
      postalCode: '',
      country: 'Uganda',
      formattedAddress: 'Ntinda Road, Ntinda, Kampala, Uganda',
    },
    location: NTINDA,
    paymentMethod: 'cash_on_delivery',
    ...over,
  };
}

/** A fresh product with a known price, discount and stock, so tests do not depend on the demo catalog. */
export async function makeProduct(
  t: TestContext,
  v: { name?: string; price: number; discountPrice?: number | null; stock: number; outletId?: string },
) {
  const [row] = await t.database.db
    .insert(products)
    .values({
      name: v.name ?? `Test product ${Math.random().toString(36).slice(2, 7)}`,
      price: v.price,
      discountPrice: v.discountPrice ?? null,
    })
    .returning();
  // Stock lives at outlets: the units go to the main outlet (or the one named), with their ledger row.
  await t.database.db.transaction(async (tx) => {
    const outletId = v.outletId ?? (await mainOutlet(tx))!.id;
    const after = await changeAtOutlet(tx, outletId, row!.id, v.stock);
    if (v.stock > 0)
      await recordMovements(tx, [
        { outletId, productId: row!.id, delta: v.stock, stockAfter: after!, kind: 'delivery', reason: 'Test stock' },
      ]);
  });
  return { ...row!, stock: v.stock };
}

export async function stockOf(t: TestContext, id: string) {
  const [row] = await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

export function placeOrder(t: TestContext, cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/orders', headers: { origin: ORIGIN, cookie, ...headers }, payload: body as object });
}
