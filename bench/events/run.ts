/**
 * bench/events: holds 2,000 concurrent Server-Sent Events streams on one server instance (embedded
 * default, or DATABASE_URL), publishes 100 events through the real bus (a rider toggling their
 * availability publishes one each time), and prints the delivery latency (p50, p99) from the
 * pg_notify inside the publishing transaction to each stream's receipt (the event's publishedAt,
 * same machine clock), the whole request-to-receipt time, and the server's memory per open stream.
 * Targets (issue 6): p99 under 250 ms, under 20 KB per stream.
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
          if (buf.startsWith('event: rider')) {
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
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    SEED_HISTORY: 'false',
    DATABASE_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  for (let i = 0; ; i++) {
    if (i > 1_500) throw new Error('server did not start in 5 minutes');
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await sleep(200);
  }
  const admin = await signIn('admin@shop.test');
  const rider = await signIn('rider@shop.test');
  // Warm up the route and the bus before measuring the baseline.
  await openStream(admin, STREAMS);
  await sleep(2_000);
  const before = await settledRssKb(server.pid!);

  const t0 = performance.now();
  for (let i = 0; i < STREAMS; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, (_, k) => openStream(admin, i + k)));
  console.log(`opened ${STREAMS} streams in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sleep(3_000);
  const after = await settledRssKb(server.pid!);

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
  const perStreamKb = (after - before) / STREAMS;
  console.log(`bench/events: ${STREAMS} streams, ${EVENTS} events, ${latencies.length} deliveries, ${missing} missing`);
  console.log(
    `  publish to delivery: p50 ${pct(50).toFixed(1)} ms   p99 ${pct(99).toFixed(1)} ms   max ${latencies.at(-1)?.toFixed(1)} ms   (target p99 < 250 ms)`,
  );
  console.log(
    `  request start to receipt (incl. the publishing request itself): p50 ${pctOf(endToEnd, 50).toFixed(1)} ms   p99 ${pctOf(endToEnd, 99).toFixed(1)} ms`,
  );
  console.log(
    `  server RSS ${(before / 1024).toFixed(0)} MB -> ${(after / 1024).toFixed(0)} MB: ${perStreamKb.toFixed(1)} KB per open stream   (target < 20 KB)`,
  );
} finally {
  for (const s of sockets) s.destroy();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
}
