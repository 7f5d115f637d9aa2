/** An order taken through its life by the real API: placed, assigned, picked up, delivered. */
import { eq } from 'drizzle-orm';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';
import { ACCOUNTS } from '../../src/seed/demo-data.ts';
import { jpeg, multipart } from '../fixtures/photos.ts';
import { ORIGIN, type TestContext, loginAs } from '../helpers.ts';
import { checkoutBody, makeProduct, placeOrder } from '../orders/fixtures.ts';

export async function orderFlow(t: TestContext) {
  const [admin, rider] = [await loginAs(t.app, 'admin'), await loginAs(t.app, 'rider')];
  const [r] = await t.database.db.select().from(deliveryRiders).where(eq(deliveryRiders.email, ACCOUNTS.rider.email));
  const riderId = r!.id;
  await t.database.db.update(deliveryRiders).set({ status: 'online' }).where(eq(deliveryRiders.id, riderId));
  const product = await makeProduct(t, { price: 20_000, stock: 1_000 });
  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  return {
    riderId,
    rider,
    admin,
    async place(cookie: string, quantity = 1) {
      const res = await placeOrder(t, cookie, checkoutBody([{ productId: product.id, quantity }]));
      if (res.statusCode !== 201) throw new Error(`place: ${res.statusCode} ${res.body}`);
      return res.json().order as { id: string; totalAmount: number };
    },
    async assign(orderId: string) {
      const res = await post(`/api/admin/orders/${orderId}/assign`, admin, { riderId });
      if (res.statusCode !== 200) throw new Error(`assign: ${res.statusCode} ${res.body}`);
    },
    async pickup(orderId: string) {
      const res = await post(`/api/rider/orders/${orderId}/pickup`, rider);
      if (res.statusCode !== 200) throw new Error(`pickup: ${res.statusCode} ${res.body}`);
    },
    async deliver(orderId: string) {
      const body = multipart(await jpeg());
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/rider/orders/${orderId}/deliver`,
        headers: { origin: ORIGIN, cookie: rider, ...body.headers },
        payload: body.payload,
      });
      if (res.statusCode !== 200) throw new Error(`deliver: ${res.statusCode} ${res.body}`);
    },
  };
}
