/**
 * The outlet portal's stock forms: the manager records a delivery (units per product), a count (the
 * counted figure per product, the ledger keeping each difference) and a transfer to another active
 * outlet; plain staff are told they may not, and nothing changes. The stock list says who may.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outlets } from '../../src/db/schema/outlets.ts';
import { ledgerBalance, mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { makeOutletEmployee } from '../fixtures/people.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { makeProduct } from '../orders/fixtures.ts';

describe.each(drivers)('outlet portal stock forms on %s', (driver) => {
  let t: TestContext;
  let manager: string;
  let cashier: string;
  let home: { id: string; name: string };
  let ntinda: string;
  let kansanga: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    manager = await loginAs(t.app, 'outlet');
    home = (await mainOutlet(t.database.db))!;
    ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    kansanga = await outletIdByName(t.database.db, 'Kansanga Outlet');
    cashier = (await makeOutletEmployee(t.app, 'forms-cashier@shop.test', home.id)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const figure = async (productId: string) =>
    (await call(manager, 'GET', '/api/outlet/stock')).json().items.find((i: { productId: string }) => i.productId === productId)?.stock;
  const ledger = async (productId: string) =>
    (await call(manager, 'GET', '/api/outlet/stock-movements'))
      .json()
      .movements.filter((m: { productId: string }) => m.productId === productId)
      .map((m: { kind: string; delta: number; reason: string }) => `${m.kind} ${m.delta} ${m.reason}`);

  it('tells the screen who may change stock: the manager, not other staff', async () => {
    expect((await call(manager, 'GET', '/api/outlet/stock')).json().canChange).toBe(true);
    const asCashier = await call(cashier, 'GET', '/api/outlet/stock');
    expect(asCashier.statusCode).toBe(200);
    expect(asCashier.json().canChange).toBe(false);
  });

  it('records a delivery of several products with a note, each a delivery row', async () => {
    const a = await makeProduct(t, { name: 'Delivered Goat', price: 20_000, stock: 3 });
    const b = await makeProduct(t, { name: 'Delivered Tilapia', price: 12_000, stock: 0 });
    const res = await call(manager, 'POST', '/api/outlet/stock-deliveries', {
      items: [
        { productId: a.id, quantity: 12 },
        { productId: b.id, quantity: 4 },
      ],
      note: 'Van 2, morning run',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await figure(a.id)).toBe(15);
    expect(await figure(b.id)).toBe(4);
    expect((await ledger(a.id))[0]).toBe('delivery 12 Van 2, morning run');
    const plain = await call(manager, 'POST', '/api/outlet/stock-deliveries', { items: [{ productId: b.id, quantity: 1 }] });
    expect(plain.statusCode).toBe(200);
    expect((await ledger(b.id))[0]).toBe('delivery 1 Delivery from the factory');
    expect((await ledgerBalance(t.database.db)).filter((r) => r.stock !== r.ledger)).toEqual([]);
  });

  it('records a count: the ledger keeps each difference as a count, an unchanged figure writes nothing', async () => {
    const a = await makeProduct(t, { name: 'Counted Liver', price: 8_000, stock: 10 });
    const b = await makeProduct(t, { name: 'Counted Sausages', price: 9_000, stock: 6 });
    const res = await call(manager, 'POST', '/api/outlet/stock-counts', {
      items: [
        { productId: a.id, counted: 7 },
        { productId: b.id, counted: 6 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().adjusted).toEqual(expect.arrayContaining([expect.objectContaining({ productId: a.id, before: 10, after: 7 })]));
    expect(await figure(a.id)).toBe(7);
    expect((await ledger(a.id))[0]).toBe('count -3 Stock count');
    expect(await ledger(b.id)).toEqual(['delivery 6 Test stock']);
  });

  it('refuses plain staff every form, with the reason, and changes nothing', async () => {
    const p = await makeProduct(t, { name: 'Guarded Ribs', price: 11_000, stock: 5 });
    const tries = [
      ['/api/outlet/stock-deliveries', { items: [{ productId: p.id, quantity: 3 }] }, /Only the outlet manager can record deliveries/],
      ['/api/outlet/stock-counts', { items: [{ productId: p.id, counted: 0 }] }, /Only the outlet manager can record stock counts/],
      ['/api/outlet/stock-transfers', { toOutletId: ntinda, items: [{ productId: p.id, quantity: 1 }] }, /Only the outlet manager/],
    ] as const;
    for (const [url, body, message] of tries) {
      const res = await call(cashier, 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toMatch(message);
    }
    expect(await figure(p.id)).toBe(5);
    expect(await ledger(p.id)).toHaveLength(1);
  });

  it('offers the other active outlets for a transfer and refuses an inactive one or more than is held', async () => {
    const targets = (await call(manager, 'GET', '/api/outlet/transfer-targets')).json().outlets.map((o: { id: string }) => o.id);
    expect(targets).toContain(ntinda);
    expect(targets).not.toContain(home.id);
    await t.database.db.update(outlets).set({ isActive: false }).where(eq(outlets.id, kansanga));
    try {
      const listed = (await call(manager, 'GET', '/api/outlet/transfer-targets')).json().outlets.map((o: { id: string }) => o.id);
      expect(listed).not.toContain(kansanga);
      const p = await makeProduct(t, { name: 'Stay-home Mince', price: 7_000, stock: 4 });
      const closed = await call(manager, 'POST', '/api/outlet/stock-transfers', {
        toOutletId: kansanga,
        items: [{ productId: p.id, quantity: 1 }],
      });
      expect(closed.statusCode).toBe(422);
      expect(closed.json().error.message).toBe('Kansanga Outlet is inactive: send stock to an active outlet.');
      const tooMany = await call(manager, 'POST', '/api/outlet/stock-transfers', {
        toOutletId: ntinda,
        items: [{ productId: p.id, quantity: 9 }],
        reason: 'Ntinda ran out',
      });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.message).toBe(`${home.name} has only 4 of Stay-home Mince: it cannot send 9.`);
      expect(await figure(p.id)).toBe(4);
    } finally {
      await t.database.db.update(outlets).set({ isActive: true }).where(eq(outlets.id, kansanga));
    }
  });

  it('refuses a product the outlet does not stock, and a negative count, with clear messages', async () => {
    const elsewhere = await makeProduct(t, { name: 'Ntinda Only Pork', price: 13_000, stock: 2, outletId: ntinda });
    const res = await call(manager, 'POST', '/api/outlet/stock-deliveries', { items: [{ productId: elsewhere.id, quantity: 2 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(`Some products are not stocked at ${home.name}. Ask the back office to add them first.`);
    const negative = await call(manager, 'POST', '/api/outlet/stock-counts', { items: [{ productId: elsewhere.id, counted: -1 }] });
    expect(negative.statusCode).toBe(400);
  });
});
