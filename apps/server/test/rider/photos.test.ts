import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/orders.ts';
import { OUTLETS } from '../../src/seed/demo-data.ts';
import { makeCustomer, makeOutletEmployee } from '../fixtures/people.ts';
import { jpegWithGps, multipart, png } from '../fixtures/photos.ts';
import { demoIds, insertOrder, outletIdByName } from '../fixtures/rider-orders.ts';
import { ORIGIN, type TestContext, createTestApp, loginAs, storageMatrix } from '../helpers.ts';

describe.each(storageMatrix)('delivery photos on %s with %s storage', (driver, storage) => {
  let t: TestContext;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let outletId: string;
  let rider: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { storage });
    ids = await demoIds(t.app.deps.db);
    outletId = await outletIdByName(t.app.deps.db, OUTLETS[0]!.name);
    rider = await loginAs(t.app, 'rider');
  });
  afterAll(async () => {
    await t?.close();
  });

  const pickedUp = () => insertOrder(t.app.deps.db, { userId: ids.customerId, outletId, status: 'picked_up', riderId: ids.riderId });
  const deliver = (orderId: string, file: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => {
    const body = multipart(file, filename, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/rider/orders/${orderId}/deliver`,
      payload: body.payload,
      headers: { ...body.headers, cookie: rider, origin: ORIGIN },
    });
  };
  const statusOf = async (id: string) => (await t.app.deps.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

  it('needs a photo', async () => {
    const order = await pickedUp();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rider/orders/${order.id}/deliver`,
      payload: {},
      headers: { cookie: rider, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please take a delivery photo');
    expect(await statusOf(order.id)).toBe('picked_up');
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const order = await pickedUp();
    const res = await deliver(order.id, Buffer.from('%PDF-1.4 this is not a picture'.repeat(20)), 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Please select an image file');
    expect(await statusOf(order.id)).toBe('picked_up');
  });

  it('refuses a photo over 5 MB', async () => {
    const order = await pickedUp();
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await deliver(order.id, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Image must be less than 5MB');
    expect(await statusOf(order.id)).toBe('picked_up');
  });

  it('accepts a PNG named .jpg and stores a real JPEG', async () => {
    const order = await pickedUp();
    const res = await deliver(order.id, await png(), 'camera.jpg', 'image/jpeg');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().order.deliveryPhotoUrl as string;
    const photo = await t.app.inject({ method: 'GET', url, headers: { cookie: rider } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('removes EXIF and its GPS position', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const order = await pickedUp();
    const res = await deliver(order.id, input);
    const photo = await t.app.inject({ method: 'GET', url: res.json().order.deliveryPhotoUrl, headers: { cookie: rider } });
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('shows the photo to the rider, the customer, the outlet and admins only', async () => {
    const order = await pickedUp();
    const res = await deliver(order.id, await png());
    const url = res.json().order.deliveryPhotoUrl as string;
    const get = async (cookie: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode;
    expect(await get(rider)).toBe(200);
    expect(await get(await loginAs(t.app, 'customer'))).toBe(200);
    expect(await get(await loginAs(t.app, 'outlet'))).toBe(200);
    expect(await get(await loginAs(t.app, 'admin'))).toBe(200);
    expect(await get((await makeCustomer(t.app, `peek-${driver}@example.com`)).cookie)).toBe(404);
    const ntinda = await outletIdByName(t.app.deps.db, OUTLETS[2]!.name);
    expect(await get((await makeOutletEmployee(t.app, `peek-staff-${driver}@example.com`, ntinda)).cookie)).toBe(404);
    expect(await get('')).toBe(401);
    // Private in the store as well: never served as public media, whichever store holds it.
    const key = url.replace('/api/', '');
    expect(t.s3?.objects.has(key) ?? true).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
  });
});
