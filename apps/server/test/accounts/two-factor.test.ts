/**
 * Two-step sign-in for staff with an authenticator app: offered to everyone (the demo keeps
 * signing in with passwords), and required for Owner and Accountant roles only when the shop's
 * STAFF_2FA_REQUIRED says so. Codes are computed here from the secret the set-up returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from '../../src/seed/demo-data.ts';
import { totpCode } from '../fixtures/totp.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, loginAs } from '../helpers.ts';

type Method = 'GET' | 'POST';

function client(t: TestContext) {
  return (method: Method, url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
}

/** Sets up an authenticator app for the signed-in person; returns the secret, backup codes and the new cookie. */
async function enrol(t: TestContext, cookie: string) {
  const call = client(t);
  const started = await call('POST', '/api/auth/two-factor/enable', cookie, { password: DEMO_PASSWORD });
  expect(started.statusCode).toBe(200);
  const { secret, totpUri, backupCodes } = started.json();
  expect(totpUri).toMatch(/^otpauth:\/\/totp\/Kampala%20Prime%20Meats:/);
  expect(totpUri).toContain(`secret=${secret}`);
  expect(backupCodes).toHaveLength(10);
  const confirmed = await call('POST', '/api/auth/two-factor/confirm', cookie, { code: totpCode(secret) });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json().staff.twoFactorEnabled).toBe(true);
  return { secret, backupCodes: backupCodes as string[], cookie: cookieFrom(confirmed.headers['set-cookie']) };
}

const signIn = (t: TestContext, email: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { origin: ORIGIN }, payload: { email, password } });

describe.each(drivers)('two-step sign-in, offered (the demo) on %s', (driver) => {
  let t: TestContext;
  const call = (...a: Parameters<ReturnType<typeof client>>) => client(t)(...a);
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets an Accountant without an app into the back office with a password', async () => {
    const cookie = await loginAs(t.app, 'accountant');
    const s = (await call('GET', '/api/auth/session', cookie)).json();
    expect(s.staff).toMatchObject({ roleId: 'accountant', twoFactorEnabled: false, twoFactorRequired: false });
    expect((await call('GET', '/api/admin/dashboard', cookie)).statusCode).toBe(200);
  });

  it('sets up an app, then asks for its code after the password, and only the code opens a session', async () => {
    const first = await loginAs(t.app, 'admin');
    const wrongPassword = await call('POST', '/api/auth/two-factor/enable', first, { password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields.password).toBe('That password is not right.');
    const started = await call('POST', '/api/auth/two-factor/enable', first, { password: DEMO_PASSWORD });
    // Not on until a first code proves the app has it.
    const stale = totpCode(started.json().secret, Date.now() - 10 * 60_000);
    expect((await call('POST', '/api/auth/two-factor/confirm', first, { code: stale })).statusCode).toBe(400);
    expect((await signIn(t, ACCOUNTS.admin.email)).json().twoFactorPending).toBeUndefined();
    // Starting again gives a new secret; the first one's codes are no longer good.
    const { secret, backupCodes } = await enrol(t, first);
    expect(secret).not.toBe(started.json().secret);

    // The password alone: no session, a challenge instead.
    const pending = await signIn(t, ACCOUNTS.admin.email);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ user: null, twoFactorPending: true });
    const challenge = cookieFrom(pending.headers['set-cookie']);
    expect((await call('GET', '/api/auth/session', challenge)).json().user).toBeNull();
    expect((await call('GET', '/api/admin/dashboard', challenge)).statusCode).toBe(401);

    const wrong = await call('POST', '/api/auth/two-factor/verify', challenge, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toMatch(/That code is not right/);
    const ok = await call('POST', '/api/auth/two-factor/verify', challenge, { code: totpCode(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().staff).toMatchObject({ roleId: 'owner', twoFactorEnabled: true });
    const session = cookieFrom(ok.headers['set-cookie']);
    expect((await call('GET', '/api/admin/dashboard', session)).statusCode).toBe(200);
    // The challenge is spent.
    expect((await call('POST', '/api/auth/two-factor/verify', challenge, { code: totpCode(secret) })).statusCode).toBe(401);

    // A backup code instead of the app, once.
    const again = cookieFrom((await signIn(t, ACCOUNTS.admin.email)).headers['set-cookie']);
    const backup = await call('POST', '/api/auth/two-factor/verify-backup-code', again, { code: backupCodes[0]! });
    expect(backup.statusCode).toBe(200);
    expect(backup.json().user.email).toBe(ACCOUNTS.admin.email);
    const reuse = cookieFrom((await signIn(t, ACCOUNTS.admin.email)).headers['set-cookie']);
    expect((await call('POST', '/api/auth/two-factor/verify-backup-code', reuse, { code: backupCodes[0]! })).statusCode).toBe(400);

    // Switched off with the password: the password alone signs in again.
    const off = await call('POST', '/api/auth/two-factor/disable', session, { password: DEMO_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await signIn(t, ACCOUNTS.admin.email)).json().user.email).toBe(ACCOUNTS.admin.email);
  });

  it('keeps set-up for staff: a customer cannot turn it on', async () => {
    const customer = await loginAs(t.app, 'customer');
    expect((await call('POST', '/api/auth/two-factor/enable', customer, { password: DEMO_PASSWORD })).statusCode).toBe(403);
  });
});

describe.each(drivers)('two-step sign-in, required (STAFF_2FA_REQUIRED) on %s', (driver) => {
  let t: TestContext;
  const call = (...a: Parameters<ReturnType<typeof client>>) => client(t)(...a);
  beforeAll(async () => {
    t = await createTestApp(driver, { env: { STAFF_2FA_REQUIRED: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends an Accountant without an app to set one up before any back-office route, then lets them in', async () => {
    const cookie = await loginAs(t.app, 'accountant');
    expect((await call('GET', '/api/auth/session', cookie)).json().staff).toMatchObject({ twoFactorRequired: true });
    const refused = await call('GET', '/api/admin/dashboard', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Set up two-step sign-in with an authenticator app before using the back office.');
    const { cookie: after } = await enrol(t, cookie);
    expect((await call('GET', '/api/auth/session', after)).json().staff).toMatchObject({ twoFactorRequired: false });
    expect((await call('GET', '/api/admin/dashboard', after)).statusCode).toBe(200);
  });

  it('does not force it on a Dispatcher, whose role does not ask for it', async () => {
    const cookie = await loginAs(t.app, 'dispatcher');
    expect((await call('GET', '/api/auth/session', cookie)).json().staff).toMatchObject({ twoFactorRequired: false });
    expect((await call('GET', '/api/admin/orders', cookie)).statusCode).toBe(200);
  });
});
