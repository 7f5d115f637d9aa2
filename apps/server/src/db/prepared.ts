/**
 * Statements prepared once per database: Drizzle builds the SQL text of a hot read once (not on
 * every request) and, on the PostgreSQL server, each pooled connection parses and plans it once as a
 * named prepared statement. Values go in as placeholders (`sql.placeholder('name')`); a list goes in
 * as one array value (`= any(…)`), so its length does not change the statement.
 *
 * Inside a transaction the same query is built on the transaction and run there: a prepared
 * statement belongs to the root database's pool, not to the transaction's connection. Behind a
 * transaction-pooling pooler it is built every time and sent unnamed.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import { mayNameStatements, type Tx } from './client.ts';

interface Runnable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}
interface Preparable<T> extends Runnable<T> {
  prepare(name: string): Runnable<T>;
}

const byDatabase = new WeakMap<object, Map<string, Runnable<unknown>>>();

/**
 * Runs the statement `name` (unique per statement text: the PostgreSQL server keeps it under that
 * name on each connection) with these values, building and preparing it on first use.
 */
export function runPrepared<T>(tx: Tx, name: string, build: (tx: Tx) => Preparable<T>, values: Record<string, unknown>): Promise<T> {
  if (tx instanceof PgTransaction || !mayNameStatements(tx)) return build(tx).execute(values);
  let statements = byDatabase.get(tx);
  if (!statements) {
    statements = new Map();
    byDatabase.set(tx, statements);
  }
  let statement = statements.get(name) as Runnable<T> | undefined;
  if (!statement) {
    statement = build(tx).prepare(name);
    statements.set(name, statement);
  }
  return statement.execute(values);
}
