/** Admin products and categories: field validation, stock, archive-on-delete, slugs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../fixtures/admin-orders.ts';
import { type TestContext, createTestApp, drivers } from '../helpers.ts';
import { adminClient } from './admin-client.ts';

describe.each(drivers)('admin catalog on %s', (driver) => {
  let t: TestContext;
  let admin: Awaited<ReturnType<typeof adminClient>>;
  let categoryId: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await adminClient(t);
    categoryId = (await admin.get('/api/admin/categories')).json()[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const product = (over: Record<string, unknown> = {}) => ({
    name: 'Test Beef Sausages',
    description: 'Made for tests.',
    price: 15000,
    discountPrice: null,
    stock: 12,
    categoryId,
    imageUrls: [],
    ...over,
  });

  it('gives per-field messages for an empty product form', async () => {
    const res = await admin.post('/api/admin/products', { name: '', description: '', stock: -1 });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(fields).toMatchObject({ name: 'Name is required', description: 'Description is required', stock: 'Stock cannot be negative' });
    expect(fields.price).toBeTruthy();
    expect(fields.categoryId).toBeTruthy();
  });

  it('refuses a discount price at or above the price', async () => {
    const res = await admin.post('/api/admin/products', product({ discountPrice: 15000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.discountPrice).toBe('Discount price must be below the price');
  });

  it('refuses an unknown category', async () => {
    const res = await admin.post('/api/admin/products', product({ categoryId: '00000000-0000-4000-8000-000000000000' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.categoryId).toBe('Category not found');
  });

  it('creates, edits and lists a product newest first, and edits stock but never below zero', async () => {
    const created = await admin.post('/api/admin/products', product({ discountPrice: 12000 }));
    expect(created.statusCode).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({ name: 'Test Beef Sausages', price: 15000, discountPrice: 12000, stock: 12 });
    expect(p.category.id).toBe(categoryId);
    const list = (await admin.get('/api/admin/products')).json();
    expect(list[0].id).toBe(p.id);

    const edited = await admin.put(`/api/admin/products/${p.id}`, product({ name: 'Renamed Sausages', price: 16000 }));
    expect(edited.json()).toMatchObject({ name: 'Renamed Sausages', price: 16000, discountPrice: null });

    const stock = await admin.patch(`/api/admin/products/${p.id}/stock`, { stock: 3 });
    expect(stock.json().stock).toBe(3);
    // The inline edit is kept in the stock history like any other adjustment.
    const history = (await admin.get(`/api/admin/ops/stock-movements?productId=${p.id}`)).json().movements;
    expect(history[0]).toMatchObject({ delta: -9, stockAfter: 3, reason: 'Stock edited in Products' });
    const negative = await admin.patch(`/api/admin/products/${p.id}/stock`, { stock: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields.stock).toBe('Stock cannot be negative');
  });

  it('deletes a product nobody ordered, and archives one that is in past orders', async () => {
    const fresh = (await admin.post('/api/admin/products', product({ name: 'Never Ordered' }))).json();
    const del = await admin.del(`/api/admin/products/${fresh.id}`);
    expect(del.json()).toEqual({ outcome: 'deleted' });

    const ordered = (await admin.post('/api/admin/products', product({ name: 'Ordered Once' }))).json();
    const order = await insertOrder(t.database.db, { items: [{ productId: ordered.id, quantity: 1 }] });
    const archived = await admin.del(`/api/admin/products/${ordered.id}`);
    expect(archived.json()).toEqual({ outcome: 'archived' });
    const list = (await admin.get('/api/admin/products')).json() as { id: string }[];
    expect(list.some((x) => x.id === ordered.id)).toBe(false);
    // The order still reads whole.
    const detail = (await admin.get(`/api/admin/orders/${order.id}`)).json();
    expect(detail.items[0]).toMatchObject({ productId: ordered.id, productName: 'Ordered Once' });
    expect((await admin.del(`/api/admin/products/${ordered.id}`)).statusCode).toBe(404);
  });

  it('makes the slug from the name and refuses a duplicate with a clear message', async () => {
    const res = await admin.post('/api/admin/categories', { name: 'Smoked Specials', description: 'Smoky.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'smoked-specials', productCount: 0 });
    const dup = await admin.post('/api/admin/categories', { name: 'smoked  SPECIALS' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields.name).toMatch(/already exists/);
    const empty = await admin.post('/api/admin/categories', { name: '  ' });
    expect(empty.json().error.fields.name).toBe('Name is required');
  });

  it('counts products per category and bulk-deletes categories', async () => {
    const list = (await admin.get('/api/admin/categories')).json() as { slug: string; productCount: number; id: string }[];
    expect(list.find((c) => c.slug === 'sausages')!.productCount).toBeGreaterThan(0);
    const a = (await admin.post('/api/admin/categories', { name: 'Bulk A' })).json();
    const b = (await admin.post('/api/admin/categories', { name: 'Bulk B' })).json();
    const res = await admin.post('/api/admin/categories/bulk-delete', { ids: [a.id, b.id] });
    expect(res.json()).toEqual({ deleted: 2 });
    const none = await admin.post('/api/admin/categories/bulk-delete', { ids: [] });
    expect(none.statusCode).toBe(400);
  });
});
