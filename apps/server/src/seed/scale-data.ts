/**
 * Generated data at scale for the EXPLAIN test and bench/scale: customers, products and orders
 * (two items each) inserted set-based with generate_series, so 10,000 products and 100,000 orders
 * take seconds on either driver. Runs on a database that already has the demo seed's categories
 * and outlets (or none: products then have no category, orders no outlet). Orders spread evenly
 * over the last `days` days; most are delivered and paid, a few pending, cancelled or failed;
 * items favour a few hundred popular products, as a real shop's sales do.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { adoptUnbatchedStock } from '../modules/inventory/batches.repository.ts';

export interface ScaleOptions {
  products: number;
  orders: number;
  customers?: number;
  days?: number;
}

export async function generateScaleData(db: Tx, opts: ScaleOptions) {
  const customers = Math.trunc(opts.customers ?? 2000);
  const nProducts = Math.trunc(opts.products);
  const nOrders = Math.trunc(opts.orders);
  const days = Math.trunc(opts.days ?? 365);
  const run = (q: string) => db.execute(sql.raw(q));

  await run(`
    INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
    SELECT 'scale-user-' || g, 'Scale Customer ' || g, 'scale' || g || '@shop.test', true,
           now() - (g % ${days}) * interval '1 day', now()
    FROM generate_series(1, ${customers}) g`);
  await run(`
    INSERT INTO users (id, email, full_name, phone, created_at)
    SELECT 'scale-user-' || g, 'scale' || g || '@shop.test', 'Scale Customer ' || g, '+2567' || lpad(g::text, 8, '0'),
           now() - (g % ${days}) * interval '1 day'
    FROM generate_series(1, ${customers}) g`);

  // Stock lives at outlets and the database keeps products.stock as their sum, one product row
  // rewritten per outlet row. A shop's catalogue is not built by rewriting every product at once, so
  // the generator writes the sum with the products, and each product's units at the main outlet with
  // the opening ledger row that accounts for them, with the stock triggers off for these statements
  // only (the figures they would keep are written exactly).
  await db.transaction(async (tx) => {
    const load = (q: string) => tx.execute(sql.raw(q));
    await load('SET LOCAL session_replication_role = replica');
    await load(`
      WITH c AS (SELECT array_agg(id ORDER BY name) AS ids FROM product_categories),
           m AS (SELECT count(*) AS n FROM outlets WHERE is_active)
      INSERT INTO products (name, description, price, discount_price, stock, rating, rating_count, image_urls, category_id, is_archived, created_at, updated_at)
      SELECT 'Scale Product ' || g, 'Generated product number ' || g || ' for scale tests.',
             1000 + (g * 37) % 90000,
             CASE WHEN g % 5 = 0 THEN 500 + ((g * 37) % 90000) / 2 END,
             CASE WHEN m.n > 0 THEN (g * 13) % 300 ELSE 0 END, ((g * 7) % 51) / 10.0, (g * 3) % 200, '{}'::text[],
             CASE WHEN cardinality(c.ids) > 0 THEN c.ids[1 + g % cardinality(c.ids)] END,
             g % 50 = 0,
             now() - (g % ${days}) * interval '1 day' - g * interval '1 second', now()
      FROM generate_series(1, ${nProducts}) g, c, m`);
    await load(`
      WITH m AS (SELECT id FROM outlets WHERE is_active ORDER BY created_at, id LIMIT 1)
      INSERT INTO outlet_products (outlet_id, product_id, outlet_price, stock)
      SELECT m.id, p.id, p.price, p.stock FROM products p, m WHERE p.name LIKE 'Scale Product %'`);
    await load(`
      INSERT INTO stock_movements (product_id, outlet_id, delta, stock_after, kind, reason)
      SELECT op.product_id, op.outlet_id, op.stock, op.stock, 'opening', 'Generated scale data'
      FROM outlet_products op JOIN products p ON p.id = op.product_id
      WHERE p.name LIKE 'Scale Product %' AND op.stock > 0`);
    await adoptUnbatchedStock(tx);
  });

  await run(`
    WITH o AS (SELECT array_agg(id ORDER BY name) AS ids FROM outlets)
    INSERT INTO orders (user_id, outlet_id, status, payment_status, payment_method, subtotal_amount, delivery_fee,
                        total_amount, shipping_address, delivery_latitude, delivery_longitude, created_at, updated_at,
                        delivered_at, cancelled_at)
    SELECT 'scale-user-' || (1 + g % ${customers}),
           CASE WHEN cardinality(o.ids) > 0 THEN o.ids[1 + g % cardinality(o.ids)] END,
           s.status, s.payment_status,
           (ARRAY['mtn_money', 'airtel_money', 'card', 'cash_on_delivery'])[1 + g % 4],
           20000 + (g * 91) % 180000, 5000, 25000 + (g * 91) % 180000,
           jsonb_build_object('full_name', 'Scale Customer', 'email', 'scale@shop.test', 'phone', '+256700000000',
             'street', 'Plot ' || g, 'city', 'Kampala', 'state', 'Central', 'postal_code', '', 'country', 'Uganda',
             'formatted_address', 'Plot ' || g || ', Kampala'),
           0.3476 + (g % 100) / 2000.0, 32.5825 + (g % 97) / 2000.0,
           t.created_at, t.created_at,
           CASE WHEN s.status = 'delivered' THEN t.created_at + interval '1 hour' END,
           CASE WHEN s.status = 'cancelled' THEN t.created_at + interval '10 minutes' END
    FROM generate_series(1, ${nOrders}) g, o,
         LATERAL (SELECT now() - (${days} * interval '1 day') * g / ${nOrders} AS created_at) t,
         LATERAL (SELECT CASE WHEN g <= 20 THEN 'pending' WHEN g % 20 = 0 THEN 'cancelled' ELSE 'delivered' END AS status,
                         CASE WHEN g <= 20 THEN 'pending' WHEN g % 50 = 1 THEN 'failed' WHEN g % 20 = 0 THEN 'refunded' ELSE 'paid' END
                           AS payment_status) s`);

  // Two items per generated order; product popularity falls off steeply (cube of a uniform draw).
  await run(`
    WITH p AS (SELECT array_agg(id ORDER BY created_at DESC, id) AS ids, array_agg(name ORDER BY created_at DESC, id) AS names
               FROM products WHERE NOT is_archived),
         pick AS (SELECT o.id AS order_id, k, 1 + floor(cardinality(p.ids) * power(random(), 3))::int AS i
                  FROM orders o CROSS JOIN generate_series(1, 2) k, p
                  WHERE o.user_id LIKE 'scale-user-%')
    INSERT INTO order_items (order_id, product_id, product_name, quantity, price)
    SELECT pick.order_id, p.ids[pick.i], p.names[pick.i], 1 + pick.k, 10000 + pick.i % 50000
    FROM pick, p`);
  await run('ANALYZE');
}
