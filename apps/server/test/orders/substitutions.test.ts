/**
 * Substitutions at the counter, through the API as the customer and the outlet use it: the choice
 * per line at checkout (checked, stored, remembered), suggested substitutes, a line marked short
 * and resolved at packing by that outlet's staff only, the stock ledger kept equal to the figure,
 * the settlement at mark_ready, and the customer's refusal (their own order, within the window,
 * before pickup, once). The money rules hold as a property over random substitutions.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCategories, products } from '../../src/db/schema/catalog.ts';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { outletProducts, outlets } from '../../src/db/schema/outlets.ts';
import { refunds } from '../../src/db/schema/refunds.ts';
import { stockMovements } from '../../src/db/schema/stock.ts';
import { HOME_OUTLET, OTHER_OUTLET, outletIdByName } from '../fixtures/outlet-orders.ts';
import { makeCustomer, makeOutletEmployee } from '../fixtures/people.ts';
import { startSimulatorPayment } from '../fixtures/simulator.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from './fixtures.ts';

describe.each(drivers)('substitutions on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let outlet: string;
  let home: string;
  let at: { lat: number; lng: number };
  let category: string;
  let otherCategory: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    outlet = await loginAs(t.app, 'outlet');
    home = await outletIdByName(t.database.db, HOME_OUTLET);
    const [o] = await t.database.db.select().from(outlets).where(eq(outlets.id, home));
    at = { lat: o!.latitude!, lng: o!.longitude! };
    const cats = await t.database.db
      .insert(productCategories)
      .values([
        { name: 'Test goat', slug: `test-goat-${driver}` },
        { name: 'Test sausages', slug: `test-sausages-${driver}` },
      ])
      .returning();
    category = cats[0]!.id;
    otherCategory = cats[1]!.id;
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: unknown, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, cookie } });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const product = async (price: number, stock: number, over: { categoryId?: string; outletId?: string } = {}) => {
    const p = await makeProduct(t, { price, stock, outletId: over.outletId ?? home });
    await t.database.db
      .update(products)
      .set({ categoryId: over.categoryId ?? category })
      .where(eq(products.id, p.id));
    return p;
  };
  const place = async (items: unknown[], over: Record<string, unknown> = {}, cookie = customer) => {
    const res = await placeOrder(t, cookie, checkoutBody(items as never, { location: at, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: string; totalAmount: number; deliveryFee: number; items: { id: string; productId: string }[] };
  };
  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const outletStock = async (productId: string) =>
    (
      await t.database.db
        .select({ stock: outletProducts.stock })
        .from(outletProducts)
        .where(and(eq(outletProducts.productId, productId), eq(outletProducts.outletId, home)))
    )[0]!.stock;
  const ledgerSum = async (productId: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int` })
        .from(stockMovements)
        .where(and(eq(stockMovements.productId, productId), eq(stockMovements.outletId, home)))
    )[0]!.n;
  const short = (orderId: string, lineId: string, body: unknown, cookie = outlet) =>
    post(`/api/outlet/orders/${orderId}/lines/${lineId}/short`, body, cookie);
  const ready = (orderId: string, cookie = outlet) => post(`/api/outlet/orders/${orderId}/ready`, {}, cookie);
  const refuse = (orderId: string, lineId: string, cookie = customer) =>
    post(`/api/orders/${orderId}/lines/${lineId}/refuse-substitute`, {}, cookie);

  describe('at checkout', () => {
    it('stores each line’s choice, shows it on every order view, and remembers it for the next checkout', async () => {
      const goat = await product(30_000, 10);
      const beef = await product(28_000, 10);
      const order = await place([
        { productId: goat.id, quantity: 1, substitution: { preference: 'specific', alternativeProductId: beef.id } },
        { productId: beef.id, quantity: 1, substitution: { preference: 'refund' } },
      ]);
      const mine = (await get(`/api/orders/${order.id}`, customer)).json().order;
      const goatLine = mine.items.find((i: { productId: string }) => i.productId === goat.id);
      expect(goatLine.substitution).toMatchObject({ preference: 'specific', alternative: { productId: beef.id, name: beef.name } });
      const outletView = (await get(`/api/outlet/orders/${order.id}`, outlet)).json();
      expect(outletView.items.map((i: { substitution: { preference: string } }) => i.substitution.preference).sort()).toEqual([
        'refund',
        'specific',
      ]);
      const admin = await loginAs(t.app, 'admin');
      const staffView = (await get(`/api/admin/orders/${order.id}`, admin)).json();
      expect(staffView.items.find((i: { productId: string }) => i.productId === beef.id).substitution.preference).toBe('refund');

      // An edit of the order keeps each kept line's choice.
      const edited = await post(
        `/api/orders/${order.id}/edit`,
        {
          items: [
            { productId: goat.id, quantity: 2 },
            { productId: beef.id, quantity: 1 },
          ],
        },
        customer,
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().order.items.find((i: { productId: string }) => i.productId === goat.id).substitution).toMatchObject({
        preference: 'specific',
        alternative: { productId: beef.id },
      });

      const lamb = await product(29_000, 10);
      const defaults = (await get(`/api/orders/substitution-defaults?productIds=${goat.id},${beef.id},${lamb.id}`, customer)).json();
      expect(defaults.defaults).toEqual([
        { productId: goat.id, preference: 'specific', alternative: { productId: beef.id, name: beef.name } },
        { productId: beef.id, preference: 'refund', alternative: null },
        // Never chosen for: the customer's latest kind of choice (a specific one belongs to its own product).
        { productId: lamb.id, preference: expect.stringMatching(/^(refund|best_match)$/), alternative: null },
      ]);
    });

    it('refuses an alternative that is the same product, archived, or missing; nothing is placed', async () => {
      const goat = await product(30_000, 5);
      const gone = await product(30_000, 5);
      await t.database.db.update(products).set({ isArchived: true }).where(eq(products.id, gone.id));
      const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
      const cases = [
        [{ preference: 'specific', alternativeProductId: goat.id }, 'Choose a different product as the alternative'],
        [{ preference: 'specific', alternativeProductId: gone.id }, 'That alternative is no longer available. Please choose another.'],
        [{ preference: 'specific' }, 'Choose the alternative you would like, or pick another option'],
      ] as const;
      for (const [substitution, message] of cases) {
        const res = await placeOrder(
          t,
          customer,
          checkoutBody([{ productId: goat.id, quantity: 1, substitution } as never], { location: at }),
        );
        expect(res.statusCode, res.body).toBe(400);
        expect(res.body).toContain(message);
      }
      expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(before);
      expect(await outletStock(goat.id)).toBe(5);
    });
  });

  describe('suggestions', () => {
    it('offers the same category, on sale, in stock at the outlet, within a quarter of the price, nearest price first', async () => {
      const goat = await product(20_000, 5);
      const near = await product(21_000, 5);
      const cheaper = await product(16_000, 5);
      const edge = await product(25_000, 5);
      await product(25_001, 5); // outside the band
      await product(20_500, 5, { categoryId: otherCategory }); // another category
      await product(20_000, 0); // none in stock
      const archived = await product(20_200, 5);
      await t.database.db.update(products).set({ isArchived: true }).where(eq(products.id, archived.id));
      const elsewhere = await product(19_800, 5, { outletId: await outletIdByName(t.database.db, OTHER_OUTLET) });

      const atHome = (await get(`/api/products/${goat.id}/substitutes?outletId=${home}`)).json().suggestions;
      const ids = atHome.map((s: { productId: string }) => s.productId);
      // Other tests' products share the category: only this test's own, in their order.
      const mine = [near.id, cheaper.id, edge.id, elsewhere.id];
      expect(ids.filter((id: string) => mine.includes(id))).toEqual(
        [near.id, cheaper.id, edge.id].sort((a, b) => {
          const price = { [near.id]: 21_000, [cheaper.id]: 16_000, [edge.id]: 25_000 };
          return Math.abs(price[a]! - 20_000) - Math.abs(price[b]! - 20_000);
        }),
      );
      expect(ids).not.toContain(goat.id);
      // Without an outlet (at checkout before one is chosen): in stock at any active outlet.
      const anywhere = (await get(`/api/products/${goat.id}/substitutes`))
        .json()
        .suggestions.map((s: { productId: string }) => s.productId);
      expect(anywhere).toContain(elsewhere.id);
      expect((await get(`/api/products/00000000-0000-4000-8000-000000000000/substitutes`)).statusCode).toBe(404);
    });

    it('puts the customer’s own alternative first at packing, even outside the band', async () => {
      const goat = await product(20_000, 5);
      const pricey = await product(40_000, 5, { categoryId: otherCategory });
      const order = await place([
        { productId: goat.id, quantity: 1, substitution: { preference: 'specific', alternativeProductId: pricey.id } },
      ]);
      const res = await get(`/api/outlet/orders/${order.id}/lines/${order.items[0]!.id}/substitutes`, outlet);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().suggestions[0]).toMatchObject({ productId: pricey.id, price: 40_000 });
    });
  });

  describe('packing', () => {
    it('only the order’s outlet marks a line short; mark_ready waits for it; stock and ledger stay equal', async () => {
      const goat = await product(30_000, 10);
      const beef = await product(27_000, 10);
      const order = await place([{ productId: goat.id, quantity: 3 }]);
      const line = order.items[0]!.id;
      const elsewhere = await makeOutletEmployee(t.app, `packer-${driver}@example.ug`, await outletIdByName(t.database.db, OTHER_OUTLET));
      const denied = await short(order.id, line, { shortQuantity: 1, outcome: 'refunded' }, elsewhere.cookie);
      expect(denied.statusCode).toBe(404);
      const customerTry = await short(order.id, line, { shortQuantity: 1, outcome: 'refunded' }, customer);
      expect(customerTry.statusCode).toBe(403);

      const marked = await short(order.id, line, { shortQuantity: 2 });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().unresolvedShortLines).toBe(1);
      const early = await ready(order.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(/marked short/);
      expect(await short(order.id, line, { shortQuantity: 4, outcome: 'refunded' }).then((r) => r.statusCode)).toBe(409);

      const done = await short(order.id, line, { shortQuantity: 2, outcome: 'substituted', substituteProductId: beef.id });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().items[0].substitution).toMatchObject({
        shortQuantity: 2,
        outcome: 'substituted',
        substitute: { productId: beef.id, price: 27_000, quantity: 2 },
        finalPrice: 30_000 + 2 * 27_000,
      });
      // The substitute's units were taken here; the short units were never there: figure unchanged.
      expect(await outletStock(beef.id)).toBe(8);
      expect(await outletStock(goat.id)).toBe(7);
      expect(await ledgerSum(beef.id)).toBe(8);
      expect(await ledgerSum(goat.id)).toBe(7);
      // Resolved once: a second packer cannot change it.
      expect((await short(order.id, line, { shortQuantity: 1, outcome: 'refunded' })).statusCode).toBe(409);
      const [sms] = await t.database.db
        .select()
        .from(customerMessages)
        .where(
          and(
            eq(customerMessages.orderId, order.id),
            eq(customerMessages.channel, 'sms'),
            eq(customerMessages.event, `substituted_${line}`),
          ),
        );
      expect(sms!.body).toContain(`we substituted ${beef.name} for ${goat.name}`);
      expect(sms!.body).toContain('within 10 min');

      // A line short at packing is not rewritten by an order edit (it would lose its substitute).
      const admin0 = await loginAs(t.app, 'admin');
      const edit = await post(`/api/admin/orders/${order.id}/edit`, { items: [{ productId: goat.id, quantity: 2 }] }, admin0);
      expect(edit.statusCode).toBe(409);

      const packed = await ready(order.id);
      expect(packed.statusCode, packed.body).toBe(200);
      // Cash on delivery: the rider collects the packed total.
      expect((await orderRow(order.id)).totalAmount).toBe(order.totalAmount - 6_000);
      // Idempotent: nothing more happens when settled again (a second mark_ready is refused anyway).
      expect((await ready(order.id)).statusCode).toBe(409);
      expect((await orderRow(order.id)).totalAmount).toBe(order.totalAmount - 6_000);
      // A cancel gives back what the order holds: 1 goat and 2 beef, not the short goats.
      const admin = await loginAs(t.app, 'admin');
      const cancelled = await post(`/api/admin/orders/${order.id}/cancel`, { reason: 'Test' }, admin);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await outletStock(goat.id)).toBe(8);
      expect(await outletStock(beef.id)).toBe(10);
      expect(await ledgerSum(goat.id)).toBe(8);
    });

    it('refuses a substitute the customer did not want, the same product, or one not for sale here', async () => {
      const goat = await product(30_000, 10);
      const beef = await product(27_000, 10);
      const order = await place([{ productId: goat.id, quantity: 1, substitution: { preference: 'refund' } }]);
      const line = order.items[0]!.id;
      const wrong = await short(order.id, line, { shortQuantity: 1, outcome: 'substituted', substituteProductId: beef.id });
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().error.message).toContain('refund');
      const other = await place([{ productId: goat.id, quantity: 1 }]);
      const same = await short(other.id, other.items[0]!.id, { shortQuantity: 1, outcome: 'substituted', substituteProductId: goat.id });
      expect(same.statusCode).toBe(409);
      const away = await product(27_000, 5, { outletId: await outletIdByName(t.database.db, OTHER_OUTLET) });
      const none = await short(other.id, other.items[0]!.id, { shortQuantity: 1, outcome: 'substituted', substituteProductId: away.id });
      expect(none.statusCode).toBe(409);
      expect(await outletStock(goat.id)).toBe(8);

      const refunded = await short(order.id, line, { shortQuantity: 1, outcome: 'refunded' });
      expect(refunded.json().items[0].substitution).toMatchObject({ outcome: 'refunded', finalPrice: 0, substitute: null });
      expect((await ready(order.id)).statusCode).toBe(200);
      expect((await orderRow(order.id)).totalAmount).toBe(order.deliveryFee);
    });
  });

  describe('the customer refusing', () => {
    const paidOrder = async (goatPrice: number, subPrice: number) => {
      const goat = await product(goatPrice, 10);
      const beef = await product(subPrice, 10);
      const order = await place([{ productId: goat.id, quantity: 2 }], { paymentMethod: 'card' });
      const { approve } = await startSimulatorPayment(t.app, customer, order.id, 'card');
      await approve();
      expect((await orderRow(order.id)).paymentStatus).toBe('paid');
      const line = order.items[0]!.id;
      const res = await short(order.id, line, { shortQuantity: 2, outcome: 'substituted', substituteProductId: beef.id });
      expect(res.statusCode, res.body).toBe(200);
      return { order, line, goat, beef };
    };

    it('takes the substitute out, refunds the line, and a second refusal changes nothing', async () => {
      const { order, line, beef } = await paidOrder(30_000, 24_000);
      expect((await ready(order.id)).statusCode).toBe(200);
      // Packed for less: the difference went back at mark_ready.
      const afterReady = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(afterReady.map((r) => r.amount)).toEqual([12_000]);

      const other = await makeCustomer(t.app, `nosy-${driver}@example.ug`);
      expect((await refuse(order.id, line, other.cookie)).statusCode).toBe(404);
      const admin = await loginAs(t.app, 'admin');
      expect((await refuse(order.id, line, admin)).statusCode).toBe(404);

      const res = await refuse(order.id, line);
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json().order;
      expect(view.items[0].substitution).toMatchObject({ finalPrice: 0, refusableUntil: null });
      expect(view.items[0].substitution.refusedAt).toBeTruthy();
      expect(view.totalAmount).toBe(order.deliveryFee);
      expect(view.paymentStatus).toBe('partially_refunded');
      expect(await outletStock(beef.id)).toBe(10);
      expect(await ledgerSum(beef.id)).toBe(10);
      const all = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(all.reduce((s, r) => s + r.amount, 0)).toBe(60_000);

      const again = await refuse(order.id, line);
      expect(again.statusCode).toBe(409);
      expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(2);
      expect((await orderRow(order.id)).totalAmount).toBe(order.deliveryFee);
      expect(await outletStock(beef.id)).toBe(10);
    });

    it('is refused after the window, and after the rider picked the order up', async () => {
      const late = await paidOrder(30_000, 30_000);
      const real = t.app.deps.now;
      t.app.deps.now = () => new Date(Date.now() + 11 * 60_000);
      try {
        const res = await refuse(late.order.id, late.line);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe('The time to refuse this substitute has passed.');
      } finally {
        t.app.deps.now = real;
      }
      const taken = await paidOrder(30_000, 30_000);
      await t.database.db.update(orders).set({ status: 'picked_up', pickedUpAt: new Date() }).where(eq(orders.id, taken.order.id));
      const res = await refuse(taken.order.id, taken.line);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(/picked this order up/);
      for (const o of [late, taken]) {
        expect((await orderRow(o.order.id)).totalAmount).toBe(o.order.totalAmount);
        expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, o.order.id))).toHaveLength(0);
      }
    });
  });

  it('reports substitution and refund rates per product, as JSON and CSV', async () => {
    const goat = await product(30_000, 20);
    const beef = await product(28_000, 20);
    const kept = await place([{ productId: goat.id, quantity: 2 }]);
    const refunded = await place([{ productId: goat.id, quantity: 1 }]);
    const refused = await place([{ productId: goat.id, quantity: 1 }]);
    await place([{ productId: goat.id, quantity: 1 }]);
    expect(
      (await short(kept.id, kept.items[0]!.id, { shortQuantity: 1, outcome: 'substituted', substituteProductId: beef.id })).statusCode,
    ).toBe(200);
    expect((await short(refunded.id, refunded.items[0]!.id, { shortQuantity: 1, outcome: 'refunded' })).statusCode).toBe(200);
    expect(
      (await short(refused.id, refused.items[0]!.id, { shortQuantity: 1, outcome: 'substituted', substituteProductId: beef.id }))
        .statusCode,
    ).toBe(200);
    expect((await refuse(refused.id, refused.items[0]!.id)).statusCode).toBe(200);

    const admin = await loginAs(t.app, 'admin');
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Kampala' });
    const res = await get(`/api/admin/reports/substitutions?from=${today}&to=${today}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().products.find((p: { productId: string }) => p.productId === goat.id);
    expect(row).toEqual({
      productId: goat.id,
      name: goat.name,
      lines: 4,
      short: 3,
      substituted: 1,
      refunded: 2,
      refused: 1,
      substitutionRate: 25,
      refundRate: 50,
    });
    const csv = await get(`/api/admin/reports/substitutions.csv?from=${today}&to=${today}`, admin);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"${goat.name}",4,3,1,2,1,25,50`);
    // Back-office only.
    expect((await get(`/api/admin/reports/substitutions?from=${today}&to=${today}`, outlet)).statusCode).toBe(403);
  });

  it('never charges more than ordered nor refunds more than paid, over random substitutions', async () => {
    const subs = await Promise.all([10_000, 19_000, 26_000, 40_000].map((p) => product(p, 1_000)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1_000, max: 50_000 }),
            quantity: fc.integer({ min: 1, max: 4 }),
            shortShare: fc.double({ min: 0, max: 1, noNaN: true }),
            how: fc.constantFrom('refunded', 'substituted', 'substituted-refused', 'none'),
            sub: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.boolean(),
        async (lines, paid) => {
          const made = await Promise.all(lines.map((l) => product(l.price, 50)));
          const order = await place(
            made.map((p, i) => ({ productId: p.id, quantity: lines[i]!.quantity })),
            { paymentMethod: paid ? 'card' : 'cash_on_delivery' },
          );
          if (paid) await (await startSimulatorPayment(t.app, customer, order.id, 'card')).approve();
          const refusable: string[] = [];
          for (const [i, l] of lines.entries()) {
            const item = order.items.find((it) => it.productId === made[i]!.id)!;
            const s = Math.max(1, Math.round(l.shortShare * l.quantity));
            if (l.how === 'none') continue;
            const body =
              l.how === 'refunded'
                ? { shortQuantity: s, outcome: 'refunded' }
                : { shortQuantity: s, outcome: 'substituted', substituteProductId: subs[l.sub]!.id };
            expect((await short(order.id, item.id, body)).statusCode).toBe(200);
            if (l.how === 'substituted-refused') refusable.push(item.id);
          }
          // Half the refusals before mark_ready, half after: the settlement must hold either way.
          const [first, ...rest] = refusable;
          if (first) expect((await refuse(order.id, first)).statusCode).toBe(200);
          expect((await ready(order.id)).statusCode).toBe(200);
          for (const id of rest) expect((await refuse(order.id, id)).statusCode).toBe(200);

          const row = await orderRow(order.id);
          const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
          const packed = items.reduce((s, it) => s + (it.finalPrice ?? it.price * it.quantity), 0);
          for (const it of items) expect(it.finalPrice ?? 0).toBeLessThanOrEqual(it.price * it.quantity);
          expect(row.totalAmount).toBeLessThanOrEqual(order.totalAmount);
          expect(row.totalAmount).toBe(packed + row.deliveryFee);
          const given = (await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).reduce((s, r) => s + r.amount, 0);
          if (paid) {
            expect(given).toBeLessThanOrEqual(order.totalAmount);
            expect(given).toBe(order.totalAmount - row.totalAmount);
          } else expect(given).toBe(0);
        },
      ),
      { numRuns: 8 },
    );
  });
});
