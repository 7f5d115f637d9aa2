/**
 * The embedded database on a thread of its own: PGlite runs in a worker (pglite-worker.mjs) and this
 * is the HTTP thread's handle on it, with the part of PGlite's client API that Drizzle's pglite
 * driver, its migrator and the realtime bus use (query, exec, transaction, listen, close). While a
 * slow statement (a report) runs there, this thread keeps answering: parsing requests, serving the
 * caches, writing responses.
 *
 * Statements still run one at a time, as on one PostgreSQL connection: an interactive transaction
 * holds PGlite's lock in the worker until its callback here finishes, so another caller's statement
 * waits for the COMMIT or ROLLBACK. Touching the outer database inside a transaction therefore still
 * hangs (see STACK-NOTES): use only the transaction handle.
 */
import { Worker } from 'node:worker_threads';
import type { ParserOptions, Results, RowMode } from '@electric-sql/pglite';

export interface QueryOptions {
  rowMode?: RowMode;
  /** Per-type parsers; they run on this thread on the columns of those types (kept as text in the worker). */
  parsers?: ParserOptions;
}

export interface ProxyTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteProxy {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(fn: (tx: ProxyTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
  /** The worker's thread id, for diagnostics and tests. */
  readonly threadId: number;
  /** Statements sent to the worker and not answered yet (the metrics' queue on the embedded database). */
  readonly outstanding: number;
}

/** A PostgreSQL error from the worker, with its fields (code, constraint, detail, …) as pg and PGlite give them. */
export class DatabaseError extends Error {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
  severity?: string;
  query?: string;
  params?: unknown[];
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };
type Notice = { notify: string; payload: string };

const workerFile = new URL('./pglite-worker.mjs', import.meta.url);

export interface ProxyOptions {
  dataDir?: string;
  postgresqlconf?: string[];
}

export async function openPgliteWorker(opts: ProxyOptions): Promise<PgliteProxy> {
  const worker = new Worker(workerFile, {
    workerData: { dataDir: opts.dataDir, postgresqlconf: opts.postgresqlconf },
    // No TypeScript loader: the worker's entry is plain JavaScript.
    execArgv: [],
    // The worker's console goes straight to the process's, not through this thread's event loop.
    stdout: false,
    stderr: false,
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  let gone: Error | undefined;

  // The worker says `ready` once PGlite is open; opening it failed if the worker errs first.
  await new Promise<void>((resolve, reject) => {
    const onReady = () => {
      worker.off('error', reject);
      resolve();
    };
    worker.once('message', onReady);
    worker.once('error', (err) => {
      worker.off('message', onReady);
      reject(err);
    });
  });

  worker.on('message', (m: Reply | Notice) => {
    if ('notify' in m) {
      for (const h of handlers.get(m.notify) ?? []) h(m.payload);
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    // The thread keeps the process alive only while a statement is outstanding: a script (seed,
    // migrations) ends after its last one, as it did with PGlite on its own thread.
    if (pending.size === 0) worker.unref();
    if (m.error) p.reject(toError(m.error));
    else p.resolve(m.result);
  });
  const fail = (err: Error) => {
    // The worker died (out of memory, a crash in the database): every waiting caller hears it, as a
    // lost connection (57P01) so the API answers 503 rather than hanging.
    gone = Object.assign(new DatabaseError(`The embedded database stopped: ${err.message}`), { code: '57P01' });
    for (const p of pending.values()) p.reject(gone);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!closed) fail(new Error(`exit code ${code}`));
  });
  worker.unref();

  function call<T>(msg: Record<string, unknown>): Promise<T> {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    try {
      // A parameter that cannot cross threads (a function, a class instance with private state) fails here.
      worker.postMessage({ ...msg, id });
    } catch (err) {
      return Promise.reject(err);
    }
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
  }

  async function query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    const parsers = options?.parsers;
    const raw = parsers ? Object.keys(parsers).map(Number) : undefined;
    try {
      const res = await call<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, raw, tx });
      if (parsers && res.rows.length) applyParsers(res, parsers, options?.rowMode === 'array');
      return res;
    } catch (err) {
      if (err instanceof DatabaseError && err.code) Object.assign(err, { query: sql, params });
      throw err;
    }
  }

  return {
    get outstanding() {
      return pending.size;
    },
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql) => call({ op: 'exec', sql }),
    async transaction<T>(fn: (tx: ProxyTransaction) => Promise<T>) {
      const id = await call<number>({ op: 'begin' });
      let ended = false;
      const end = (commit: boolean) => {
        ended = true;
        return call<null>({ op: 'end', tx: id, commit });
      };
      const tx: ProxyTransaction = {
        query: (sql, params, options) => (ended ? Promise.reject(new Error('Transaction is closed')) : query(sql, params, options, id)),
        exec: (sql) => (ended ? Promise.reject(new Error('Transaction is closed')) : call({ op: 'exec', sql, tx: id })),
        rollback: async () => {
          if (!ended) await end(false);
        },
        get closed() {
          return ended;
        },
      };
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        if (!ended) await end(false).catch(() => {});
        throw err;
      }
      if (!ended) await end(true);
      return result;
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await call({ op: 'listen', channel });
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async dumpDataDir(compression = 'gzip') {
      const bytes = await call<Uint8Array>({ op: 'dump', compression });
      return new Blob([bytes as Uint8Array<ArrayBuffer>]);
    },
    async close() {
      if (closed) return;
      // PGlite's close waits for its lock: a transaction left open (a caller that never returned)
      // must not keep shutdown waiting forever, so the thread is ended after a grace period.
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise((r) => {
        timer = setTimeout(r, 5_000);
      });
      if (!gone) await Promise.race([call({ op: 'close' }).catch(() => {}), grace]);
      clearTimeout(timer);
      closed = true;
      await worker.terminate();
    },
    get closed() {
      return closed || !!gone;
    },
    threadId: worker.threadId,
  };
}

function toError(fields: Record<string, unknown> | undefined): DatabaseError {
  const { message, stack, name, ...rest } = fields ?? {};
  const err = new DatabaseError(String(message ?? 'database error'));
  Object.assign(err, rest);
  if (typeof name === 'string') err.name = name;
  // The worker's stack says where PostgreSQL failed; this thread's says who asked.
  if (typeof stack === 'string') err.stack = `${err.stack}\n    -- in the database thread --\n${stack.split('\n').slice(1).join('\n')}`;
  return err;
}

function applyParsers(res: Results<unknown>, parsers: ParserOptions, arrayMode: boolean) {
  res.fields.forEach((f, i) => {
    const parse = parsers[f.dataTypeID];
    if (!parse) return;
    for (const row of res.rows as Record<string | number, unknown>[]) {
      const key = arrayMode ? i : f.name;
      const v = row[key];
      if (typeof v === 'string') row[key] = parse(v);
    }
  });
}
