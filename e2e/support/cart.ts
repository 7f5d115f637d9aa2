/** Catalog helpers for the checkout browser tests. */
import type { Page } from '@playwright/test';

export interface DemoProduct {
  id: string;
  name: string;
  price: number;
  discountPrice: number | null;
  stock: number;
}

/** Demo products with plenty of stock, in the listing's default order (GET /api/products). */
export async function demoProducts(page: Page): Promise<DemoProduct[]> {
  const res = await page.request.get('/api/products');
  if (!res.ok()) throw new Error(`GET /api/products answered ${res.status()}`);
  const body = (await res.json()) as { products: DemoProduct[] };
  return body.products.filter((p) => p.stock >= 10);
}

/** `UGX 12,500`, as the app writes money. */
export const ugx = (n: number) => `UGX ${new Intl.NumberFormat('en-US').format(n)}`;
export const unitPrice = (p: DemoProduct) => (p.discountPrice != null && p.discountPrice < p.price ? p.discountPrice : p.price);
