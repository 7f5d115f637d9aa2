import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers, openTestDatabase } from './helpers.ts';

describe.each(drivers)('migrations on %s', (driver) => {
  it('create every table of the schema, and applying them again changes nothing', async () => {
    const { database, drop } = await openTestDatabase(driver);
    try {
      const res = await database.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
      const tables = (res as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'users',
          'refunds',
          'outlet_employees',
          'employee_roles',
          'delivery_riders',
          'outlets',
          'products',
          'product_categories',
          'outlet_products',
          'product_reviews',
          'product_ratings',
          'orders',
          'order_items',
          'saved_addresses',
          'subscriptions',
          'admin_notifications',
          'rider_earnings',
          'coupons',
          'payments',
          'user',
          'session',
          'account',
          'verification',
        ]),
      );
      const violates = database.db.execute(
        sql`INSERT INTO product_categories (name, slug) VALUES ('x', 'x'); INSERT INTO products (name, price, stock) VALUES ('bad', 100, -1)`,
      );
      await expect(violates).rejects.toThrow();
    } finally {
      await database.close();
      await drop();
    }
  });
});
