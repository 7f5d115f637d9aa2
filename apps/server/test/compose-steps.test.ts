/**
 * compose.yaml's steps run as processes from the files the image holds (`npm run build`'s server
 * bundle and web app), since no image can be built here: the `migrate` service's own command on an
 * empty PostgreSQL database and an empty bucket, then two instances (`node dist/main.mjs`, as the
 * image's CMD, from its WORKDIR) with the environment compose gives them, asked the way Caddy asks
 * (X-Forwarded-Proto: https). Together they must be the demo shop at https://localhost: ready, the
 * storefront page, the demo products with images from the bucket, and a Secure session made on one
 * instance that the other honours. Needs DATABASE_URL and a build: without a build it is skipped,
 * except under CI (which builds first), where it fails.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { freePort } from './faults/server-process.ts';
import { type FakeS3, startFakeS3 } from './fixtures/fake-s3.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const serverDir = path.join(root, 'apps/server');
const built = existsSync(path.join(serverDir, 'dist/main.mjs')) && existsSync(path.join(root, 'apps/web/dist/index.html'));
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const exec = promisify(execFile);

type Service = { environment: Record<string, string>; command: string[] };
const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };

/** The image's ENV line (Dockerfile), then a service's environment with compose's defaults filled in. */
function environmentOf(service: string): Record<string, string> {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const image = [...(/^ENV (.*)$/m.exec(dockerfile)?.[1] ?? '').matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!] as const);
  const own = Object.entries(compose.services[service]!.environment).map(
    ([k, v]) => [k, String(v).replace(/\$\{\w+(?::-([^}]*))?\}/g, (_, fallback: string | undefined) => fallback ?? '')] as const,
  );
  return Object.fromEntries([...image, ...own]);
}

describe.runIf(process.env.DATABASE_URL && (built || isCI))('the compose steps as processes, from the build', () => {
  const PUBLIC_URL = environmentOf('shop-1').PUBLIC_URL!;
  const caddy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
  let s3: FakeS3;
  let drop: () => Promise<void>;
  const instances: { base: string; child: ChildProcess; dataDir: string; out: string[] }[] = [];

  /** The compose environment, pointed at this test's database and bucket, on this machine. */
  function local(service: string, database: string, dataDir: string, port = 3000) {
    return {
      PATH: process.env.PATH ?? '',
      ...environmentOf(service),
      DATABASE_URL: database,
      ...s3.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
    };
  }

  beforeAll(async () => {
    if (!built) throw new Error('No build: run `npm run build` before this test.');
    s3 = await startFakeS3();
    // An empty database, as the postgres service starts with.
    const name = `meatshop_compose_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };

    // The migrate service's command, as compose runs it (`$$` is compose's escape for `$`).
    const migrateDir = mkdtempSync(path.join(os.tmpdir(), 'meatshop-compose-'));
    const [shell, flag, script] = compose.services.migrate!.command;
    const migrate = await exec(shell!, [flag!, script!.replaceAll('$$', '$')], {
      cwd: serverDir,
      env: local('migrate', database, migrateDir),
    }).catch((e) => e as Error & { stdout: string; stderr: string });
    rmSync(migrateDir, { recursive: true, force: true });
    if (migrate instanceof Error) throw new Error(`migrate step failed:\n${migrate.stdout}\n${migrate.stderr}`);

    for (const service of ['shop-1', 'shop-2']) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meatshop-compose-'));
      const child = spawn(process.execPath, ['dist/main.mjs'], {
        cwd: serverDir,
        env: local(service, database, dataDir, port),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out: string[] = [];
      child.stdout!.on('data', (d) => out.push(String(d)));
      child.stderr!.on('data', (d) => out.push(String(d)));
      instances.push({ base: `http://127.0.0.1:${port}`, child, dataDir, out });
    }
    for (const i of instances) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (i.child.exitCode !== null) throw new Error(`instance exited:\n${i.out.join('')}`);
        if (
          await fetch(`${i.base}/api/health/ready`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (Date.now() > deadline) throw new Error(`instance did not get ready:\n${i.out.join('')}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }, 240_000);

  afterAll(async () => {
    for (const i of instances) {
      if (i.child.exitCode === null) {
        const exited = new Promise((r) => i.child.once('exit', r));
        i.child.kill('SIGTERM');
        await exited;
      }
      rmSync(i.dataDir, { recursive: true, force: true });
    }
    await drop?.();
    await s3?.close();
  });

  it('both instances are ready: database and storage answer', async () => {
    for (const i of instances) {
      const res = await fetch(`${i.base}/api/health/ready`, { headers: caddy });
      // On the compose services' PostgreSQL and bucket, not a fallback to the embedded database or disk.
      expect(await res.json()).toEqual({ status: 'ok', database: 'postgres', storage: 's3', checks: { database: 'ok', storage: 'ok' } });
    }
  });

  it('serve the storefront page and the demo products, with their images from the bucket', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const page = await fetch(`${a.base}/`, { headers: caddy });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('strict-transport-security')).toBeTruthy();
    const { products } = (await (await fetch(`${b.base}/api/products`, { headers: caddy })).json()) as {
      products: { imageUrls: string[] }[];
    };
    expect(products.length).toBeGreaterThan(5);
    const image = products.flatMap((p) => p.imageUrls).find((u) => u.startsWith('/media/'))!;
    for (const i of instances) {
      const res = await fetch(i.base + image, { headers: caddy });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
    }
    expect(s3.objects.size).toBeGreaterThan(0);
  });

  it('a demo account signs in on one instance with a Secure cookie that the other honours', async () => {
    const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const res = await fetch(`${a.base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { ...caddy, 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ email: ACCOUNTS.admin.email, password: DEMO_PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/;\s*Secure/i);
    const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    expect((await fetch(`${b.base}/api/orders`, { headers: { ...caddy, cookie } })).status).toBe(200);
  });
});
