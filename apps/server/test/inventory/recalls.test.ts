/**
 * A recall finds exactly the orders that received the recalled batch: after the lot moved to
 * another outlet, when an order was packed from two lots, and not a cancelled order or one packed
 * from another lot. Opening it stops the lot's sale everywhere; its message goes to every affected
 * customer through the outbox, and the export lists them.
 */
import { addDays, shopDay } from '@meatshop/shared/batches';
import { shortOrderId } from '@meatshop/shared/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainOutlet } from '../../src/modules/inventory/outlet-stock.repository.ts';
import { readPdf } from '../fixtures/pdf-text.ts';
import { adminClient } from '../admin/admin-client.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

describe.each(drivers)('recalls on %s', (driver) => {
  let t: TestContext;
  let manager: string;
  let customer: string;
  const today = shopDay();
  beforeAll(async () => {
    t = await createTestApp(driver);
    manager = await loginAs(t.app, 'outlet');
    customer = await loginAs(t.app, 'customer');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

  it('finds every order that received the lot, stops its sale everywhere, and tells the customers', async () => {
    const admin = await adminClient(t);
    const home = (await mainOutlet(t.database.db))!.id;
    const ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    expect(home).not.toBe(ntinda);
    const p = await makeProduct(t, { name: 'Recall Chipolatas', price: 4_000, stock: 0 });
    await admin.post(`/api/admin/outlets/${ntinda}/products`, { productId: p.id, outletPrice: 4_000, stock: 0, minStock: 0, maxStock: 20 });
    const deliver = (lotNumber: string, days: number, quantity: number) =>
      call(manager, 'POST', '/api/outlet/stock-deliveries', {
        items: [{ productId: p.id, quantity, batch: { lotNumber, productionDate: addDays(today, -1), useBy: addDays(today, days) } }],
      });
    expect((await deliver('LOT-A', 5, 4)).statusCode).toBe(200);
    expect((await deliver('LOT-B', 9, 10)).statusCode).toBe(200);
    // Three of LOT-A go to Ntinda (the customer's nearest outlet).
    const sent = await call(manager, 'POST', '/api/outlet/stock-transfers', {
      toOutletId: ntinda,
      items: [{ productId: p.id, quantity: 3 }],
    });
    expect(sent.statusCode).toBe(200);

    const order = async (quantity: number) => {
      const r = await placeOrder(t, customer, checkoutBody([{ productId: p.id, quantity }]));
      expect(r.statusCode).toBe(201);
      return r.json().order as { id: string; outlet: { name: string } };
    };
    const atNtinda = await order(2); // LOT-A ×2, moved to Ntinda
    expect(atNtinda.outlet.name).toBe('Ntinda Outlet');
    const split = await order(3); // Ntinda has 1 left: packed at home, LOT-A ×1 and LOT-B ×2
    expect(split.outlet.name).not.toBe('Ntinda Outlet');
    const otherLot = await order(2); // LOT-B only
    const cancelled = await order(1); // Ntinda's last LOT-A…
    expect((await call(customer, 'POST', `/api/orders/${cancelled.id}/cancel`, {})).statusCode).toBe(200); // …given back

    const trace = await admin.get(`/api/admin/recalls/trace?productId=${p.id}&lotNumber=LOT-A`);
    expect(trace.statusCode).toBe(200);
    const found = Object.fromEntries(trace.json().orders.map((o: { orderId: string; quantity: number }) => [o.orderId, o.quantity]));
    expect(found).toEqual({ [atNtinda.id]: 2, [split.id]: 1 });
    expect(found[otherLot.id]).toBeUndefined();
    expect([trace.json().orderCount, trace.json().units, trace.json().customers]).toEqual([2, 3, 1]);
    expect(
      trace
        .json()
        .batches.map((b: { lotNumber: string; quantity: number; status: string }) => `${b.lotNumber} ${b.quantity} ${b.status}`)
        .sort(),
    ).toEqual(['LOT-A 0 live', 'LOT-A 1 live']);

    // A date range finds the same lot (and LOT-B, produced the same day).
    const byDates = await admin.get(
      `/api/admin/recalls/trace?productId=${p.id}&producedFrom=${addDays(today, -1)}&producedTo=${addDays(today, -1)}`,
    );
    expect(byDates.json().orders).toHaveLength(3);
    const lotsOf = (id: string) =>
      byDates
        .json()
        .orders.find((o: { orderId: string }) => o.orderId === id)
        .lots.sort();
    expect([lotsOf(split.id), lotsOf(otherLot.id)]).toEqual([['LOT-A', 'LOT-B'], ['LOT-B']]);
    const noTarget = await admin.get(`/api/admin/recalls/trace?productId=${p.id}`);
    expect(noTarget.statusCode).toBe(400);

    // One action: the recall is opened and LOT-A leaves sale at every outlet.
    const opened = await admin.post('/api/admin/recalls', {
      productId: p.id,
      lotNumber: 'LOT-A',
      reason: 'Listeria found in the factory test',
    });
    expect(opened.statusCode).toBe(201);
    const recall = opened.json().recall;
    expect(recall.stoppedUnits).toBe(1);
    expect(opened.json().trace.batches.map((b: { status: string }) => b.status)).toEqual(['stopped', 'stopped']);
    const disposal = (await call(manager, 'GET', `/api/outlet/stock-batches?view=disposal&productId=${p.id}`)).json().batches;
    expect(disposal).toEqual([]); // home's LOT-A was sold out; Ntinda's unit waits for disposal there
    const ntindaStock = await admin.get(`/api/admin/ops/stock-batches?view=disposal&outletId=${ntinda}&productId=${p.id}`);
    expect(ntindaStock.json().batches.map((b: { lotNumber: string; quantity: number }) => `${b.lotNumber} ${b.quantity}`)).toEqual([
      'LOT-A 1',
    ]);
    // Ntinda now holds no sellable LOT-A: the next order is packed from LOT-B at home.
    const after = await order(1);
    expect(after.outlet.name).not.toBe('Ntinda Outlet');
    const afterTrace = await admin.get(`/api/admin/recalls/trace?productId=${p.id}&lotNumber=LOT-A`);
    expect(afterTrace.json().orders).toHaveLength(2);

    // The factory cannot put the recalled lot back on a shelf: a delivery of it is refused.
    const redelivered = await deliver('LOT-A', 5, 2);
    expect(redelivered.statusCode).toBe(409);
    expect(redelivered.json().error.message).toMatch(/Batch LOT-A is recalled/);

    const told = await admin.post(`/api/admin/recalls/${recall.id}/notify`);
    expect(told.statusCode).toBe(200);
    expect(told.json().queued).toBeGreaterThanOrEqual(2);
    const again = await admin.post(`/api/admin/recalls/${recall.id}/notify`);
    expect(again.json().queued).toBe(told.json().queued); // the same rows: nothing is queued twice
    const detail = (await admin.get(`/api/admin/recalls/${recall.id}`)).json();
    for (const o of detail.trace.orders) expect(o.reached.map((r: { channel: string }) => r.channel)).toContain('sms');
    const messages = await t.database.db.execute(
      `SELECT count(*)::int AS n FROM customer_messages WHERE event = 'recall:${recall.id}'` as never,
    );
    expect((messages as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(told.json().queued);

    const csv = await admin.get(`/api/admin/recalls/${recall.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(shortOrderId(atNtinda.id));
    expect(csv.body).toContain(shortOrderId(split.id));
    expect(csv.body).not.toContain(shortOrderId(otherLot.id));
    expect(csv.body).not.toContain(shortOrderId(cancelled.id));
    expect((await admin.get('/api/admin/recalls')).json().recalls[0].id).toBe(recall.id);

    // The same list as a PDF: the recall's facts, then each order with its customer and quantity.
    const pdf = await admin.get(`/api/admin/recalls/${recall.id}/export.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="recall-${recall.id.slice(0, 8)}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const read = await readPdf(pdf.rawPayload);
    expect(read.title).toBe('Recall of Recall Chipolatas (Batch LOT-A)');
    const row = (orderId: string) => read.rows.find((r) => r.startsWith(`#${shortOrderId(orderId)} |`));
    // Both orders placed, not yet delivered; the recall message went by SMS and email.
    expect(row(atNtinda.id)).toMatch(/^#\w+ \| \S.* \| \+256\d+ \| Ntinda Outlet \| LOT-A \| 2 \| Not delivered \| SMS \w+ · Email \w+$/);
    expect(row(split.id)).toMatch(/ \| LOT-A \| 1 \| Not delivered/);
    expect(row(otherLot.id)).toBeUndefined();
    expect(row(cancelled.id)).toBeUndefined();
    expect(read.rows).toEqual(
      expect.arrayContaining([
        'Product | Recall Chipolatas',
        'Recalled | Batch LOT-A',
        'Reason | Listeria found in the factory test',
        expect.stringMatching(/^Opened \| \d{1,2} \w{3} \d{4}, \d\d:\d\d by \S/),
        expect.stringMatching(/^Sale \| Stopped everywhere .* \(1 taken off sale\)$/),
        expect.stringMatching(/^Customers told \| Message queued /),
        'Orders | 2',
        'Customers | 1',
        'Units sold | 3',
      ]),
    );
    expect((await admin.get(`/api/admin/recalls/00000000-0000-4000-8000-000000000000/export.pdf`)).statusCode).toBe(404);
  });
});
