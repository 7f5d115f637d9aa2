/**
 * Faults of the server process itself, on a real process against a fresh PostgreSQL database:
 * - killed (SIGKILL) in the middle of placing orders: after a restart every order is whole (its items
 *   are there and add up) and no stock is lost: stock left + units sold = stock at the start;
 * - SIGTERM: requests already in flight finish, event streams end cleanly, and the process exits 0.
 */
import http from 'node:http';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { setTotalAtMainOutlet } from '../../src/modules/inventory/inventory.service.ts';
import { products } from '../../src/db/schema/catalog.ts';
import { orderItems, orders } from '../../src/db/schema/orders.ts';
import { checkoutBody } from '../orders/fixtures.ts';
import { type ServerProcess, signIn, startServer } from './server-process.ts';

const base = process.env.DATABASE_URL;
const INITIAL = 100_000;

describe.skipIf(!base)('server process faults on postgres', () => {
  const name = `meatshop_proc_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
  let dbUrl: string;
  let database: Database;
  let productIds: string[] = [];
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  }, 120_000);
  afterAll(async () => {
    if (server?.proc.exitCode === null) server.proc.kill('SIGKILL');
    await database?.close();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const order = (url: string, cookie: string, i: number) =>
    fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify(
        checkoutBody([
          { productId: productIds[i % 2]!, quantity: 1 + (i % 3) },
          { productId: productIds[(i + 1) % 2]!, quantity: 1 },
        ]),
      ),
    });

  /** An order over its own connection: `sent` when the whole request is written, `status` when answered. */
  function rawOrder(url: string, cookie: string, i: number) {
    const body = JSON.stringify(
      checkoutBody([
        { productId: productIds[i % 2]!, quantity: 1 },
        { productId: productIds[(i + 1) % 2]!, quantity: 1 },
      ]),
    );
    let sent!: () => void;
    const sentP = new Promise<void>((r) => {
      sent = r;
    });
    const status = new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${url}/api/orders`,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', origin: url, cookie, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.on('finish', sent);
      req.end(body);
    });
    return { sent: sentP, status };
  }

  /** The test's own view of the database and its two products (the server has migrated it). */
  async function setUp() {
    if (database) return;
    database = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
    const made = await database.db
      .insert(products)
      .values([
        { name: 'Kill-test sausage', price: 12_000 },
        { name: 'Kill-test bacon', price: 7_500 },
      ])
      .returning({ id: products.id });
    productIds = made.map((p) => p.id);
    // Stock lives at outlets: all of it at the main outlet, with its ledger rows.
    await database.db.transaction(async (tx) => {
      for (const id of productIds) await setTotalAtMainOutlet(tx, id, INITIAL, null, 'Test stock');
    });
  }

  const orderCount = async () =>
    ((await database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

  /** Every order whole, and stock + sold = initial for both products. */
  async function checkInvariants() {
    const db = database.db;
    const all = await db.select().from(orders);
    const items = all.length
      ? await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              all.map((o) => o.id),
            ),
          )
      : [];
    for (const o of all) {
      const mine = items.filter((i) => i.orderId === o.id);
      expect(mine.length, `order ${o.id} has no items`).toBeGreaterThan(0);
      expect(
        mine.reduce((s, i) => s + i.price * i.quantity, 0),
        `order ${o.id} subtotal`,
      ).toBe(o.subtotalAmount);
    }
    for (const id of productIds) {
      const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
      const live = new Set(all.filter((o) => o.status !== 'cancelled').map((o) => o.id));
      const sold = items.filter((i) => i.productId === id && live.has(i.orderId)).reduce((s, i) => s + i.quantity, 0);
      expect(p!.stock + sold, `stock + sold for ${id}`).toBe(INITIAL);
    }
    return all.length;
  }

  it('killed while placing orders: every order whole, no stock lost, and it starts again', async () => {
    server = await startServer({ DATABASE_URL: dbUrl });
    await setUp();
    const cookie = await signIn(server.url, 'customer@shop.test');

    // Eight customers' worth of checkouts at once, until the process dies under them.
    let placed = 0;
    let cutOff = 0;
    let stop = false;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; !stop; i += 8) {
        try {
          const res = await order(server!.url, cookie, i);
          if (res.status === 201) placed++;
          else if (res.status !== 409) throw new Error(`order answered ${res.status}: ${await res.text()}`);
        } catch (err) {
          if (!stop) throw err;
          cutOff++;
          return;
        }
      }
    });
    // Kill once checkouts are flowing (a fresh process on a busy machine warms up slowly).
    const deadline = Date.now() + 90_000;
    while (placed < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    stop = true;
    server.proc.kill('SIGKILL');
    await Promise.all(workers);
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(placed).toBeGreaterThanOrEqual(20);
    // Some checkouts were cut off in flight: that is the point of the test.
    expect(cutOff).toBeGreaterThan(0);

    const count = await checkInvariants();
    expect(count).toBeGreaterThanOrEqual(placed);

    // A restart on the same database works, and so does the next order.
    server = await startServer({ DATABASE_URL: dbUrl });
    const again = await order(server.url, await signIn(server.url, 'customer@shop.test'), 1);
    expect(again.status).toBe(201);
    await checkInvariants();
  }, 240_000);

  it('SIGTERM: in-flight requests finish, event streams end cleanly, exit code 0', async () => {
    if (!server || server.proc.exitCode !== null || server.proc.signalCode !== null) server = await startServer({ DATABASE_URL: dbUrl });
    await setUp();
    const url = server.url;
    const cookie = await signIn(url, 'customer@shop.test');
    const before = await orderCount();

    // An open event stream.
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${url}/api/events`, { headers: { cookie, accept: 'text/event-stream' } }, resolve).on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    let streamText = '';
    const streamEnd = new Promise<'end' | 'aborted' | 'error'>((resolve) => {
      stream.on('data', (d) => {
        streamText += d;
      });
      stream.on('end', () => resolve('end'));
      stream.on('aborted', () => resolve('aborted'));
      stream.on('error', () => resolve('error'));
    });
    await new Promise((r) => setTimeout(r, 200));

    // Checkouts in flight when the signal arrives: each fully sent (and on its own connection) first.
    const inFlight = Array.from({ length: 12 }, (_, i) => rawOrder(url, cookie, i));
    await Promise.all(inFlight.map((r) => r.sent));
    await new Promise((r) => setTimeout(r, 20));
    const signalled = Date.now();
    server.proc.kill('SIGTERM');
    // During the grace period the process still answers, but tells a balancer it is going away.
    const health = await new Promise<number>((resolve) => {
      setTimeout(() => http.get(`${url}/api/health`, { agent: false }, (r) => resolve(r.statusCode!)).on('error', () => resolve(0)), 100);
    });
    expect(health).toBe(503);

    const statuses = await Promise.all(inFlight.map((r) => r.status.catch((e: Error) => `failed: ${e.message}`)));
    expect(
      statuses.every((s) => s === 201),
      statuses.join(','),
    ).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(await streamEnd).toBe('end');
    expect(streamText).toContain(': connected');
    const exit = await server.exited;
    expect(exit.code, server.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    // Every 201 is an order in the database, whole.
    const after = await orderCount();
    expect(after - before).toBe(statuses.filter((s) => s === 201).length);
    await checkInvariants();
    // And nothing listens any more.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 240_000);
});
