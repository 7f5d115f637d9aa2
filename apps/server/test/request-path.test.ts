/**
 * The request path's per-request work: security headers (the full set on pages, a short one on JSON
 * answers), request ids (unique, same format, no random read per request) and one log line per
 * request.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createRequestIds } from '../src/platform/request-id.ts';
import { startServer } from './faults/server-process.ts';
import { createTestApp, type TestContext } from './helpers.ts';

/** The smallest web build the page renderer accepts: a shell and an empty manifest. */
function fakeWebBuild() {
  const dist = path.join(mkdtempSync(path.join(os.tmpdir(), 'meatshop-web-')), 'dist');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Shop</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  return dist;
}

describe('security headers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { WEB_DIST: fakeWebBuild() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a page the full set its scripts run under', async () => {
    const res = await t.app.inject({ url: '/about' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://www.openstreetmap.org');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['origin-agent-cluster']).toBe('?1');
  });

  it('gives a JSON answer, success or error, a short set that still forbids sniffing, framing and rendering', async () => {
    const answers = [
      await t.app.inject({ url: '/api/products' }),
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/nothing-here' }),
      await t.app.inject({ url: '/api/products?minPrice=-1' }),
      await t.app.inject({ url: '/api/orders' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 400, 401]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // What only matters to a document is left off data.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });

  it('keeps the headers a route set itself', async () => {
    await t.app.deps.storage.put('product-images/probe.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    const img = await t.app.inject({ url: '/media/product-images/probe.jpg' });
    expect(img.headers['content-security-policy']).toContain('sandbox');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
  });

  it('adds HSTS to pages and JSON answers alike when the shop is on HTTPS', async () => {
    const secure = await createTestApp('pglite', { seed: false, env: { PUBLIC_URL: 'https://shop.example.ug' } });
    try {
      for (const url of ['/api/health', '/robots.txt']) {
        const res = await secure.app.inject({ url });
        expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      }
    } finally {
      await secure.close();
    }
  });
});

describe('request ids', () => {
  it('are unique, sixteen hex characters, and apart between processes', () => {
    const a = createRequestIds();
    const b = createRequestIds();
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) seen.add(a());
    expect(seen.size).toBe(100_000);
    for (const id of seen) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(b().slice(0, 8)).not.toBe(a().slice(0, 8));
  });
});

describe('request log', () => {
  it('writes one line per request, with its id, method, path, status and time', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const lines: Record<string, unknown>[] = [];
    const config = loadConfig({
      NODE_ENV: 'production',
      BACKGROUND_JOBS: 'off',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'meatshop-test-')),
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'info',
    });
    const app = await buildApp({ config, database, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    try {
      await app.ready();
      lines.length = 0;
      await app.inject({ url: '/api/health' });
      await app.inject({ url: '/api/nothing-here' });
      const perRequest = lines.filter((l) => l.reqId);
      expect(perRequest).toHaveLength(2);
      expect(perRequest[0]).toMatchObject({ method: 'GET', url: '/api/health', statusCode: 200, msg: 'request' });
      expect(perRequest[1]).toMatchObject({ url: '/api/nothing-here', statusCode: 404 });
      expect(perRequest[0]!.reqId).not.toBe(perRequest[1]!.reqId);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});

describe('log format of a started server', () => {
  /** What a server process writes for one request to a path no other request uses. */
  async function linesFor(nodeEnv: string) {
    const server = await startServer({ NODE_ENV: nodeEnv, LOG_LEVEL: 'info', SEED_DEMO: '0' });
    try {
      const marker = `/api/health/live?probe=${nodeEnv}`;
      await fetch(server.url + marker);
      // The pretty printer runs on a thread of its own: its line may arrive a moment later.
      const deadline = Date.now() + 5_000;
      while (!server.output().includes(marker) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return server
        .output()
        .split('\n')
        .filter((l) => l.includes(marker));
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
  }

  it('is one JSON object a line in production, one readable line in development, one line per request', async () => {
    const json = await linesFor('production');
    expect(json).toHaveLength(1);
    expect(JSON.parse(json[0]!)).toMatchObject({ msg: 'request', method: 'GET', statusCode: 200 });
    const pretty = await linesFor('development');
    expect(pretty).toHaveLength(1);
    expect(pretty[0]!.startsWith('{')).toBe(false);
    expect(pretty[0]).toMatch(/INFO.*request/);
  }, 120_000);
});
