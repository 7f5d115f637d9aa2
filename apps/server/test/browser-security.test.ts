/**
 * What protects a signed-in person in their browser: cross-site state changes refused (Origin check
 * on top of SameSite=Lax), session cookies HttpOnly and, behind HTTPS, Secure; a Content-Security-Policy
 * on every answer; uploads served as images with nosniff and a sandbox, never as a page.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/accounts.ts';
import { ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { ORIGIN, type TestContext, createTestApp, loginAs } from './helpers.ts';

const signIn = (t: TestContext, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { origin: ORIGIN, ...headers },
    payload: { email: ACCOUNTS.customer.email, password: DEMO_PASSWORD },
  });
const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().map(String);

describe('browser-side protections', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a state change from another origin, even with a valid session cookie, and changes nothing', async () => {
    const cookie = await loginAs(t.app, 'customer');
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'http://localhost:3001']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { origin, cookie },
        payload: { fullName: 'Hijacked', phone: '0772100002' },
      });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.customer.email));
    expect(row!.fullName).not.toBe('Hijacked');
    // The same request from our own origin goes through.
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { origin: ORIGIN, cookie },
      payload: { fullName: row!.fullName, phone: '0772100002' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, not Secure over plain HTTP', async () => {
    const res = await signIn(t);
    const session = cookiesOf(res).find((c) => c.includes('session_token'))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
    // Without TRUST_PROXY a client's own X-Forwarded-Proto is not believed.
    const spoofed = await signIn(t, { 'x-forwarded-proto': 'https' });
    expect(cookiesOf(spoofed).find((c) => c.includes('session_token'))).not.toMatch(/;\s*Secure/i);
  });

  it('puts a Content-Security-Policy and nosniff on every answer', async () => {
    for (const url of ['/api/products', '/api/health', '/media/product-images/nothing.jpg']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toMatch(/default-src 'none'|default-src 'self'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves an upload as its image type inside a sandbox, and never a non-image', async () => {
    const { storage } = t.app.deps;
    await storage.put('product-images/probe.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    const img = await t.app.inject({ url: '/media/product-images/probe.jpg' });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['content-security-policy']).toContain('sandbox');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // Something that is not an image (however it got there) is not served from /media.
    await storage.put('product-images/page.pdf', Buffer.from('%PDF-1.4 <script>alert(1)</script>'), 'application/pdf');
    expect((await t.app.inject({ url: '/media/product-images/page.pdf' })).statusCode).toBe(404);
    for (const url of ['/media/../uploads/x', '/media/delivery-photos/x/1.jpg', '/media/product-images/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await t.app.inject({ url });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });
});

describe('Secure cookies behind HTTPS', () => {
  it('marks cookies Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp('pglite', { env: { PUBLIC_URL: 'https://shop.example.ug' } });
    try {
      const res = await signIn(t, { origin: 'https://shop.example.ug' });
      expect(res.statusCode).toBe(200);
      const session = cookiesOf(res).find((c) => c.includes('session_token'))!;
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/HttpOnly/i);
      expect(res.headers['strict-transport-security']).toBeTruthy();
    } finally {
      await t.close();
    }
  });

  it('marks cookies Secure when a trusted proxy says the request came over https', async () => {
    const t = await createTestApp('pglite', { env: { TRUST_PROXY: '1' } });
    try {
      const viaTls = await signIn(t, { 'x-forwarded-proto': 'https' });
      expect(cookiesOf(viaTls).find((c) => c.includes('session_token'))).toMatch(/;\s*Secure/i);
      const plain = await signIn(t);
      expect(cookiesOf(plain).find((c) => c.includes('session_token'))).not.toMatch(/;\s*Secure/i);
    } finally {
      await t.close();
    }
  });
});
