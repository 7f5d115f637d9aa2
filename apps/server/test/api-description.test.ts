/**
 * The API description served at /api/docs/json, as a client generator or a reader of the docs gets
 * it: every operation has a summary, a unique operationId, its error answers and its security (the
 * session cookie), and `redocly lint` (strict, redocly.yaml) passes on it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SUMMARIES } from '../src/routes/api-summaries.ts';
import { type TestContext, createTestApp } from './helpers.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Operation {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string }>;
}

describe('API description', () => {
  let t: TestContext;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  };
  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, op })));

  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every operation a summary and a unique operationId', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.filter(({ op }) => !op.summary).map((o) => o.key)).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // No summary is kept for a route that is gone.
    expect(Object.keys(API_SUMMARIES).filter((k) => !ops.some((o) => o.key === k))).toEqual([]);
    expect(doc.paths['/api/orders']!.post!.operationId).toBe('postOrders');
    expect(doc.paths['/api/admin/orders/{id}/assign']!.post!.operationId).toBe('postAdminOrdersByIdAssign');
  });

  it('describes the session cookie, and which operations need it', () => {
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'meatshop.session_token' });
    // A customer's orders need a session; the product list is open (a session is read when sent).
    expect(doc.paths['/api/orders']!.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/products']!.get!.security).toEqual([{}, { session: [] }]);
  });

  it('lists the errors an operation can answer, in the error shape', () => {
    const admin = doc.paths['/api/admin/orders/{id}']!.get!;
    expect(Object.keys(admin.responses).sort()).toEqual(['200', '400', '401', '403', '404', '500', '503']);
    expect(admin.responses['401']!.description).toMatch(/Not signed in/);
    for (const { key, op } of operations()) {
      expect(op.responses['500'], key).toBeDefined();
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('2')),
        key,
      ).toBe(true);
    }
    // Open reads without input cannot be refused; everything else has a 4xx.
    const open = operations().filter(({ op }) => !Object.keys(op.responses).some((s) => s.startsWith('4')));
    expect(open.every(({ op }) => op.security?.length === 2)).toBe(true);
  });

  it('lists the refusals a route names, each code under its status', () => {
    type ErrorAnswer = {
      content?: Record<string, { schema?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } } }>;
    };
    const enumOf = (op: Operation, status: string) =>
      (op.responses[status] as ErrorAnswer | undefined)?.content?.['application/json']?.schema?.properties?.error?.properties?.code?.enum;
    const place = doc.paths['/api/orders']!.post!;
    expect(enumOf(place, '409')).toEqual(expect.arrayContaining(['OUT_OF_STOCK', 'CONFLICT']));
    expect(enumOf(place, '429')).toEqual(['RATE_LIMITED']);
    expect(place.responses['409']!.description).toMatch(/not enough stock/);
    const signIn = doc.paths['/api/auth/sign-in']!.post!;
    expect(enumOf(signIn, '401')).toEqual(['INVALID_CREDENTIALS']);
    expect(enumOf(signIn, '429')).toEqual(['RATE_LIMITED']);
    expect(enumOf(doc.paths['/api/payments/initiate']!.post!, '502')).toEqual(['PAYMENT_UNAVAILABLE']);
    // A read names no write's refusals.
    expect(doc.paths['/api/products']!.get!.responses['409']).toBeUndefined();
    expect(doc.paths['/api/products']!.get!.responses['429']).toBeUndefined();
  });

  it('names the staff permission each back-office operation needs', () => {
    const refund = doc.paths['/api/admin/orders/{id}/refunds']!.post! as Operation & { 'x-permission'?: string[] };
    expect(refund['x-permission']).toEqual(['orders.refund']);
    expect(refund.responses['403']!.description).toBe(
      'Signed in, but not as staff whose role has `orders.refund`. Also a change sent from another site (the Origin check).',
    );
    const adminOps = operations().filter(({ key }) => key.includes(' /api/admin/'));
    expect(adminOps.length).toBeGreaterThan(50);
    for (const { key, op } of adminOps) expect((op as { 'x-permission'?: string[] })['x-permission'], key).toBeDefined();
  });

  it('passes redocly lint', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'meatshop-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const lint = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        file,
        '--config',
        path.join(root, 'redocly.yaml'),
        '--format',
        'stylish',
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    expect(lint.status, `${lint.stdout}\n${lint.stderr}`).toBe(0);
  });
});
