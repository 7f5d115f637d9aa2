// @ts-check
/**
 * The embedded database's own thread: one PGlite, driven by messages from the HTTP thread (see
 * pglite-proxy.ts for the other end and the message shapes). Plain JavaScript on purpose: a worker's
 * entry file is loaded without the TypeScript loader, in development, tests and the build alike.
 *
 * Transactions are PGlite's own: `begin` opens one and holds it until the HTTP thread sends `end`, so
 * PGlite's lock keeps every other caller's statements waiting until it commits or rolls back, as on
 * the HTTP thread before.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** Keeps a type's text as PostgreSQL sent it; the caller's own parser runs on the HTTP thread. */
const asText = (/** @type {string} */ v) => v;
/** @type {Map<string, Record<number, (v: string) => string>>} */
const rawParsers = new Map();
function parsersFor(/** @type {number[] | undefined} */ oids) {
  if (!oids?.length) return undefined;
  const key = oids.join(',');
  let p = rawParsers.get(key);
  if (!p) {
    p = Object.fromEntries(oids.map((o) => [o, asText]));
    rawParsers.set(key, p);
  }
  return p;
}

/** The Error's PostgreSQL fields (code, constraint, detail…): a thread boundary keeps only message and stack. */
function plainError(/** @type {unknown} */ err) {
  const e = /** @type {Record<string, unknown>} */ (err && typeof err === 'object' ? err : { message: String(err) });
  /** @type {Record<string, unknown>} */
  const out = { name: e.name, message: e.message, stack: e.stack };
  for (const [k, v] of Object.entries(e)) {
    if (v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

const db = await PGlite.create({ dataDir: workerData.dataDir, postgresqlconf: workerData.postgresqlconf });

/**
 * Named statements. PGlite's `query` sends every statement unnamed, so PostgreSQL parses, analyses
 * and plans it again on each call: for the signed-in caller's eight-join read that was most of its
 * time. A statement text seen a second time is parsed once under a name and then only bound and
 * executed, as the PostgreSQL server does for the repositories' prepared reads (prepared.ts). The
 * texts come from Drizzle with values as placeholders, so the hot ones are few; the least recently
 * used beyond `MAX_NAMED` is closed. PostgreSQL re-plans a named statement itself when a table it
 * reads changes, but refuses one whose result columns changed (`select *` after a migration added a
 * column): so DDL (a migration) and any multi-statement `exec` close them all.
 */
const MAX_NAMED = 100;
/** @type {Map<string, { name: string, types: number[] }>} statement text → its name, least recently used first */
const named = new Map();
/** Texts seen once: a one-off (a migration, a seed insert) is never named. */
let seenOnce = new Set();
let nextName = 1;
/** Set by a statement that may change a table's shape: every named statement is closed before the next runs. */
let shapeChanged = false;
/** Named: plain reads and writes. Transaction control (savepoints of nested transactions) is not. */
const PLAIN = /^\s*(select|insert|update|delete|with)\b/i;
/** May change a table's shape: every named statement is closed after it. */
const SHAPING = /^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/)*(create|alter|drop|truncate|comment|do|import|grant|revoke)\b/i;
const { serialize } = protocol;
/** @param {Uint8Array} message */
const send = (message) => db.execProtocolStream(message, { syncToFs: false });

/**
 * Runs a statement under its name (preparing it first), the way PGlite's own `query` runs it unnamed:
 * parameters serialized by the types PostgreSQL inferred, results parsed with PGlite's parsers.
 * `inTransaction`: the caller holds the transaction, so only the per-statement lock is taken.
 * @param {string} sql @param {unknown[] | undefined} params @param {any} options @param {boolean} inTransaction
 */
async function namedQuery(sql, params = [], options, inTransaction) {
  const run = async () => {
    /** @type {any[]} */
    const out = [];
    try {
      if (shapeChanged) {
        shapeChanged = false;
        for (const { name } of named.values()) await send(serialize.close({ type: 'S', name }));
        named.clear();
      }
      let statement = named.get(sql);
      if (statement) {
        named.delete(sql);
      } else {
        const name = `pglite_${nextName++}`;
        await send(serialize.parse({ name, text: sql }));
        const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
        statement = { name, types };
        if (named.size >= MAX_NAMED) {
          const [oldText, oldest] = named.entries().next().value;
          named.delete(oldText);
          await send(serialize.close({ type: 'S', name: oldest.name }));
        }
      }
      named.set(sql, statement);
      const types = statement.types;
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = db.serializers[types[i]];
        return serializer ? serializer(v) : String(v);
      });
      out.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      out.push(...(await send(serialize.describe({ type: 'P' }))));
      out.push(...(await send(serialize.execute({}))));
    } finally {
      out.push(...(await send(serialize.sync())));
    }
    if (!inTransaction) await db.syncToFs();
    return parse.parseResults(out, db.parsers, options)[0];
  };
  try {
    return await (inTransaction ? db._runExclusiveQuery(run) : db._runExclusiveTransaction(() => db._runExclusiveQuery(run)));
  } catch (err) {
    // The statement stays named only while it runs as it was prepared: after a failure it is
    // parsed again next time (a column changed by a migration, a type that no longer matches).
    const statement = named.get(sql);
    if (statement) {
      named.delete(sql);
      await db
        ._runExclusiveQuery(async () => {
          await send(serialize.close({ type: 'S', name: statement.name }));
          await send(serialize.sync());
        })
        .catch(() => {});
    }
    throw err;
  }
}

/** Whether this statement runs named: it was seen before (or is already named). */
function hot(/** @type {string} */ sql) {
  if (!PLAIN.test(sql)) {
    if (SHAPING.test(sql)) shapeChanged = true;
    return false;
  }
  if (named.has(sql)) return true;
  if (seenOnce.has(sql)) {
    seenOnce.delete(sql);
    return true;
  }
  if (seenOnce.size >= 2000) seenOnce = new Set();
  seenOnce.add(sql);
  return false;
}

/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => Promise<null> }>} */
const open = new Map();
let nextTx = 1;
/** @type {Map<string, () => Promise<void>>} */
const listening = new Map();

/** `blob` is only for COPY TO; the rest is plain data. @param {import('@electric-sql/pglite').Results} r */
const plain = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** @param {any} m */
async function handle(m) {
  const on = m.tx ? open.get(m.tx)?.tx : db;
  switch (m.op) {
    case 'query': {
      if (!on) throw new Error('Transaction is closed');
      const options = { rowMode: m.rowMode, parsers: parsersFor(m.raw) };
      if (hot(m.sql)) return plain(await namedQuery(m.sql, m.params, options, !!m.tx));
      try {
        return plain(await on.query(m.sql, m.params, options));
      } finally {
        // Also after it ran: a named statement prepared while it waited for the lock is closed too.
        if (SHAPING.test(m.sql)) shapeChanged = true;
      }
    }

    case 'exec': {
      if (!on) throw new Error('Transaction is closed');
      shapeChanged = true;
      try {
        return (await on.exec(m.sql)).map(plain);
      } finally {
        shapeChanged = true;
      }
    }
    case 'begin':
      return await begin();
    case 'end': {
      const t = open.get(m.tx);
      if (!t) throw new Error('Transaction is closed');
      open.delete(m.tx);
      return await t.end(m.commit);
    }
    case 'listen': {
      if (!listening.has(m.channel)) {
        listening.set(m.channel, await db.listen(m.channel, (payload) => port.postMessage({ notify: m.channel, payload })));
      }
      return null;
    }
    case 'unlisten': {
      const stop = listening.get(m.channel);
      listening.delete(m.channel);
      await stop?.();
      return null;
    }
    case 'dump': {
      const blob = await db.dumpDataDir(m.compression);
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      if (!db.closed) await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

const ROLLBACK = Symbol('rollback');

/** Opens a transaction; answers with its id once BEGIN ran. `end` later commits or rolls it back. */
function begin() {
  return new Promise((started, failed) => {
    const id = nextTx++;
    /** @type {(commit: boolean) => void} */
    let finish = () => {};
    const finished = new Promise((resolve, reject) => {
      finish = (commit) => (commit ? resolve(undefined) : reject(ROLLBACK));
    });
    const ended = db
      .transaction(async (tx) => {
        open.set(id, {
          tx,
          end(commit) {
            finish(commit);
            return ended;
          },
        });
        started(id);
        await finished;
      })
      .then(
        () => null,
        (err) => {
          if (err === ROLLBACK) return null;
          throw err;
        },
      );
    // BEGIN itself failed (the database closed): no `end` will ever come for this one.
    ended.catch(failed);
  });
}

port.on('message', (m) => {
  handle(m).then(
    (result) => port.postMessage({ id: m.id, result }),
    (err) => port.postMessage({ id: m.id, error: plainError(err) }),
  );
});
port.postMessage({ ready: true });
