/**
 * bench/events: holds 2,000 concurrent Server-Sent Events streams on one server instance (embedded
 * default, or DATABASE_URL), publishes 100 events through the real bus (a rider toggling their
 * availability publishes one each time), and prints the delivery latency (p50, p99) from the
 * pg_notify inside the publishing transaction to each stream's receipt (the event's publishedAt,
 * same machine clock), the whole request-to-receipt time, and the server's memory per open stream.
 * Targets: p99 under 250 ms, under 20 KB per stream.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const STREAMS = Number(process.env.STREAMS ?? 2_000);
const EVENTS = Number(process.env.EVENTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 3104);
const base = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '../..');

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The lowest RSS over a few seconds: garbage not yet collected should not count as held by streams. */
async function settledRssKb(pid: number) {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 10; i++) {
    min = Math.min(min, rssKb(pid));
    await sleep(500);
  }
  return min;
}

async function signIn(email: string) {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'password123' }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
/** Per stream: [receipt time, publishedAt] of each rider event, both wall-clock ms. */
const received: [number, number][][] = [];
const sentAt: number[] = [];
const sockets: http.ClientRequest[] = [];

function openStream(cookie: string, index: number) {
  received[index] = [];
  return new Promise<void>((resolve, reject) => {
    const req = http.get(`${base}/api/events`, { agent, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${index}: ${res.statusCode}`));
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let at = buf.indexOf('\n\n');
        while (at >= 0) {
          if (buf.startsWith('event: rider\n')) {
            const data = JSON.parse(buf.slice(buf.indexOf('data: ') + 6, at)) as { publishedAt: number };
            received[index]!.push([Date.now(), data.publishedAt]);
          }
          buf = buf.slice(at + 2);
          at = buf.indexOf('\n\n');
        }
      });
      resolve();
    });
    req.on('error', reject);
    sockets.push(req);
  });
}

// BENCH_DATA_DIR reuses an already seeded folder (a fresh one takes a while to seed on a busy machine).
const keepData = Boolean(process.env.BENCH_DATA_DIR);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'bench-events-'));
const probeFile = path.join(dataDir, 'memory-probe.json');
function startServer() {
  return spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      path.join(import.meta.dirname, 'memory-probe.mjs'),
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/main.ts'),
    ],
    {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        SEED_HISTORY: 'false',
        // Every stream here is the admin's: lift the per-person cap that a shop's users have.
        EVENT_STREAMS_PER_USER: String(STREAMS + 1),
        DATABASE_URL: '',
        MEMORY_PROBE_FILE: probeFile,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function untilHealthy() {
  for (let i = 0; ; i++) {
    if (i > 1_500) throw new Error('server did not start in 5 minutes');
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(200);
  }
}

// Seeding a fresh folder (catalog images and all) leaves the process hundreds of MB larger than a
// server that starts on seeded data: seed in a first process, measure in a second one.
if (!keepData) {
  const seeding = startServer();
  await untilHealthy();
  seeding.kill('SIGTERM');
  await new Promise((r) => seeding.once('exit', r));
}
const server = startServer();

/** Heap, external memory and RSS of a server process right after a full garbage collection. */
async function probeMemory(pid: number, file: string) {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as NodeJS.MemoryUsage;
    } catch {
      // Not written yet.
    }
  }
  throw new Error('the server did not answer the memory probe');
}

type Memory = NodeJS.MemoryUsage;
const perStreamKb = (a: Memory, b: Memory, k: keyof Memory, n: number) => (b[k] - a[k]) / 1024 / n;

/** The same streams against a bare node:http server: what Node itself holds per stream. */
async function measureFloor(n: number) {
  const port = PORT + 1;
  const file = path.join(dataDir, 'memory-probe-floor.json');
  const bare = spawn(
    process.execPath,
    ['--expose-gc', '--import', path.join(import.meta.dirname, 'memory-probe.mjs'), path.join(import.meta.dirname, 'bare-sse.mjs')],
    {
      env: { ...process.env, PORT: String(port), MEMORY_PROBE_FILE: file },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const opened: http.ClientRequest[] = [];
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}/`, { agent }, (res) => {
        res.resume();
        resolve();
      });
      req.on('error', reject);
      opened.push(req);
    });
  try {
    for (let i = 0; ; i++) {
      if (i > 100) throw new Error('the bare server did not start');
      if (
        await open().then(
          () => true,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    await sleep(500);
    const a = await probeMemory(bare.pid!, file);
    for (let i = 0; i < n; i += 100) await Promise.all(Array.from({ length: Math.min(100, n - i) }, open));
    await sleep(1_000);
    const b = await probeMemory(bare.pid!, file);
    return { heap: perStreamKb(a, b, 'heapUsed', n) + perStreamKb(a, b, 'external', n), rss: perStreamKb(a, b, 'rss', n) };
  } finally {
    for (const r of opened) r.destroy();
    bare.kill();
  }
}

try {
  await untilHealthy();
  const admin = await signIn('admin@shop.test');
  const rider = await signIn('rider@shop.test');
  // Warm up the route and the bus before measuring the baseline.
  await openStream(admin, STREAMS);
  await sleep(2_000);
  const before = await settledRssKb(server.pid!);
  const heapBefore = await probeMemory(server.pid!, probeFile);

  const t0 = performance.now();
  for (let i = 0; i < STREAMS; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, (_, k) => openStream(admin, i + k)));
  console.log(`opened ${STREAMS} streams in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sleep(3_000);
  const after = await settledRssKb(server.pid!);
  const heapAfter = await probeMemory(server.pid!, probeFile);

  for (let e = 0; e < EVENTS; e++) {
    sentAt[e] = Date.now();
    const res = await fetch(`${base}/api/rider/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: base, cookie: rider },
      body: JSON.stringify({ status: e % 2 ? 'offline' : 'online' }),
    });
    if (!res.ok) throw new Error(`publish ${e}: ${res.status}`);
    await sleep(50);
  }
  await sleep(3_000);

  const latencies: number[] = [];
  const endToEnd: number[] = [];
  let missing = 0;
  for (let s = 0; s < STREAMS; s++) {
    const got = received[s]!;
    missing += EVENTS - got.length;
    got.forEach(([at, published], e) => {
      latencies.push(at - published);
      endToEnd.push(at - sentAt[e]!);
    });
  }
  latencies.sort((a, b) => a - b);
  endToEnd.sort((a, b) => a - b);
  const pctOf = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? Number.NaN;
  const pct = (p: number) => pctOf(latencies, p);
  console.log(`bench/events: ${STREAMS} streams, ${EVENTS} events, ${latencies.length} deliveries, ${missing} missing`);
  console.log(
    `  publish to delivery: p50 ${pct(50).toFixed(1)} ms   p99 ${pct(99).toFixed(1)} ms   max ${latencies.at(-1)?.toFixed(1)} ms   (target p99 < 250 ms)`,
  );
  console.log(
    `  request start to receipt (incl. the publishing request itself): p50 ${pctOf(endToEnd, 50).toFixed(1)} ms   p99 ${pctOf(endToEnd, 99).toFixed(1)} ms`,
  );
  const held = perStreamKb(heapBefore, heapAfter, 'heapUsed', STREAMS) + perStreamKb(heapBefore, heapAfter, 'external', STREAMS);
  console.log(`  memory held per open stream (heap + external after a full GC): ${held.toFixed(1)} KB   (target < 20 KB)`);
  console.log(
    `  server RSS after a full GC: ${(heapBefore.rss / 1048576).toFixed(0)} MB -> ${(heapAfter.rss / 1048576).toFixed(0)} MB, ${perStreamKb(heapBefore, heapAfter, 'rss', STREAMS).toFixed(1)} KB per stream;` +
      ` without GC ${(before / 1024).toFixed(0)} MB -> ${(after / 1024).toFixed(0)} MB (${((after - before) / STREAMS).toFixed(1)} KB, counts garbage not yet collected)`,
  );
  for (const s of sockets) s.destroy();
  const floor = await measureFloor(STREAMS);
  console.log(
    `  floor, a bare node:http stream server: ${floor.heap.toFixed(1)} KB held, ${floor.rss.toFixed(1)} KB RSS per stream (Node's own cost of an open stream)`,
  );
} finally {
  for (const s of sockets) s.destroy();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
}
