/**
 * One writer: only the order core (src/modules/orders/lifecycle/) writes `orders.status` and
 * `orders.payment_status`, or creates an order row (which sets both). This reads the server's source
 * and fails on any other Drizzle update of the orders table that sets those columns (or sets an
 * unchecked spread of values), any insert into it, and any raw SQL that does the same. The demo seed
 * writes history rows directly and is left out. Rider, payment-attempt and message statuses are
 * other tables and do not count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const ALLOWED = [path.join('modules', 'orders', 'lifecycle') + path.sep, `seed${path.sep}`];

/** The `.set(...)` argument that follows `.update(orders)`, up to its closing parenthesis. */
function setArgument(text: string, from: number): string | null {
  const set = text.slice(from).match(/^\s*\.set\(/);
  if (!set) return null;
  let depth = 1;
  const start = from + set[0].length;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && --depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

const ORDERS_TABLE = String.raw`(?:\w+\.)?orders`;

/** What in this source writes the order's status or payment status; empty when nothing does. */
export function statusWrites(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`\.update\(\s*${ORDERS_TABLE}\s*\)`, 'g'))) {
    const arg = setArgument(text, m.index + m[0].length);
    if (arg === null) continue;
    const literal = arg.trim();
    // Only an object literal can be checked; a variable or a spread could carry the status.
    if (!literal.startsWith('{') || /\.\.\./.test(literal)) found.push(`update(orders).set(${literal.slice(0, 60)})`);
    else if (/(?:^|[{,\s])(status|paymentStatus)\s*[:,}]/.test(literal)) found.push(`update(orders).set(${literal.slice(0, 60)})`);
  }
  for (const m of text.matchAll(new RegExp(String.raw`\.insert\(\s*${ORDERS_TABLE}\s*\)`, 'g'))) found.push(m[0]);
  for (const m of text.matchAll(/\bupdate\s+"?orders"?\s+(?:\w+\s+)?set\b([\s\S]{0,400}?)(?:\bwhere\b|;|`)/gi)) {
    if (/\b(status|payment_status)\s*=/i.test(m[1]!)) found.push(m[0].slice(0, 80));
  }
  for (const m of text.matchAll(/\binsert\s+into\s+"?orders"?[\s(]/gi)) found.push(m[0]);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the order core is the one writer of order and payment status', () => {
  it('finds the writes it is meant to find, and not other tables or other columns', () => {
    expect(statusWrites(`await tx.update(orders).set({ status: 'cancelled', cancelledAt: now })`)).toHaveLength(1);
    expect(statusWrites(`tx.update(orders)\n  .set({ cancelledAt: now, paymentStatus })\n  .where(x)`)).toHaveLength(1);
    expect(statusWrites(`db.update(schema.orders).set({ ...values, updatedAt: new Date() })`)).toHaveLength(1);
    expect(statusWrites(`tx.update(orders).set(values)`)).toHaveLength(1);
    expect(statusWrites(`const [row] = await tx.insert(orders).values(v).returning();`)).toHaveLength(1);
    expect(statusWrites('sql`UPDATE orders SET status = :s WHERE id = :id`')).toHaveLength(1);
    expect(statusWrites('sql`update "orders" set payment_status = \'paid\' where id = :id`')).toHaveLength(1);
    expect(statusWrites('sql`INSERT INTO orders (id, status) VALUES (...)`')).toHaveLength(1);

    expect(statusWrites(`tx.update(orders).set({ readyAt: sql\`now()\` }).where(and(eq(orders.status, 'pending')))`)).toEqual([]);
    expect(statusWrites(`tx.update(deliveryRiders).set({ isActive: false, status: 'offline' })`)).toEqual([]);
    expect(statusWrites(`tx.update(payments).set({ status: 'completed' })`)).toEqual([]);
    expect(statusWrites(`tx.update(customerMessages).set({ status: 'sent' })`)).toEqual([]);
    expect(statusWrites('sql`UPDATE orders SET delivery_photo_url = :u WHERE status = :s`')).toEqual([]);
    expect(statusWrites(`tx.select().from(orders).where(eq(orders.status, 'pending'))`)).toEqual([]);
  });

  it('has no writer outside modules/orders/lifecycle (and the demo seed)', () => {
    const offenders: string[] = [];
    let lifecycleWrites = 0;
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file);
      const writes = statusWrites(readFileSync(file, 'utf8'));
      if (ALLOWED.some((prefix) => rel.startsWith(prefix))) {
        if (rel.startsWith(ALLOWED[0]!)) lifecycleWrites += writes.length;
        continue;
      }
      for (const w of writes) offenders.push(`${rel}: ${w}`);
    }
    expect(offenders).toEqual([]);
    // The scan reads the real files: the core's own writes are seen (so an empty result means something).
    expect(lifecycleWrites).toBeGreaterThanOrEqual(3);
  });
});
