/**
 * The outlet portal's stock: staff see their own outlet's figures and ledger; only the manager
 * records deliveries, counts and transfers, always from their own outlet; an admin editing an outlet
 * product's stock writes the ledger too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerBalance, mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { adminClient } from '../admin/admin-client.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { makeOutletEmployee } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { makeProduct, stockOf } from '../orders/fixtures.ts';

describe.each(drivers)('outlet portal stock on %s', (driver) => {
  let t: TestContext;
  let manager: string;
  let cashier: string;
  let main: { id: string; name: string };
  let ntinda: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    manager = await loginAs(t.app, 'outlet');
    main = (await mainOutlet(t.database.db))!;
    ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    cashier = (await makeOutletEmployee(t.app, 'stock-cashier@shop.test', main.id)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

  it('shows staff their outlet figures; the manager records a delivery, a count and a transfer', async () => {
    const p = await makeProduct(t, { name: 'Portal Brisket', price: 15_000, stock: 10 });
    const mine = (await call(cashier, 'GET', '/api/outlet/stock')).json().items;
    expect(mine.every((i: { outletId: string }) => i.outletId === main.id)).toBe(true);
    expect(mine.find((i: { productId: string }) => i.productId === p.id)).toMatchObject({ stock: 10 });

    const refused = await call(cashier, 'POST', '/api/outlet/stock-adjustments', {
      productIds: [p.id],
      mode: 'delta',
      amount: 5,
      reason: 'Delivery',
    });
    expect(refused.statusCode).toBe(403);

    const delivered = await call(manager, 'POST', '/api/outlet/stock-adjustments', {
      productIds: [p.id],
      mode: 'delta',
      kind: 'delivery',
      amount: 5,
      reason: 'From the factory',
    });
    expect(delivered.statusCode).toBe(200);
    const counted = await call(manager, 'POST', '/api/outlet/stock-adjustments', {
      productIds: [p.id],
      mode: 'set',
      amount: 14,
      reason: 'Evening count',
    });
    expect(counted.json().adjusted[0]).toMatchObject({ before: 15, after: 14 });
    const sent = await call(manager, 'POST', '/api/outlet/stock-transfers', {
      toOutletId: ntinda,
      items: [{ productId: p.id, quantity: 4 }],
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().moved[0]).toMatchObject({ fromAfter: 10, toAfter: 4 });
    const tooMany = await call(manager, 'POST', '/api/outlet/stock-transfers', {
      toOutletId: ntinda,
      items: [{ productId: p.id, quantity: 11 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe(`${main.name} has only 10 of Portal Brisket: it cannot send 11.`);
    expect(await stockOf(t, p.id)).toBe(14);

    const moves = (await call(cashier, 'GET', '/api/outlet/stock-movements'))
      .json()
      .movements.filter((m: { productId: string }) => m.productId === p.id);
    expect(moves.map((m: { kind: string; delta: number }) => `${m.kind} ${m.delta}`)).toEqual([
      'transfer_out -4',
      'count -1',
      'delivery 5',
      'delivery 10',
    ]);
  });

  it('writes the ledger when an admin edits or removes an outlet product', async () => {
    const admin = await adminClient(t);
    const p = await makeProduct(t, { name: 'Admin Edited Ribs', price: 9_000, stock: 0 });
    const added = await admin.post(`/api/admin/outlets/${ntinda}/products`, {
      productId: p.id,
      outletPrice: 9_000,
      stock: 6,
      minStock: 0,
      maxStock: 20,
    });
    expect(added.statusCode).toBe(201);
    const rowId = added.json().id;
    expect(
      (
        await admin.put(`/api/admin/outlets/${ntinda}/products/${rowId}`, {
          productId: p.id,
          outletPrice: 9_000,
          stock: 2,
          minStock: 0,
          maxStock: 20,
        })
      ).statusCode,
    ).toBe(200);
    expect(await stockOf(t, p.id)).toBe(2);
    expect((await ledgerBalance(t.database.db)).filter((r) => r.stock !== r.ledger)).toEqual([]);
  });
});
