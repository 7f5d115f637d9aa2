/**
 * Traces, as a collector receives them: a real server process with OTEL_EXPORTER_OTLP_ENDPOINT set
 * posts OTLP/HTTP (JSON) to a local stand-in collector. One signed-in request that calls the
 * geocoder gives one trace: the incoming request with its route, the Fastify handler, the outgoing
 * call, and (on PostgreSQL) its SQL statements. Health probes are not traced.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, signIn, startServer } from '../faults/server-process.ts';
import { drivers } from '../helpers.ts';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}

/** Takes OTLP/HTTP JSON exports at /v1/traces and keeps every span with its instrumentation scope. */
async function startFakeCollector() {
  const spans: Span[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      paths.push(req.url ?? '');
      type Value = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
      const data = JSON.parse(body) as {
        resourceSpans: {
          scopeSpans: {
            scope: { name: string };
            spans: (Omit<Span, 'scope' | 'attributes'> & { attributes?: { key: string; value: Value }[] })[];
          }[];
        }[];
      };
      for (const rs of data.resourceSpans)
        for (const ss of rs.scopeSpans)
          for (const s of ss.spans) {
            const attributes = Object.fromEntries(
              (s.attributes ?? []).map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue]),
            );
            spans.push({ ...s, scope: ss.scope.name, attributes });
          }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, paths, close: () => server.close() };
}

describe.each(drivers)('traces on %s', (driver) => {
  let collector: Awaited<ReturnType<typeof startFakeCollector>>;
  let geocoder: http.Server;
  let server: ServerProcess;
  let dbName: string | undefined;

  beforeAll(async () => {
    collector = await startFakeCollector();
    geocoder = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ lat: '0.354', lon: '32.616', display_name: 'Ntinda, Kampala, Uganda', address: { suburb: 'Ntinda' } }]));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const env: Record<string, string> = {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: 'meatshop-test',
      GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
      ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    };
    if (driver === 'postgres') {
      dbName = `meatshop_trace_${process.pid}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${dbName}`;
      env.DATABASE_URL = url.toString();
      env.SEED_DEMO = '1';
    }
    server = await startServer(env);
  }, 120_000);

  afterAll(async () => {
    if (server?.proc.exitCode === null) server.proc.kill('SIGKILL');
    collector?.close();
    geocoder?.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('sends one trace per request through Fastify, the database and outgoing calls', async () => {
    const cookie = await signIn(server.url, 'customer@shop.test');
    const res = await fetch(`${server.url}/api/geo/search?q=Ntinda`, { headers: { cookie } });
    expect(res.status).toBe(200);
    // A stop flushes the spans still batched.
    server.proc.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    expect(collector.paths.every((p) => p === '/v1/traces')).toBe(true);
    // The incoming request (a server span, kind 2) names its route pattern.
    const incoming = collector.spans.find(
      (s) => s.scope.includes('instrumentation-http') && s.kind === 2 && s.attributes['http.route'] === '/api/geo/search',
    );
    expect(incoming, JSON.stringify(collector.spans.map((s) => [s.scope, s.name]))).toBeDefined();
    const trace = collector.spans.filter((s) => s.traceId === incoming!.traceId);
    const names = trace.map((s) => `${s.scope}: ${s.name}`);
    // Fastify's own spans: the route's request and its handler.
    expect(
      trace.some((s) => s.scope === '@fastify/otel' && s.attributes['http.route'] === '/api/geo/search'),
      names.join('\n'),
    ).toBe(true);
    // The outgoing call to the geocoder, as a client span of the same trace.
    const outgoing = trace.find((s) => s.scope.includes('instrumentation-undici') && s.kind === 3);
    expect(outgoing, names.join('\n')).toBeDefined();
    expect(String(outgoing!.attributes['url.full'])).toContain('/search?');
    if (driver === 'postgres') {
      // The rate limit and the session read are SQL statements of the same request.
      expect(trace.filter((s) => s.scope.includes('instrumentation-pg')).length, names.join('\n')).toBeGreaterThanOrEqual(1);
    }
    // The start-up polls of /api/health were not traced.
    expect(collector.spans.some((s) => String(s.attributes['url.path'] ?? '').startsWith('/api/health'))).toBe(false);
  });
});
