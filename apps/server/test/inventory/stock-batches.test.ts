/**
 * Stock held as batches: deliveries record their lot and dates, an order takes the lot with the
 * earliest use-by that may still be sold, a cancel gives the units back to the same lot, a lot past
 * its sell-by cut-off leaves sellable stock and waits for disposal, and after any mix of orders,
 * cancels, deliveries, counts, adjustments, transfers and expiries every outlet figure equals the
 * sum of its live batches and every batch equals the sum of its ledger rows.
 */
import { addDays, shopDay } from '@meatshop/shared/batches';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchLedgerBalance } from '../../src/modules/inventory/batches.repository.ts';
import { expireBatches } from '../../src/modules/inventory/batches.service.ts';
import { ledgerBalance, mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { adminClient } from '../admin/admin-client.ts';
import { makeOutletEmployee } from '../fixtures/people.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

describe.each(drivers)('stock batches on %s', (driver) => {
  let t: TestContext;
  let manager: string;
  let cashier: string;
  let customer: string;
  let home: string;
  const today = shopDay();
  beforeAll(async () => {
    t = await createTestApp(driver);
    manager = await loginAs(t.app, 'outlet');
    customer = await loginAs(t.app, 'customer');
    home = (await mainOutlet(t.database.db))!.id;
    cashier = (await makeOutletEmployee(t.app, 'batches-cashier@shop.test', home)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const figure = async (productId: string) =>
    (await call(manager, 'GET', '/api/outlet/stock')).json().items.find((i: { productId: string }) => i.productId === productId)?.stock;
  const batches = async (productId: string, view = 'live') =>
    (await call(manager, 'GET', `/api/outlet/stock-batches?view=${view}&productId=${productId}`))
      .json()
      .batches.map((b: { lotNumber: string | null; quantity: number }) => `${b.lotNumber ?? 'unknown'} ${b.quantity}`);
  const deliver = (productId: string, lotNumber: string, useBy: string, quantity: number) =>
    call(manager, 'POST', '/api/outlet/stock-deliveries', {
      items: [{ productId, quantity, batch: { lotNumber, productionDate: addDays(today, -1), useBy } }],
    });
  const setSellByDays = async (days: number) =>
    expect((await (await adminClient(t)).put('/api/admin/settings', { sellByDaysBeforeUseBy: days })).statusCode).toBe(200);
  const invariants = async () => {
    expect((await ledgerBalance(t.database.db)).filter((r) => r.stock !== r.ledger)).toEqual([]);
    const perBatch = await batchLedgerBalance(t.database.db);
    // A live batch is the sum of its rows; a batch that left sale has given all its units back out of stock.
    expect(perBatch.filter((b) => (b.status === 'live' ? b.quantity : 0) !== b.ledger)).toEqual([]);
    const r = await t.database.db.execute(sql`
      SELECT op.outlet_id, op.product_id FROM outlet_products op
      WHERE op.stock <> coalesce((SELECT sum(b.quantity) FROM stock_batches b
        WHERE b.outlet_id = op.outlet_id AND b.product_id = op.product_id AND b.status = 'live'), 0)`);
    expect((r as unknown as { rows: unknown[] }).rows).toEqual([]);
  };

  it('takes the earliest sellable use-by first, gives a cancel back to the same lot, and expires a lot at its cut-off', async () => {
    const p = await makeProduct(t, { name: 'Batch Sausages', price: 5_000, stock: 0 });
    expect((await deliver(p.id, 'LATE-1', addDays(today, 10), 5)).statusCode).toBe(200);
    expect((await deliver(p.id, 'SOON-1', addDays(today, 4), 3)).statusCode).toBe(200);
    expect(await figure(p.id)).toBe(8);
    expect(await batches(p.id)).toEqual(['SOON-1 3', 'LATE-1 5']);

    // A lot already past its cut-off is refused at the door, and nothing is received.
    const stale = await deliver(p.id, 'OLD-1', today, 2);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toMatch(/past its sell-by date/);
    expect(await figure(p.id)).toBe(8);

    const order = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 4 }]));
    expect(order.statusCode).toBe(201);
    expect(await batches(p.id)).toEqual(['LATE-1 4']);
    const moves = (await call(manager, 'GET', '/api/outlet/stock-movements'))
      .json()
      .movements.filter((m: { productId: string; kind: string }) => m.productId === p.id && m.kind === 'order')
      .map((m: { lotNumber: string; delta: number }) => `${m.lotNumber} ${m.delta}`)
      .sort();
    expect(moves).toEqual(['LATE-1 -1', 'SOON-1 -3']);
    const slip = await call(manager, 'GET', `/api/outlet/orders/${order.json().order.id}`);
    expect(slip.json().items[0].batches.map((b: { lotNumber: string; quantity: number }) => `${b.lotNumber} ${b.quantity}`)).toEqual([
      'SOON-1 3',
      'LATE-1 1',
    ]);

    // The packer takes one unit from LATE-1 instead of SOON-1, and says why; nothing else moves.
    const orderId = order.json().order.id;
    const [soonId, lateId] = slip.json().items[0].batches.map((b: { batchId: string }) => b.batchId);
    const override = (payload: object) => call(cashier, 'POST', `/api/outlet/orders/${orderId}/batch-override`, payload);
    const noReason = await override({ productId: p.id, fromBatchId: soonId, toBatchId: lateId, quantity: 1, reason: '' });
    expect(noReason.statusCode).toBe(400);
    const overMuch = await override({ productId: p.id, fromBatchId: soonId, toBatchId: lateId, quantity: 4, reason: 'Label torn' });
    expect(overMuch.statusCode).toBe(400);
    expect(overMuch.json().error.message).toBe('This order holds only 3 of that batch');
    const swapped = await override({ productId: p.id, fromBatchId: soonId, toBatchId: lateId, quantity: 1, reason: 'Label torn' });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().items[0].batches.map((b: { lotNumber: string; quantity: number }) => `${b.lotNumber} ${b.quantity}`)).toEqual([
      'SOON-1 2',
      'LATE-1 2',
    ]);
    expect(await batches(p.id)).toEqual(['SOON-1 1', 'LATE-1 3']);
    expect(await figure(p.id)).toBe(4);
    await invariants();

    const cancelled = await call(customer, 'POST', `/api/orders/${order.json().order.id}/cancel`, {});
    expect(cancelled.statusCode).toBe(200);
    expect(await batches(p.id)).toEqual(['SOON-1 3', 'LATE-1 5']);

    // A transfer sends the first expiring lot, and the receiver holds the same lot with its dates.
    const ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    const sent = await call(manager, 'POST', '/api/outlet/stock-transfers', {
      toOutletId: ntinda,
      items: [{ productId: p.id, quantity: 4 }],
    });
    expect(sent.statusCode).toBe(200);
    const there = await (await adminClient(t)).get(`/api/admin/ops/stock-batches?outletId=${ntinda}&productId=${p.id}`);
    expect(
      there.json().batches.map((b: { lotNumber: string; useBy: string; quantity: number }) => `${b.lotNumber} ${b.useBy} ${b.quantity}`),
    ).toEqual([`SOON-1 ${addDays(today, 4)} 3`, `LATE-1 ${addDays(today, 10)} 1`]);
    const back = await (await adminClient(t)).post('/api/admin/ops/stock-transfers', {
      fromOutletId: ntinda,
      toOutletId: home,
      items: [{ productId: p.id, quantity: 4 }],
    });
    expect(back.statusCode).toBe(200);
    // Back home each unit rejoins its own lot (same number and dates), not a new one.
    expect(await batches(p.id)).toEqual(['SOON-1 3', 'LATE-1 5']);
    await invariants();

    // Five days before use-by: SOON-1 (use by in 4 days) may no longer be sold, though still counted.
    await setSellByDays(5);
    const tooMany = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity: 6 }]));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toMatch(/past its sell-by date/);
    expect(await batches(p.id)).toEqual(['SOON-1 3', 'LATE-1 5']);

    // The sweep takes it out of sellable stock and lists it for disposal.
    expect(await expireBatches(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await figure(p.id)).toBe(5);
    expect(await batches(p.id)).toEqual(['LATE-1 5']);
    expect(await batches(p.id, 'disposal')).toEqual(['SOON-1 3']);
    await invariants();

    const [soon] = (await call(manager, 'GET', `/api/outlet/stock-batches?view=disposal&productId=${p.id}`)).json().batches;
    expect(soon.status).toBe('expired');
    const byCashier = await call(cashier, 'POST', `/api/outlet/stock-batches/${soon.id}/write-off`, { reason: 'Binned' });
    expect(byCashier.statusCode).toBe(403);
    const written = await call(manager, 'POST', `/api/outlet/stock-batches/${soon.id}/write-off`, { reason: 'Collected by the renderer' });
    expect(written.statusCode).toBe(200);
    expect(written.json().writtenOff).toBe(3);
    expect(await batches(p.id, 'disposal')).toEqual([]);
    expect(await batches(p.id, 'written_off')).toEqual(['SOON-1 0']);
    const again = await call(manager, 'POST', `/api/outlet/stock-batches/${soon.id}/write-off`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    await setSellByDays(1);
    await invariants();
  });

  it('keeps every figure the sum of its live batches, and every batch the sum of its rows, after a random mix', async () => {
    const admin = await adminClient(t);
    const ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    const kansanga = await outletIdByName(t.database.db, 'Kansanga Outlet');
    const a = await makeProduct(t, { name: 'Mixed Batch Beef', price: 3_000, stock: 0 });
    const b = await makeProduct(t, { name: 'Mixed Batch Pork', price: 3_000, stock: 0 });
    const products = [a.id, b.id];
    const outletIds = [home, ntinda, kansanga].filter((v, i, all) => all.indexOf(v) === i);
    for (const o of outletIds)
      for (const p of products)
        await admin.post(`/api/admin/outlets/${o}/products`, { productId: p, outletPrice: 3_000, stock: 0, minStock: 0, maxStock: 20 });
    const placed: string[] = [];
    let sweepDay = 0;
    const op = fc.oneof(
      fc.record({ t: fc.constant('order' as const), p: fc.nat(1), q: fc.integer({ min: 1, max: 6 }) }),
      fc.record({ t: fc.constant('cancel' as const), i: fc.nat(20) }),
      fc.record({ t: fc.constant('lot' as const), p: fc.nat(1), d: fc.integer({ min: 3, max: 12 }), q: fc.integer({ min: 1, max: 9 }) }),
      fc.record({ t: fc.constant('adjust' as const), p: fc.nat(1), o: fc.nat(outletIds.length - 1), q: fc.integer({ min: -9, max: 9 }) }),
      fc.record({ t: fc.constant('count' as const), p: fc.nat(1), o: fc.nat(outletIds.length - 1), q: fc.nat(15) }),
      fc.record({
        t: fc.constant('transfer' as const),
        p: fc.nat(1),
        o: fc.nat(outletIds.length - 1),
        to: fc.nat(outletIds.length - 1),
        q: fc.integer({ min: 1, max: 8 }),
      }),
      fc.record({ t: fc.constant('expire' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 14 }), async (ops) => {
        for (const o of ops) {
          if (o.t === 'order') {
            const r = await placeOrder(t, customer, checkoutBody([{ productId: products[o.p]!, quantity: o.q }]));
            if (r.statusCode === 201) placed.push(r.json().order.id);
            else expect(r.statusCode).toBe(409);
          } else if (o.t === 'cancel') {
            const id = placed.splice(o.i % Math.max(placed.length, 1), 1)[0];
            if (id) expect((await call(customer, 'POST', `/api/orders/${id}/cancel`, {})).statusCode).toBe(200);
          } else if (o.t === 'lot') {
            const r = await deliver(products[o.p]!, `MIX-${o.d}`, addDays(today, o.d), o.q);
            expect(r.statusCode).toBe(200);
          } else if (o.t === 'transfer') {
            if (o.o === o.to) continue;
            const r = await admin.post('/api/admin/ops/stock-transfers', {
              fromOutletId: outletIds[o.o],
              toOutletId: outletIds[o.to],
              items: [{ productId: products[o.p], quantity: o.q }],
            });
            expect([200, 409]).toContain(r.statusCode);
          } else if (o.t === 'expire') {
            // A later day: the nearest lots pass their cut-off.
            sweepDay += 2;
            await expireBatches(t.database.db, new Date(Date.now() + sweepDay * 86_400_000));
          } else {
            if (o.t === 'adjust' && o.q === 0) continue;
            const r = await admin.post('/api/admin/ops/stock-adjustments', {
              productIds: [products[o.p]],
              outletId: outletIds[o.o],
              mode: o.t === 'count' ? 'set' : 'delta',
              amount: o.q,
              reason: `Random ${o.t}`,
            });
            expect([200, 409]).toContain(r.statusCode);
          }
        }
        await invariants();
      }),
      { numRuns: 8, seed: 259 },
    );
    // The mix did reach lots that passed their cut-off.
    const seen = await t.database.db.execute(sql`SELECT count(*)::int AS expired FROM stock_batches WHERE status = 'expired'`);
    expect((seen as unknown as { rows: { expired: number }[] }).rows[0]!.expired).toBeGreaterThan(0);
  });
});
