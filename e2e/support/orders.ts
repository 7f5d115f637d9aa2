/**
 * Orders for browser tests through the real endpoints: the demo customer places one
 * (POST /api/orders) and the admin assigns the demo rider (POST /api/admin/orders/:id/assign).
 */
import { type APIRequestContext, request } from '@playwright/test';
import { DEMO_PASSWORD, demo } from './session';

const ORIGIN_HEADERS = (baseURL: string) => ({ origin: baseURL });

export async function signedInRequest(baseURL: string, email: string) {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: ORIGIN_HEADERS(baseURL) });
  const res = await ctx.post('/api/auth/sign-in', { data: { email, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`sign-in as ${email} failed: ${res.status()}`);
  return ctx;
}

/** True when the server has both routes (they are built by other work streams). */
export async function orderFlowAvailable(baseURL: string) {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: ORIGIN_HEADERS(baseURL) });
  const place = await ctx.post('/api/orders', { data: {} });
  const assign = await ctx.post(`/api/admin/orders/${crypto.randomUUID()}/assign`, { data: {} });
  await ctx.dispose();
  // A missing route answers 404; an existing one refuses a visitor with 401.
  return place.status() !== 404 && assign.status() !== 404;
}

/**
 * An order of one product by the signed-in demo customer; cash on delivery unless another method is
 * given. `location` picks the packing outlet (the nearest one holding the product).
 */
export async function placeDemoOrder(
  customer: APIRequestContext,
  paymentMethod: 'cash_on_delivery' | 'card' = 'cash_on_delivery',
  location = { lat: 0.3341, lng: 32.5925 },
) {
  const products = await customer.get('/api/products');
  const list = (await products.json()) as { products?: { id: string; stock: number }[] } | { id: string; stock: number }[];
  const items = Array.isArray(list) ? list : (list.products ?? []);
  const product = items.find((p) => p.stock > 2);
  if (!product) throw new Error('no product in stock');
  const res = await customer.post('/api/orders', {
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      contact: { fullName: 'Daniel Mugisha', email: demo.customer, phone: '0772100002' },
      address: {
        street: 'Plot 4, Kira Road',
        city: 'Kampala',
        state: 'Central',
        postalCode: '00256',
        country: 'Uganda',
        formattedAddress: 'Plot 4, Kira Road, Kampala',
      },
      location,
      deliveryInstructions: 'Blue gate',
      paymentMethod,
    },
  });
  if (res.status() !== 201) throw new Error(`placing an order failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { order: { id: string } }).order.id;
}

export async function assignDemoRider(admin: APIRequestContext, rider: APIRequestContext, orderId: string) {
  const session = (await (await rider.get('/api/auth/session')).json()) as { rider: { id: string } };
  const res = await admin.post(`/api/admin/orders/${orderId}/assign`, { data: { riderId: session.rider.id } });
  if (!res.ok()) throw new Error(`assigning failed: ${res.status()} ${await res.text()}`);
}
