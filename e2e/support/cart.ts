/**
 * Cart helpers for the browser tests: demo products from the catalog API, and a cart written into the
 * persisted shop store (the same localStorage entry the app reads at start).
 */
import type { Page } from '@playwright/test';

export interface DemoProduct {
  id: string;
  name: string;
  price: number;
  discountPrice: number | null;
  imageUrls: string[];
  stock: number;
}

/**
 * In-stock products from GET /api/products. When the catalog API is not there (a branch without the
 * storefront) and the server runs on a PostgreSQL server, E2E_DATABASE_URL lets the test read them
 * straight from the database instead.
 */
export async function demoProducts(page: Page): Promise<DemoProduct[]> {
  const res = await page.request.get('/api/products');
  if (res.ok()) {
    const body = (await res.json()) as { products: DemoProduct[] };
    return body.products.filter((p) => p.stock >= 10);
  }
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error(`GET /api/products answered ${res.status()} and E2E_DATABASE_URL is not set`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT id, name, price, discount_price AS "discountPrice", image_urls AS "imageUrls", stock
         FROM products WHERE stock >= 10 AND NOT is_archived ORDER BY name`,
    );
    return rows as DemoProduct[];
  } finally {
    await client.end();
  }
}

/** Replaces the cart in the persisted store; call on a page of the app, then navigate. */
export async function setCart(page: Page, lines: { product: DemoProduct; quantity: number }[]) {
  await page.evaluate(
    (cart) => {
      const key = 'kpm:shop';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":1}');
      saved.state = { ...saved.state, cart, couponCode: null, discountAmount: 0 };
      localStorage.setItem(key, JSON.stringify(saved));
    },
    lines.map(({ product: p, quantity }) => ({
      productId: p.id,
      name: p.name,
      price: p.price,
      discountPrice: p.discountPrice,
      imageUrl: p.imageUrls[0] ?? null,
      quantity,
    })),
  );
}

/** `UGX 12,500`, as the app writes money. */
export const ugx = (n: number) => `UGX ${new Intl.NumberFormat('en-US').format(n)}`;
export const unitPrice = (p: DemoProduct) => (p.discountPrice != null && p.discountPrice < p.price ? p.discountPrice : p.price);
