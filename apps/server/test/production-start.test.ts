/**
 * What a production start changes for a caller: the web dev server's origin (localhost:5173), trusted
 * on a development machine, is refused by a live shop, whether it is live by NODE_ENV=production or by
 * an https PUBLIC_URL.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

const DEV_SERVER = 'http://localhost:5173';

async function signInFrom(env: Record<string, string>) {
  const t = await createTestApp('pglite', { seed: false, env });
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { origin: DEV_SERVER },
      payload: { email: 'nobody@shop.test', password: 'wrong-password' },
    });
    return res.statusCode;
  } finally {
    await t.close();
  }
}

describe('origin of the web dev server', () => {
  it('is trusted in development', async () => {
    // Reaches the sign-in itself, which refuses the unknown account.
    expect(await signInFrom({ NODE_ENV: 'development' })).toBe(401);
  });

  it('is refused with NODE_ENV=production', async () => {
    expect(await signInFrom({ NODE_ENV: 'production' })).toBe(403);
  });

  it('is refused in development when PUBLIC_URL is https (a live shop started without NODE_ENV)', async () => {
    expect(await signInFrom({ NODE_ENV: 'development', PUBLIC_URL: 'https://shop.example.ug' })).toBe(403);
  });
});
