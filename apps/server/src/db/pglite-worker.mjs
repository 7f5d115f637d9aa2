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
import { PGlite } from '@electric-sql/pglite';

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

/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => Promise<null> }>} */
const open = new Map();
let nextTx = 1;
/** @type {Map<string, () => Promise<void>>} */
const listening = new Map();

/** @param {any} m */
async function handle(m) {
  const on = m.tx ? open.get(m.tx)?.tx : db;
  switch (m.op) {
    case 'query': {
      if (!on) throw new Error('Transaction is closed');
      const r = await on.query(m.sql, m.params, { rowMode: m.rowMode, parsers: parsersFor(m.raw) });
      // `blob` is only for COPY TO; the rest is plain data.
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
    }
    case 'exec': {
      if (!on) throw new Error('Transaction is closed');
      return (await on.exec(m.sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
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
