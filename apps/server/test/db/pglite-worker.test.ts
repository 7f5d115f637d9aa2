/**
 * The embedded database on its own thread, as its callers (Drizzle, the realtime bus) see it: the
 * calling thread stays free during a slow statement, a transaction keeps other callers out until it
 * ends, PostgreSQL's error fields survive the thread boundary, NOTIFY arrives after COMMIT only.
 */
import { eq, sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteProxy, openPgliteWorker } from '../../src/db/pglite-proxy.ts';
import { pgErrorCode } from '../../src/platform/errors.ts';

const items = pgTable(
  'items',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('items_name_key').on(t.name), check('items_qty_positive', sql`${t.qty} >= 0`)],
);

let client: PgliteProxy;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = await openPgliteWorker({});
  db = drizzle({ client: client as unknown as PGlite });
  await client.exec(`CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL CONSTRAINT items_name_key UNIQUE,
    qty int NOT NULL CONSTRAINT items_qty_positive CHECK (qty >= 0), at timestamptz NOT NULL DEFAULT now())`);
});
afterAll(async () => {
  await client?.close();
});

/** How late a 10 ms timer on this thread fires while `work` runs. */
async function timerLateness(work: Promise<unknown>) {
  let worst = 0;
  let running = true;
  const tick = async () => {
    while (running) {
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 10));
      worst = Math.max(worst, performance.now() - t0 - 10);
    }
  };
  const ticking = tick();
  await work;
  running = false;
  await ticking;
  return worst;
}

describe('PGlite on a worker thread', () => {
  it('keeps this thread answering while a slow statement runs', async () => {
    const t0 = performance.now();
    // Long enough on a fast quiet machine too (about 0.6 s there): the comparison below needs a slow statement.
    const slow = client.query('SELECT count(*) FROM generate_series(1, 2000000) g, LATERAL (SELECT g * 2) x');
    const late = await timerLateness(slow);
    const took = performance.now() - t0;
    expect(took).toBeGreaterThan(200);
    // On the calling thread the timer could not fire until the statement ended (`took` late).
    expect(late).toBeLessThan(took / 2);
  });

  it('reads and writes through Drizzle, timestamps and array-mode selects included', async () => {
    const when = new Date('2026-01-02T03:04:05.678Z');
    await db.insert(items).values({ id: 1, name: 'ribs', qty: 3, at: when });
    const [row] = await db.select({ name: items.name, qty: items.qty, at: items.at }).from(items).where(eq(items.id, 1));
    expect(row).toEqual({ name: 'ribs', qty: 3, at: when });
    const raw = (await db.execute(sql`SELECT name FROM items WHERE id = ${1}`)) as unknown as { rows: { name: string }[] };
    expect(raw.rows).toEqual([{ name: 'ribs' }]);
  });

  it('keeps PostgreSQL error fields on the error', async () => {
    const dup = await db
      .insert(items)
      .values({ id: 2, name: 'ribs', qty: 1 })
      .catch((e: unknown) => e);
    expect(pgErrorCode(dup)).toBe('23505');
    const cause = (dup as { cause: { code: string; constraint: string; detail: string } }).cause;
    expect(cause.constraint).toBe('items_name_key');
    expect(cause.detail).toContain('(name)=(ribs)');
    const negative = await client.query('INSERT INTO items (id, name, qty) VALUES (3, $1, -1)', ['wings']).catch((e: unknown) => e);
    expect(negative).toBeInstanceOf(Error);
    expect(negative).toMatchObject({ code: '23514', constraint: 'items_qty_positive' });
  });

  it('makes other callers wait until a transaction commits', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.insert(items).values({ id: 10, name: 'brisket', qty: 1 });
      await gate;
      await t.update(items).set({ qty: 2 }).where(eq(items.id, 10));
      order.push('commit');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db
      .select({ qty: items.qty })
      .from(items)
      .where(eq(items.id, 10))
      .then((rows) => {
        order.push('outside');
        return rows;
      });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual([]);
    release();
    await tx;
    // The outside read ran after the COMMIT and saw the finished row, never the half-done one.
    expect(await outside).toEqual([{ qty: 2 }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('rolls back when the callback throws, and keeps a failed savepoint to itself', async () => {
    const err = await db
      .transaction(async (t) => {
        await t.insert(items).values({ id: 20, name: 'mince', qty: 1 });
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e);
    expect((err as Error).message).toBe('changed my mind');
    expect(await db.select().from(items).where(eq(items.id, 20))).toEqual([]);

    await db.transaction(async (t) => {
      await t.insert(items).values({ id: 21, name: 'liver', qty: 1 });
      const inner = await t
        .transaction(async (t2) => {
          await t2.insert(items).values({ id: 22, name: 'liver', qty: 1 });
        })
        .catch((e: unknown) => e);
      expect(pgErrorCode(inner)).toBe('23505');
    });
    expect((await db.select({ id: items.id }).from(items).where(eq(items.name, 'liver'))).map((r) => r.id)).toEqual([21]);
  });

  it('delivers NOTIFY after COMMIT and never after a rollback', async () => {
    const heard: string[] = [];
    const stop = await client.listen('orders_changed', (p) => heard.push(p));
    await db.transaction(async (t) => {
      await t.execute(sql`SELECT pg_notify('orders_changed', 'kept')`);
    });
    await db
      .transaction(async (t) => {
        await t.execute(sql`SELECT pg_notify('orders_changed', 'dropped')`);
        t.rollback();
      })
      .catch(() => {});
    await client.query(`SELECT pg_notify('orders_changed', 'after')`);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['kept', 'after']);
    await stop();
  });

  it('refuses a parameter that cannot cross threads, and carries on', async () => {
    await expect(client.query('SELECT $1::text', [() => 'x'])).rejects.toThrow();
    expect((await client.query<{ v: string }>('SELECT $1::text AS v', ['ok'])).rows).toEqual([{ v: 'ok' }]);
  });

  it('answers every later caller once a statement fails inside a transaction', async () => {
    const err = await db
      .transaction(async (t) => {
        await t.execute(sql`SELECT 1/0`);
      })
      .catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('22012');
    expect(await db.select({ n: sql<number>`1` }).from(items).limit(1)).toHaveLength(1);
  });

  // A statement seen again runs under a name (parsed and planned once): it must answer exactly as
  // the unnamed one did, in and out of transactions, and survive the table changing under it.
  it('answers a repeated statement the same, after an error and after the table changed', async () => {
    const read = () => client.query<{ name: string; qty: number }>('SELECT name, qty FROM items WHERE id = $1', [501]);
    const insert = (name: string) => client.query('INSERT INTO items (id, name, qty) VALUES ($1, $2, $3)', [501, name, 4]);
    expect((await read()).rows).toEqual([]);
    await insert('named');
    for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ name: 'named', qty: 4 }]);
    // The same INSERT again, now named: the duplicate key keeps its PostgreSQL code, and the next call works.
    expect(pgErrorCode(await insert('named').catch((e: unknown) => e))).toBe('23505');
    expect(pgErrorCode(await insert('named').catch((e: unknown) => e))).toBe('23505');
    await client.transaction(async (tx) => {
      for (let i = 0; i < 2; i++) expect((await tx.query('SELECT name, qty FROM items WHERE id = $1', [501])).rows).toHaveLength(1);
      await tx.query('UPDATE items SET qty = $1 WHERE id = $2', [7, 501]);
      await tx.query('UPDATE items SET qty = $1 WHERE id = $2', [8, 501]);
    });
    expect((await read()).rows).toEqual([{ name: 'named', qty: 8 }]);
    const all = () => client.query<Record<string, unknown>>('SELECT * FROM items WHERE id = $1', [501]);
    await all();
    await all();
    await client.exec('ALTER TABLE items ADD COLUMN note text');
    expect((await all()).rows[0]).toHaveProperty('note', null);
    expect((await all()).rows[0]).toHaveProperty('note', null);
    // DDL as Drizzle's migrator sends it: one statement through `query`, after a comment.
    await client.query('-- a migration\nALTER TABLE items DROP COLUMN note');
    expect((await all()).rows[0]).not.toHaveProperty('note');
    await client.query('DELETE FROM items WHERE id = $1', [501]);
  });
});
