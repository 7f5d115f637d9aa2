/**
 * Migration 0016 on a shop that still keeps one company-wide stock figure: every unit ends up at an
 * outlet (the company-wide figure at the main outlet, each outlet keeping its own), every outlet
 * figure equals its ledger, and the storefront figure is the sum over active outlets.
 */
import { describe, expect, it } from 'vitest';
import { migratedUntil } from './fixtures/migrated-until.ts';

describe('moving the company-wide stock to the outlets', () => {
  it('keeps every unit: the main outlet gets the company-wide figure, the ledger matches every figure', async () => {
    // The migrations as they were before stock moved to outlets.
    const { client, migrateRest, close } = await migratedUntil('0016');
    try {
      await client.exec(`
        INSERT INTO products (id, name, price, stock) VALUES
          ('00000000-0000-4000-8000-000000000001', 'Beef', 1000, 40),
          ('00000000-0000-4000-8000-000000000002', 'Pork', 1000, 0),
          ('00000000-0000-4000-8000-000000000003', 'Goat', 1000, 7);
        INSERT INTO outlets (id, name, phone, opening_hours, manager_name, is_active, created_at) VALUES
          ('00000000-0000-4000-9000-000000000001', 'Closed first', '1', 'x', 'x', false, now() - interval '3 days'),
          ('00000000-0000-4000-9000-000000000002', 'Main', '1', 'x', 'x', true, now() - interval '2 days'),
          ('00000000-0000-4000-9000-000000000003', 'Second', '1', 'x', 'x', true, now() - interval '1 day');
        INSERT INTO outlet_products (outlet_id, product_id, outlet_price, stock) VALUES
          ('00000000-0000-4000-9000-000000000003', '00000000-0000-4000-8000-000000000001', 1000, 5),
          ('00000000-0000-4000-9000-000000000003', '00000000-0000-4000-8000-000000000002', 1000, 3),
          ('00000000-0000-4000-9000-000000000001', '00000000-0000-4000-8000-000000000003', 1000, 2);
        INSERT INTO stock_movements (product_id, outlet_id, delta, stock_after, reason) VALUES
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-9000-000000000003', 2, 5, 'old outlet adjustment'),
          ('00000000-0000-4000-8000-000000000001', NULL, -3, 40, 'old catalogue adjustment');
      `);
      const unitsBefore = (
        await client.query<{ n: number }>('SELECT (SELECT sum(stock) FROM products) + (SELECT sum(stock) FROM outlet_products) AS n')
      ).rows[0]!.n;

      await migrateRest();

      const at = await client.query<{ outlet: string; product: string; stock: number; ledger: number }>(`
        SELECT o.name AS outlet, p.name AS product, op.stock,
               (SELECT sum(delta)::int FROM stock_movements m WHERE m.outlet_id = op.outlet_id AND m.product_id = op.product_id) AS ledger
        FROM outlet_products op JOIN outlets o ON o.id = op.outlet_id JOIN products p ON p.id = op.product_id ORDER BY 1, 2`);
      expect(at.rows).toEqual([
        { outlet: 'Closed first', product: 'Goat', stock: 2, ledger: 2 },
        { outlet: 'Main', product: 'Beef', stock: 40, ledger: 40 },
        { outlet: 'Main', product: 'Goat', stock: 7, ledger: 7 },
        { outlet: 'Second', product: 'Beef', stock: 5, ledger: 5 },
        { outlet: 'Second', product: 'Pork', stock: 3, ledger: 3 },
      ]);
      expect(at.rows.reduce((s, r) => s + r.stock, 0)).toBe(Number(unitsBefore));
      // The storefront figure: active outlets only (the closed outlet's 2 goats are not for sale).
      const shown = await client.query<{ name: string; stock: number }>('SELECT name, stock FROM products ORDER BY name');
      expect(shown.rows).toEqual([
        { name: 'Beef', stock: 45 },
        { name: 'Goat', stock: 7 },
        { name: 'Pork', stock: 3 },
      ]);
      const kinds = await client.query<{ kind: string; n: number }>(
        'SELECT kind, count(*)::int AS n FROM stock_movements GROUP BY 1 ORDER BY 1',
      );
      expect(kinds.rows).toEqual([
        { kind: 'adjustment', n: 1 },
        { kind: 'catalogue', n: 1 },
        { kind: 'opening', n: 5 },
      ]);
      // From now on nothing writes products.stock directly.
      await expect(client.query(`UPDATE products SET stock = 1 WHERE name = 'Pork'`)).rejects.toThrow(/sum of the outlets/);
      await client.query(`UPDATE outlets SET is_active = true WHERE name = 'Closed first'`);
      expect((await client.query<{ stock: number }>(`SELECT stock FROM products WHERE name = 'Goat'`)).rows[0]!.stock).toBe(9);
    } finally {
      await close();
    }
  });
});
