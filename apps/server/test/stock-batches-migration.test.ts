/**
 * Migration 0026 on a shop whose stock has no batches yet: each outlet's figure becomes one
 * "unknown batch" per product, every earlier ledger row of it names that batch, and no figure moves.
 */
import { describe, expect, it } from 'vitest';
import { migratedUntil } from './fixtures/migrated-until.ts';

describe('stock without batches moves into one unknown batch per outlet and product', () => {
  it('keeps every figure, and each batch equals its ledger rows', async () => {
    const { client, migrateRest, close } = await migratedUntil('0026');
    try {
      await client.exec(`
        INSERT INTO products (id, name, price) VALUES
          ('00000000-0000-4000-8000-000000000001', 'Beef', 1000),
          ('00000000-0000-4000-8000-000000000002', 'Pork', 1000);
        INSERT INTO outlets (id, name, phone, opening_hours, manager_name) VALUES
          ('00000000-0000-4000-9000-000000000001', 'Main', '1', 'x', 'x'),
          ('00000000-0000-4000-9000-000000000002', 'Second', '1', 'x', 'x');
        INSERT INTO outlet_products (outlet_id, product_id, outlet_price, stock) VALUES
          ('00000000-0000-4000-9000-000000000001', '00000000-0000-4000-8000-000000000001', 1000, 12),
          ('00000000-0000-4000-9000-000000000002', '00000000-0000-4000-8000-000000000001', 1000, 0),
          ('00000000-0000-4000-9000-000000000002', '00000000-0000-4000-8000-000000000002', 1000, 0);
        INSERT INTO stock_movements (product_id, outlet_id, delta, stock_after, kind, reason) VALUES
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-9000-000000000001', 15, 15, 'delivery', 'in'),
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-9000-000000000001', -3, 12, 'order', 'out'),
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-9000-000000000002', 2, 2, 'delivery', 'in'),
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-9000-000000000002', -2, 0, 'count', 'count'),
          ('00000000-0000-4000-8000-000000000001', NULL, 5, 5, 'catalogue', 'old');
      `);
      const stockBefore = await client.query('SELECT outlet_id, product_id, stock FROM outlet_products ORDER BY 1, 2');

      await migrateRest();

      expect((await client.query('SELECT outlet_id, product_id, stock FROM outlet_products ORDER BY 1, 2')).rows).toEqual(stockBefore.rows);
      const batches = await client.query<{ outlet: string; product: string; lot: string | null; quantity: number; ledger: number }>(`
        SELECT o.name AS outlet, p.name AS product, b.lot_number AS lot, b.quantity,
               (SELECT coalesce(sum(delta), 0)::int FROM stock_movements m WHERE m.batch_id = b.id) AS ledger
        FROM stock_batches b JOIN outlets o ON o.id = b.outlet_id JOIN products p ON p.id = b.product_id ORDER BY 1, 2`);
      // Pork at Second has no stock and no history: no batch; Beef at Second is empty but has history.
      expect(batches.rows).toEqual([
        { outlet: 'Main', product: 'Beef', lot: null, quantity: 12, ledger: 12 },
        { outlet: 'Second', product: 'Beef', lot: null, quantity: 0, ledger: 0 },
      ]);
      const unnamed = await client.query<{ kind: string }>('SELECT kind FROM stock_movements WHERE batch_id IS NULL');
      // Only the old company-wide history (no outlet) names no batch.
      expect(unnamed.rows).toEqual([{ kind: 'catalogue' }]);
    } finally {
      await close();
    }
  });
});
