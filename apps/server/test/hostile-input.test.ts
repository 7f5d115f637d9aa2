/**
 * Hostile input. Property-based: every API route (read from the server's own route table, so a new
 * route is covered automatically) gets generated path ids, query strings and bodies from a caller the
 * route admits; whatever arrives, the answer is never a 5xx, never carries a stack trace, and every
 * 4xx is in our error shape. Then the named cases: SQL injection in search and filters, script tags in
 * reviews, names and addresses (stored and returned as text), unicode and very long strings, negative
 * and huge quantities and prices, malformed UUIDs, wrong content types and oversized bodies.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/catalog.ts';
import type { Access } from '../src/modules/accounts/access.ts';
import { sample, stringPaths, withStringAt } from './fixtures/schema-samples.ts';
import { checkoutBody, makeProduct, stockOf } from './orders/fixtures.ts';
import { ORIGIN, type TestContext, createTestApp, loginAs } from './helpers.ts';

type Caller = 'visitor' | 'customer' | 'admin' | 'rider' | 'outlet';
/** The caller each rule admits, so generated input reaches the route's own validation and logic. */
const CALLER: Record<Access, Caller> = {
  visitor: 'customer',
  signedIn: 'customer',
  customer: 'customer',
  anyRider: 'rider',
  rider: 'rider',
  outletEmployee: 'outlet',
  admin: 'admin',
};

/** Routes the generator leaves alone, each with why. */
const SKIP: Record<string, string> = {
  // An event stream stays open by design; its only input is the session (tests/events cover it).
  'GET /api/events': 'stream',
};

/** Generated runs per route and method: small, but every route gets them (~120 routes). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

const STACK = /\bat .+\(.+:\d+:\d+\)|node_modules|\/src\/|Error: .*\n\s+at /;

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    "' OR '1'='1",
    "'; DROP TABLE orders; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uFFFF\uD800',
    '{"$gt":""}',
    '-1',
    '1e309',
    'NaN',
    'null',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(5000),
  ),
);
const hostileId = fc.oneof(
  fc.uuid(),
  hostileString.filter((s) => s.length > 0),
  fc.integer().map(String),
  // Sent as they are, not encoded: broken percent-encoding the router itself must survive.
  fc.constantFrom('%E0%A4%A', '%', '%zz', '%2e%2e'),
);
const jsonish = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), {
    maxKeys: 6,
  }),
);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom('search', 'category', 'minPrice', 'maxPrice', 'sort', 'page', 'limit', 'status', 'q', 'from', 'to', 'lat', 'lng'),
    fc.string({ maxLength: 8 }),
  ),
  hostileString,
  { maxKeys: 4 },
);

describe('hostile input', () => {
  let t: TestContext;
  const cookies = {} as Record<Caller, string>;

  beforeAll(async () => {
    // Limits scaled up so generated sign-ins and reviews reach validation instead of stopping at 429.
    t = await createTestApp('pglite', { env: { RATE_LIMIT_MULTIPLIER: '1000' } });
    cookies.visitor = '';
    for (const c of ['customer', 'admin', 'rider', 'outlet'] as const) cookies[c] = await loginAs(t.app, c);
  });
  afterAll(async () => {
    await t?.close();
  });

  const SIGN_OUTS = ['/api/auth/sign-out', '/api/auth/sign-out-everywhere'];

  function send(method: string, url: string, caller: Caller, opts: { payload?: unknown; headers?: Record<string, string> } = {}) {
    return t.app.inject({
      method: method as 'POST',
      url,
      headers: { origin: ORIGIN, ...(cookies[caller] ? { cookie: cookies[caller] } : {}), ...opts.headers },
      ...(opts.payload === undefined ? {} : { payload: opts.payload as string }),
    });
  }

  function problems(label: string, res: Awaited<ReturnType<typeof send>>): string[] {
    const out: string[] = [];
    if (res.statusCode >= 500) out.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (STACK.test(res.body)) out.push(`${label}: stack trace or source path in the response`);
    if (res.statusCode >= 400) {
      let body: { error?: { code?: unknown; message?: unknown } } | undefined;
      try {
        body = res.json();
      } catch {
        body = undefined;
      }
      if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string')
        out.push(`${label}: ${res.statusCode} not in the error shape: ${res.body.slice(0, 120)}`);
    }
    return out;
  }

  it('answers every route with generated ids, queries and bodies without a 5xx or a stack trace', async () => {
    const routes = t.app.accessTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    const failures: string[] = [];
    let requests = 0;
    let covered = 0;
    for (const r of routes) {
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        const route = `${method} ${r.url.replace(/\/$/, '')}`;
        if (SKIP[route]) continue;
        // Signing out (here or everywhere) would end the session the other routes use.
        const caller: Caller = SIGN_OUTS.includes(r.url) ? 'visitor' : CALLER[r.config!.access!];
        covered++;
        await fc
          .assert(
            fc.asyncProperty(fc.array(hostileId, { minLength: 2, maxLength: 2 }), query, jsonish, async (ids, q, body) => {
              let i = 0;
              const path = r.url
                .replace(/:[A-Za-z_]+/g, () => {
                  const id = ids[i++ % ids.length]!;
                  return id.startsWith('%') ? id : encodeURIComponent(id);
                })
                .replace('*', 'x');
              const qs = new URLSearchParams(q as Record<string, string>).toString();
              const url = qs ? `${path}?${qs}` : path;
              const withBody = method !== 'GET' && method !== 'DELETE';
              const res = await send(
                method,
                url,
                caller,
                withBody ? { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {},
              );
              requests++;
              const found = problems(`${route} ${url.slice(0, 80)} ${JSON.stringify(body).slice(0, 80)}`, res);
              failures.push(...found);
              return found.length === 0;
            }),
            { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122), endOnFailure: true },
          )
          // A false property is already in `failures`; anything else (a request that threw) is added here.
          .catch((err: unknown) => {
            if (!String(err).includes('Property failed by returning false')) failures.push(`${route}: ${String(err).slice(0, 300)}`);
          });
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(covered).toBeGreaterThan(100);
    expect(requests).toBeGreaterThanOrEqual(covered);
  }, 600_000);

  it('answers a NUL or half a surrogate pair in any text field of any route with 400', async () => {
    // Each route's own schema gives a plausible input; one text field at a time carries the bad
    // character, so it reaches the route's logic (and PostgreSQL, which refuses it) unless stopped.
    const routes = t.app.accessTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    const failures: string[] = [];
    let variants = 0;
    for (const r of routes) {
      const schema = ((r as { schema?: unknown }).schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
      const params = (schema.params ? sample(schema.params, true) : {}) as Record<string, string>;
      const query = (schema.querystring ? sample(schema.querystring, true) : {}) as Record<string, unknown>;
      const body = schema.body ? sample(schema.body) : undefined;
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        const route = `${method} ${r.url.replace(/\/$/, '')}`;
        if (SKIP[route]) continue;
        const caller: Caller = r.url === '/api/auth/sign-out' ? 'visitor' : CALLER[r.config!.access!];
        const url = (p: Record<string, string>, q: Record<string, unknown>) => {
          const path = r.url.replace(/:([A-Za-z_]+)/g, (_, k: string) => encodeURIComponent(p[k] ?? 'x')).replace('*', 'x');
          const qs = new URLSearchParams(
            Object.entries(q).flatMap(([k, v]): [string, string][] => (v === undefined || typeof v === 'object' ? [] : [[k, String(v)]])),
          ).toString();
          return qs ? `${path}?${qs}` : path;
        };
        const tries: { what: string; url: string; payload?: unknown }[] = [];
        for (const k of Object.keys(params))
          tries.push({ what: `param ${k}`, url: url({ ...params, [k]: `${params[k]}\u0000` }, query), payload: body });
        for (const [k, v] of Object.entries(query))
          if (typeof v === 'string') tries.push({ what: `query ${k}`, url: url(params, { ...query, [k]: `${v}\u0000` }), payload: body });
        for (const path of stringPaths(body)) {
          const at = path.join('.');
          tries.push({ what: `body ${at} NUL`, url: url(params, query), payload: withStringAt(body, path, (s) => `${s}\u0000`) });
          tries.push({
            what: `body ${at} lone surrogate`,
            url: url(params, query),
            payload: withStringAt(body, path, (s) => `${s}\uD800`),
          });
        }
        for (const attempt of tries) {
          const withBody = attempt.payload !== undefined && method !== 'GET';
          const res = await send(
            method,
            attempt.url,
            caller,
            withBody ? { payload: JSON.stringify(attempt.payload), headers: { 'content-type': 'application/json' } } : {},
          );
          variants++;
          if (res.statusCode !== 400) failures.push(`${route} ${attempt.what}: ${res.statusCode} ${res.body.slice(0, 100)}`);
          else failures.push(...problems(`${route} ${attempt.what}`, res));
        }
      }
    }
    expect(failures).toEqual([]);
    expect(variants).toBeGreaterThan(200);
  }, 300_000);

  it('answers NUL in a filter and impossible dates with 400 in the error shape', async () => {
    const nul = await send('GET', '/api/products?category=%00', 'visitor');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('VALIDATION');
    for (const day of ['2026-02-31', '2026-02-29', '0000-01-01', '2026-13-01', '2026-04-31', '20260-01-01']) {
      const report = await send('GET', `/api/admin/reports/sales?from=${day}&to=2026-11-21`, 'admin');
      expect(report.statusCode, `report from ${day}`).toBe(400);
      expect(problems(`report ${day}`, report)).toEqual([]);
      const coupon = await send('POST', '/api/admin/coupons', 'admin', {
        payload: { code: `BAD${day.replaceAll('-', '')}`, percent: 10, expiresAt: `${day}T10:00:00+03:00` },
      });
      expect(coupon.statusCode, `coupon expiring ${day}`).toBe(400);
      expect(problems(`coupon ${day}`, coupon)).toEqual([]);
    }
    // The same requests with a real day pass, so the 400s above are about the date.
    expect((await send('GET', '/api/admin/reports/sales?from=2028-02-29&to=2028-03-01', 'admin')).statusCode).toBe(200);
    const good = await send('POST', '/api/admin/coupons', 'admin', {
      payload: { code: 'LEAPDAY', percent: 10, expiresAt: '2028-02-29T10:00:00+03:00' },
    });
    expect(good.statusCode).toBe(201);
  });

  it('treats SQL injection in search and filters as plain text', async () => {
    const before = (await t.database.db.select({ id: products.id }).from(products)).length;
    const injections = ["' OR '1'='1", "'; DROP TABLE products; --", '1) OR 1=1 --', "%' OR 1=1 --", "\\'; SELECT pg_sleep(5); --"];
    for (const s of injections) {
      const list = await send('GET', `/api/products?category=${encodeURIComponent(s)}`, 'visitor');
      expect(list.statusCode).toBe(200);
      expect(list.json().products ?? list.json()).toHaveLength(0);
      const outlet = await send('GET', `/api/outlet/orders?search=${encodeURIComponent(s)}`, 'outlet');
      expect(outlet.statusCode).toBe(200);
      expect(JSON.stringify(outlet.json())).not.toContain('"id"');
      for (const url of [`/api/admin/orders?search=${encodeURIComponent(s)}`, `/api/admin/products?search=${encodeURIComponent(s)}`]) {
        const res = await send('GET', url, 'admin');
        expect(problems(url, res)).toEqual([]);
      }
      expect((await send('GET', `/api/products?minPrice=${encodeURIComponent(s)}`, 'visitor')).statusCode).toBe(400);
    }
    expect((await t.database.db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it('stores script tags in reviews, names and addresses as text and returns them as text', async () => {
    const xss = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const [p] = await t.database.db.select().from(products).limit(1);
    const review = await send('POST', `/api/products/${p!.id}/reviews`, 'customer', { payload: { rating: 4, comment: xss } });
    expect(review.statusCode).toBe(201);
    expect(review.headers['content-type']).toContain('application/json');
    const reviews = await send('GET', `/api/products/${p!.id}/reviews`, 'visitor');
    expect(reviews.json().reviews.map((r: { comment: string }) => r.comment)).toContain(xss);

    const profile = await send('PUT', '/api/account/profile', 'customer', {
      payload: { fullName: `Daniel ${xss.slice(0, 30)}`, phone: '0772100002' },
    });
    expect(problems('profile', profile)).toEqual([]);
    if (profile.statusCode === 200) expect(profile.json().fullName).toContain('<script>');

    const address = await send('POST', '/api/account/addresses', 'customer', { payload: { address: xss, lat: 0.33, lng: 32.58 } });
    expect(address.statusCode).toBeLessThan(300);
    const addresses = await send('GET', '/api/account/addresses', 'customer');
    expect(addresses.json().addresses?.map((a: { address: string }) => a.address) ?? addresses.body).toContain(xss);
    // JSON answers are never sniffed as HTML.
    expect(addresses.headers['x-content-type-options']).toBe('nosniff');
  });

  it('handles unicode and very long strings', async () => {
    const [p] = await t.database.db.select().from(products).limit(1);
    const unicode = 'Nyama ennungi 🥩 — ékstra, مرحبا, 日本語, \u202Eevil\u202C';
    const ok = await send('POST', `/api/products/${p!.id}/reviews`, 'customer', { payload: { rating: 5, comment: unicode } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().comment).toBe(unicode);
    for (const [method, url, payload] of [
      ['POST', `/api/products/${p!.id}/reviews`, { rating: 5, comment: 'a'.repeat(100_000) }],
      ['PUT', '/api/account/profile', { fullName: 'b'.repeat(10_000), phone: '0772100002' }],
      ['POST', '/api/account/addresses', { address: 'c'.repeat(10_000), lat: 0.3, lng: 32.5 }],
      ['POST', '/api/auth/sign-in', { email: `${'d'.repeat(5000)}@x.ug`, password: 'e'.repeat(5000) }],
      ['POST', '/api/subscriptions', { email: `${'f'.repeat(300)}@x.ug` }],
    ] as const) {
      const res = await send(method, url, 'customer', { payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
  });

  it('refuses negative, fractional and huge quantities and prices', async () => {
    const product = await makeProduct(t, { price: 10_000, stock: 5 });
    for (const quantity of [-1, 0, 1.5, 1e9, Number.MAX_SAFE_INTEGER, '3', null]) {
      const res = await send('POST', '/api/orders', 'customer', {
        payload: checkoutBody([{ productId: product.id, quantity: quantity as number }]),
      });
      expect(res.statusCode, `quantity ${quantity}`).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION');
    }
    expect(await stockOf(t, product.id)).toBe(5);
    for (const price of [-5, 1.25, 1e20, 'free']) {
      const res = await send('PUT', `/api/admin/products/${product.id}`, 'admin', {
        payload: { name: 'Priced', price, stock: 5, description: 'x', categoryId: null },
      });
      expect(res.statusCode, `price ${price}`).toBe(400);
    }
    for (const stock of [-3, 1e12, 2.5]) {
      const res = await send('PATCH', `/api/admin/products/${product.id}/stock`, 'admin', { payload: { stock } });
      expect(res.statusCode, `stock ${stock}`).toBe(400);
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.price).toBe(10_000);
    expect(row!.stock).toBe(5);
  });

  it('answers malformed UUIDs with 400 or 404, never a database error', async () => {
    const bad = ['not-a-uuid', '1', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000Z', '%E0%A4%A', '..%2F..%2Fetc'];
    for (const id of bad) {
      for (const [method, url, caller] of [
        ['GET', `/api/products/${id}`, 'visitor'],
        ['GET', `/api/orders/${id}`, 'customer'],
        ['GET', `/api/rider/orders/${id}`, 'rider'],
        ['GET', `/api/outlet/orders/${id}`, 'outlet'],
        ['GET', `/api/admin/orders/${id}`, 'admin'],
        ['DELETE', `/api/admin/products/${id}`, 'admin'],
      ] as const) {
        const res = await send(method, url, caller);
        expect([400, 404], `${method} ${url}`).toContain(res.statusCode);
        expect(problems(url, res)).toEqual([]);
      }
    }
  });

  it('refuses wrong content types with 415 in the error shape', async () => {
    for (const [type, payload] of [
      ['text/plain', 'email=a@b.c&password=x'],
      ['application/xml', '<signin><email>a@b.c</email></signin>'],
      ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
      ['multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--zzz--\r\n'],
    ] as const) {
      const res = await send('POST', '/api/auth/sign-in', 'visitor', { payload, headers: { 'content-type': type } });
      expect([400, 415], type).toContain(res.statusCode);
      expect(problems(type, res)).toEqual([]);
    }
    const broken = await send('POST', '/api/orders', 'customer', {
      payload: '{"items": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(problems('broken json', broken)).toEqual([]);
  });

  it('refuses oversized bodies with 413', async () => {
    const big = JSON.stringify({ comment: 'x'.repeat(2 * 1024 * 1024) });
    const res = await send('POST', '/api/auth/sign-up', 'visitor', { payload: big, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
