/**
 * The main outlet in Settings: only an active outlet is accepted; stock entered on the product form
 * lands there (with its ledger row); with none chosen, or the chosen one closed, it is the first
 * active outlet by creation.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outlets } from '../../src/db/schema/outlets.ts';
import { adminClient } from '../admin/admin-client.ts';
import { outletIdByName } from '../fixtures/rider-orders.ts';
import { createTestApp, drivers, type TestContext } from '../helpers.ts';

describe.each(drivers)('main outlet setting on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let factory: string;
  let ntinda: string;
  let kansanga: string;

  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    factory = await outletIdByName(t.database.db, 'Bwaise Factory Shop');
    ntinda = await outletIdByName(t.database.db, 'Ntinda Outlet');
    kansanga = await outletIdByName(t.database.db, 'Kansanga Outlet');
  });
  afterAll(async () => {
    await t?.close();
  });

  let n = 0;
  const categoryId = async () => (await admin.get('/api/categories')).json().categories[0].id as string;
  /** A product created with stock on the admin product form; returns where its units are, per outlet. */
  const createWithStock = async (stock: number) => {
    const res = await admin.post('/api/admin/products', {
      name: `Main Outlet Test ${++n}`,
      description: 'Made for this test.',
      price: 10_000,
      discountPrice: null,
      stock,
      categoryId: await categoryId(),
      imageUrls: [],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const held = (await admin.get('/api/admin/ops/outlet-stock')).json().items.filter((i: { productId: string }) => i.productId === id);
    const moves = (await admin.get('/api/admin/ops/stock-movements?limit=500'))
      .json()
      .movements.filter((m: { productId: string }) => m.productId === id);
    return {
      at: Object.fromEntries(
        held.filter((i: { stock: number }) => i.stock > 0).map((i: { outletId: string; stock: number }) => [i.outletId, i.stock]),
      ),
      moves: moves.map((m: { outletId: string; delta: number }) => ({ outletId: m.outletId, delta: m.delta })),
    };
  };
  const setMain = (mainOutletId: string | null) => admin.put('/api/admin/settings', { mainOutletId });

  it('starts with none chosen: stock entered with a new product lands at the first active outlet', async () => {
    expect((await admin.get('/api/admin/settings')).json().mainOutletId).toBeNull();
    const placed = await createWithStock(7);
    expect(placed.at).toEqual({ [factory]: 7 });
    expect(placed.moves).toEqual([{ outletId: factory, delta: 7 }]);
  });

  it('puts new stock at the outlet the admin chose, and keeps the choice', async () => {
    const saved = await setMain(ntinda);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().mainOutletId).toBe(ntinda);
    expect((await admin.get('/api/admin/settings')).json().mainOutletId).toBe(ntinda);
    const placed = await createWithStock(5);
    expect(placed.at).toEqual({ [ntinda]: 5 });
    expect(placed.moves).toEqual([{ outletId: ntinda, delta: 5 }]);
  });

  it('refuses an inactive or unknown outlet with a message on the field, and keeps the old choice', async () => {
    await t.database.db.update(outlets).set({ isActive: false }).where(eq(outlets.id, kansanga));
    const closed = await setMain(kansanga);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().error.fields.mainOutletId).toBe('Kansanga Outlet is inactive: choose an active outlet as the main outlet');
    const unknown = await setMain('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.mainOutletId).toBe('Choose an active outlet as the main outlet');
    expect((await setMain('not-an-id' as string)).statusCode).toBe(400);
    expect((await admin.get('/api/admin/settings')).json().mainOutletId).toBe(ntinda);
    await t.database.db.update(outlets).set({ isActive: true }).where(eq(outlets.id, kansanga));
  });

  it('falls back to the first active outlet when the chosen one is closed later, and back to the default on null', async () => {
    await t.database.db.update(outlets).set({ isActive: false }).where(eq(outlets.id, ntinda));
    try {
      expect((await createWithStock(3)).at).toEqual({ [factory]: 3 });
    } finally {
      await t.database.db.update(outlets).set({ isActive: true }).where(eq(outlets.id, ntinda));
    }
    const cleared = await setMain(null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().mainOutletId).toBeNull();
    expect((await createWithStock(2)).at).toEqual({ [factory]: 2 });
  });
});
