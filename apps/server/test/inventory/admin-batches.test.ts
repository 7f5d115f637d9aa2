/**
 * The back office's own batch tools: a delivery from the factory recorded at any outlet with its
 * batch label (refused like the outlet's own when the lot is past its sell-by cut-off or recalled),
 * an outlet's batches of one product, and the write-off of a batch waiting for disposal.
 */
import { addDays, shopDay } from '@meatshop/shared/batches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireBatches } from '../../src/modules/inventory/batches.service.ts';
import { adminClient } from '../admin/admin-client.ts';
import { makeStaff } from '../fixtures/people.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, drivers } from '../helpers.ts';
import { makeProduct } from '../orders/fixtures.ts';

describe.each(drivers)('back-office batches on %s', (driver) => {
  let t: TestContext;
  let stockKeeper: string;
  let dispatcher: string;
  let ntinda: string;
  const today = shopDay();
  beforeAll(async () => {
    t = await createTestApp(driver);
    // A catalogue editor holds inventory.manage: stock at every outlet, and nothing of the outlets' staff.
    stockKeeper = (await makeStaff(t.app, 'stock-keeper@shop.test', 'catalog')).cookie;
    dispatcher = (await makeStaff(t.app, 'dispatch-desk@shop.test', 'dispatcher')).cookie;
    ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });
  const deliver = (cookie: string, productId: string, lotNumber: string, useBy: string, quantity: number, outletId = ntinda) =>
    call(cookie, 'POST', '/api/admin/ops/stock-deliveries', {
      outletId,
      items: [{ productId, quantity, batch: { lotNumber, productionDate: addDays(today, -1), useBy } }],
      note: 'Van 2, morning run',
    });
  const batches = async (productId: string, view = 'live') =>
    (await call(stockKeeper, 'GET', `/api/admin/ops/stock-batches?view=${view}&outletId=${ntinda}&productId=${productId}`))
      .json()
      .batches.map((b: { lotNumber: string | null; quantity: number; outletName: string }) => `${b.lotNumber ?? 'unknown'} ${b.quantity}`);
  const figure = async (productId: string) =>
    (await call(stockKeeper, 'GET', `/api/admin/ops/outlet-stock?outletId=${ntinda}`))
      .json()
      .items.find((i: { productId: string }) => i.productId === productId)?.stock;

  async function stockedAtNtinda(name: string) {
    const p = await makeProduct(t, { name, price: 6_000, stock: 0 });
    const admin = await adminClient(t);
    const listed = await admin.post(`/api/admin/outlets/${ntinda}/products`, {
      productId: p.id,
      outletPrice: 6_000,
      stock: 0,
      minStock: 0,
      maxStock: 50,
    });
    expect(listed.statusCode).toBe(201);
    return p;
  }

  it('records a delivery at another outlet as the lot on its label, with the same refusals as the outlet', async () => {
    const p = await stockedAtNtinda('Back Office Beef Mince');
    const res = await deliver(stockKeeper, p.id, 'L2611-04', addDays(today, 8), 12);
    expect(res.statusCode).toBe(200);
    expect(res.json().adjusted).toEqual([{ productId: p.id, name: 'Back Office Beef Mince', before: 0, after: 12 }]);
    expect(await figure(p.id)).toBe(12);
    expect(await batches(p.id)).toEqual(['L2611-04 12']);

    // The ledger names the lot, the outlet and who received it; nothing went to the unknown batch.
    const moves = (await call(stockKeeper, 'GET', `/api/admin/ops/stock-movements?outletId=${ntinda}&productId=${p.id}`)).json().movements;
    expect(
      moves.map((m: { kind: string; delta: number; lotNumber: string; outletName: string; reason: string; actorName: string }) => m),
    ).toEqual([
      expect.objectContaining({
        kind: 'delivery',
        delta: 12,
        lotNumber: 'L2611-04',
        useBy: addDays(today, 8),
        outletName: 'Ntinda Outlet',
        reason: 'Van 2, morning run',
        actorName: 'Staff Member',
      }),
    ]);

    // A second lot with an earlier use-by sorts first: orders will take it first.
    expect((await deliver(stockKeeper, p.id, 'L2611-09', addDays(today, 3), 5)).statusCode).toBe(200);
    expect(await batches(p.id)).toEqual(['L2611-09 5', 'L2611-04 12']);

    // A lot already past its cut-off (use-by today, sold until yesterday) is refused, nothing received.
    const stale = await deliver(stockKeeper, p.id, 'OLD-7', today, 4);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toMatch(/Batch OLD-7 is past its sell-by date/);
    expect(stale.json().error.fields).toEqual({ 'items.0.batch.useBy': expect.stringMatching(/past its sell-by/) });
    expect(await figure(p.id)).toBe(17);

    // A recalled lot cannot go back on a shelf, at this outlet or any other.
    const admin = await adminClient(t);
    expect(
      (await admin.post('/api/admin/recalls', { productId: p.id, lotNumber: 'L2611-09', reason: 'Seal failure on the line' })).statusCode,
    ).toBe(201);
    const recalled = await deliver(stockKeeper, p.id, 'L2611-09', addDays(today, 6), 3);
    expect(recalled.statusCode).toBe(409);
    expect(recalled.json().error.message).toBe('Batch L2611-09 is recalled (Seal failure on the line): do not put it on sale.');
    expect(await figure(p.id)).toBe(12);
    expect(await batches(p.id, 'disposal')).toEqual(['L2611-09 5']);
  });

  it('refuses a delivery without a label, an outlet, or at an outlet that does not stock the product', async () => {
    const p = await stockedAtNtinda('Back Office Pork Chops');
    const noOutlet = await call(stockKeeper, 'POST', '/api/admin/ops/stock-deliveries', {
      items: [{ productId: p.id, quantity: 2, batch: { lotNumber: 'X-1', useBy: addDays(today, 5) } }],
    });
    expect(noOutlet.statusCode).toBe(400);
    const badLabel = await call(stockKeeper, 'POST', '/api/admin/ops/stock-deliveries', {
      outletId: ntinda,
      items: [{ productId: p.id, quantity: 2, batch: { lotNumber: 'X-1', productionDate: addDays(today, 4), useBy: addDays(today, 2) } }],
    });
    expect(badLabel.statusCode).toBe(400);
    expect(JSON.stringify(badLabel.json().error)).toMatch(/use-by date must be on or after the production date/);
    const kansanga = await outletIdByName(t.database.db, 'Kansanga Outlet');
    const notStocked = await deliver(stockKeeper, p.id, 'X-2', addDays(today, 5), 2, kansanga);
    expect(notStocked.statusCode).toBe(422);
    expect(notStocked.json().error.message).toMatch(/not stocked at Kansanga Outlet/);
    const nowhere = await deliver(stockKeeper, p.id, 'X-3', addDays(today, 5), 2, '00000000-0000-4000-8000-000000000000');
    expect(nowhere.statusCode, nowhere.body).toBe(404);
    // Staff whose role lacks inventory.manage are refused before anything is received.
    const byDispatch = await deliver(dispatcher, p.id, 'X-4', addDays(today, 5), 2);
    expect(byDispatch.statusCode).toBe(403);
    expect(await figure(p.id)).toBe(0);
    expect(await batches(p.id)).toEqual([]);
  });

  it('lists an outlet’s batches past sell-by for disposal and writes one off with its reason, once', async () => {
    const p = await stockedAtNtinda('Back Office Chicken Wings');
    expect((await deliver(stockKeeper, p.id, 'W-SOON', addDays(today, 2), 6)).statusCode).toBe(200);
    expect((await deliver(stockKeeper, p.id, 'W-LATE', addDays(today, 9), 4)).statusCode).toBe(200);
    const admin = await adminClient(t);
    expect((await admin.put('/api/admin/settings', { sellByDaysBeforeUseBy: 3 })).statusCode).toBe(200);
    try {
      expect(await expireBatches(t.database.db)).toBeGreaterThanOrEqual(1);
      expect(await batches(p.id)).toEqual(['W-LATE 4']);
      expect(await batches(p.id, 'disposal')).toEqual(['W-SOON 6']);
      expect(await figure(p.id)).toBe(4);

      const [soon] = (
        await call(stockKeeper, 'GET', `/api/admin/ops/stock-batches?view=disposal&outletId=${ntinda}&productId=${p.id}`)
      ).json().batches;
      expect(soon).toMatchObject({ status: 'expired', outletName: 'Ntinda Outlet', sellBy: addDays(today, -1), useBy: addDays(today, 2) });
      const byDispatch = await call(dispatcher, 'POST', `/api/admin/ops/stock-batches/${soon.id}/write-off`, { reason: 'Binned' });
      expect(byDispatch.statusCode).toBe(403);
      const noReason = await call(stockKeeper, 'POST', `/api/admin/ops/stock-batches/${soon.id}/write-off`, { reason: ' ' });
      expect(noReason.statusCode).toBe(400);
      const live = (await call(stockKeeper, 'GET', `/api/admin/ops/stock-batches?outletId=${ntinda}&productId=${p.id}`)).json().batches[0];
      const onSale = await call(stockKeeper, 'POST', `/api/admin/ops/stock-batches/${live.id}/write-off`, { reason: 'Not yet' });
      expect(onSale.statusCode).toBe(422);

      const written = await call(stockKeeper, 'POST', `/api/admin/ops/stock-batches/${soon.id}/write-off`, {
        reason: 'Collected by the renderer',
      });
      expect(written.statusCode).toBe(200);
      expect(written.json()).toEqual({ id: soon.id, writtenOff: 6 });
      expect(await batches(p.id, 'disposal')).toEqual([]);
      const [gone] = (
        await call(stockKeeper, 'GET', `/api/admin/ops/stock-batches?view=written_off&outletId=${ntinda}&productId=${p.id}`)
      ).json().batches;
      expect(gone).toMatchObject({
        lotNumber: 'W-SOON',
        writtenOff: 6,
        writeOffReason: 'Collected by the renderer',
        status: 'written_off',
      });
      const again = await call(stockKeeper, 'POST', `/api/admin/ops/stock-batches/${soon.id}/write-off`, { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(await figure(p.id)).toBe(4);
    } finally {
      await admin.put('/api/admin/settings', { sellByDaysBeforeUseBy: 1 });
    }
  });
});
