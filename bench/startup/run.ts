/**
 * bench/startup: time from process start to /api/health answering, on a fresh embedded database,
 * on a warm one, and on the PostgreSQL server when DATABASE_URL is set; with resident memory after
 * start. Targets: warm start under 2 s, memory under 200 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
// What `npm start` runs: the built server (run `npm run build` first).
const main = path.join(root, 'apps/server/dist/main.mjs');

function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function startOnce(label: string, env: Record<string, string>, port: number) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let ms = 0;
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) {
        ms = performance.now() - t0;
        break;
      }
    } catch {}
    if (performance.now() - t0 > 120_000) throw new Error(`${label}: no health in 120 s`);
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => setTimeout(r, 1500));
  const mem = rssMb(child.pid!);
  const stopped = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await stopped;
  console.log(`${label.padEnd(34)} ready in ${(ms / 1000).toFixed(2).padStart(6)} s   RSS ${mem.toFixed(0).padStart(4)} MB`);
  return { ms, mem };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
console.log('bench/startup (targets: warm start < 2 s, memory < 200 MB)');
await startOnce('embedded, fresh (migrate + seed)', { DATA_DIR: dataDir, DATABASE_URL: '' }, 4301);
await startOnce('embedded, warm', { DATA_DIR: dataDir, DATABASE_URL: '' }, 4302);
await startOnce('embedded, warm (again)', { DATA_DIR: dataDir, DATABASE_URL: '' }, 4303);
rmSync(dataDir, { recursive: true, force: true });

if (process.env.DATABASE_URL) {
  const name = `bench_startup_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const pgDir = mkdtempSync(path.join(os.tmpdir(), 'bench-startup-pg-'));
  await startOnce('postgres, fresh (migrate + seed)', { DATA_DIR: pgDir, DATABASE_URL: url.toString(), SEED_DEMO: 'true' }, 4304);
  await startOnce('postgres, warm', { DATA_DIR: pgDir, DATABASE_URL: url.toString() }, 4305);
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  await admin.end();
  rmSync(pgDir, { recursive: true, force: true });
}
