/**
 * A transaction's last statements and its COMMIT in one message to the PostgreSQL server.
 *
 * A transaction that takes contended rows last holds them until its COMMIT arrives. Sent one by one,
 * each of those statements waits for the app to read the previous answer, and under load the app's
 * event loop is busy with other requests: that wait, not the database's work, was most of the time
 * the hot rows were held. Sent together in the simple query protocol (values written into the text
 * as literals), the server runs them and the COMMIT back to back. A statement that must refuse
 * raises an error instead of returning a verdict: the server then skips the rest and the
 * transaction is aborted, so nothing of it commits and the caller's rollback ends it.
 *
 * On the embedded database there is one connection and nothing waits on a row lock, so the
 * statements simply run in order and the transaction commits when its callback returns.
 *
 * Nothing may run in the transaction after this call: on the server it has already committed (the
 * COMMIT Drizzle sends afterwards only draws a "no transaction in progress" warning).
 */
import { SQL, sql } from 'drizzle-orm';
import { NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Tx } from './client.ts';

const dialect = new PgDialect();

/** One statement of a transaction's tail, as a repository builds it. */
export type Statement = SQL;

// Writes held back by `holdWritesUntilCommit`, per open transaction.
const heldWrites = new WeakMap<Tx, SQL[]>();

/**
 * From here until `commitWith`, a write sent through `writeAtCommit` in this transaction waits and
 * goes out with the transaction's last message. Each held write is a round trip saved: for a busy
 * transaction that ends with `commitWith`, most of its writes (rows nobody reads back inside it, and
 * its NOTIFYs) cost the app and the database a message each otherwise. Only for a transaction that
 * ends with `commitWith` on every path that commits, and reads none of the rows it holds back.
 */
export function holdWritesUntilCommit(tx: Tx): void {
  heldWrites.set(tx, []);
}

/** A write in `tx` whose answer nobody reads: sent now, or with the COMMIT when the transaction holds writes. */
export async function writeAtCommit(tx: Tx, statement: SQL | (PromiseLike<unknown> & { getSQL(): SQL })): Promise<void> {
  const held = heldWrites.get(tx);
  const isSql = statement instanceof SQL;
  if (held) held.push(isSql ? statement : statement.getSQL());
  else await (isSql ? tx.execute(statement) : statement);
}

/** Rows of each statement, in order; the writes the transaction held back run first. */
export async function commitWith(tx: Tx, statements: Statement[]): Promise<Record<string, unknown>[][]> {
  const held = heldWrites.get(tx) ?? [];
  heldWrites.delete(tx);
  // The embedded database commits when the transaction's callback returns.
  const commit = tx instanceof NodePgTransaction ? [sql.raw('COMMIT')] : [];
  const rows = await sendTogether(tx, [...held, ...statements, ...commit]);
  return rows.slice(held.length, held.length + statements.length);
}

/**
 * Statements sent in one message and answered in order: one round trip instead of one each. Each
 * statement still sees what committed before it started (READ COMMITTED takes a snapshot per
 * statement), so a read placed after a lock sees what the lock's previous holder wrote.
 */
export async function sendTogether(tx: Tx, statements: Statement[]): Promise<Record<string, unknown>[][]> {
  if (!(tx instanceof NodePgTransaction)) {
    const out: Record<string, unknown>[][] = [];
    for (const s of statements) out.push(rowsOf(await tx.execute(s)));
    return out;
  }
  return rowsOfEach(tx, statements.map(inline).join(';\n'));
}

async function rowsOfEach(tx: Pick<Tx, 'execute'>, text: string): Promise<Record<string, unknown>[][]> {
  const results = (await tx.execute(sql.raw(text))) as unknown as pg.QueryResult[] | pg.QueryResult;
  return (Array.isArray(results) ? results : [results]).map((r) => r.rows as Record<string, unknown>[]);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The statement with its values written in as literals (the simple protocol takes no parameters). */
export function inline(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`commitWith: cannot write ${value} as a literal`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`commitWith: cannot write a ${typeof value} as a literal`);
}

/**
 * NOTIFY inside the caller's transaction: listeners hear it after COMMIT, never after a rollback. A
 * transaction that holds its writes (`holdWritesUntilCommit`) sends it with the COMMIT.
 */
export async function notify(tx: Tx, channel: string, payload: string): Promise<void> {
  await writeAtCommit(tx, sql`SELECT pg_notify(${channel}, ${payload})`);
}
