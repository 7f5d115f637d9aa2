/**
 * Change password, forgot password (an emailed one-time link through the outbox), reset, and sign
 * out everywhere: what the person and an attacker each get back, and which sessions survive.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '../../src/db/schema/auth.ts';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { makeCustomer } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, cookieFrom, createTestApp, drivers, signInCookie } from '../helpers.ts';

describe.each(drivers)('passwords and sessions on %s', (driver) => {
  let t: TestContext;
  let n = 0;
  const post = (url: string, payload: object, cookie = '', ip = `10.40.${++n % 250}.1`) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) }, remoteAddress: ip });
  const sessionOf = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json() as { user: { email: string } | null };
  const signIn = (email: string, password: string) => post('/api/auth/sign-in', { email, password });
  const emailsTo = (recipient: string, event: string) =>
    t.database.db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.recipient, recipient), eq(customerMessages.event, event)))
      .orderBy(desc(customerMessages.createdAt));
  const resetTokenFor = async (email: string) => {
    const [m] = await emailsTo(email, 'password_reset');
    const link = /(http\S+reset-password\?token=(\S+))/.exec(m?.body ?? '');
    expect(link?.[1]).toMatch(new RegExp(`^${ORIGIN}/reset-password\\?token=`));
    return decodeURIComponent(link![2]!);
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a visitor cannot change a password or sign out everywhere', async () => {
    expect((await post('/api/auth/change-password', { currentPassword: 'secret12', newPassword: 'another1' })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-out-everywhere', {})).statusCode).toBe(401);
  });

  it('change password: needs the current one, ends every other session, keeps this one, and tells the owner', async () => {
    const email = `change-${driver}@example.com`;
    const { cookie: here } = await makeCustomer(t.app, email);
    const elsewhere = await signInCookie(t.app, email, 'secret12');

    const wrong = await post('/api/auth/change-password', { currentPassword: 'not-it', newPassword: 'fresh-pass1' }, here);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toMatch(/current password is not correct/i);
    expect((await signIn(email, 'secret12')).statusCode).toBe(200);

    const same = await post('/api/auth/change-password', { currentPassword: 'secret12', newPassword: 'secret12' }, here);
    expect(same.statusCode).toBe(400);

    const ok = await post('/api/auth/change-password', { currentPassword: 'secret12', newPassword: 'fresh-pass1' }, here);
    expect(ok.statusCode).toBe(200);
    const renewed = cookieFrom(ok.headers['set-cookie']);
    expect((await sessionOf(renewed)).user?.email).toBe(email);
    expect((await sessionOf(elsewhere)).user).toBeNull();
    expect((await signIn(email, 'secret12')).statusCode).toBe(401);
    expect((await signIn(email, 'fresh-pass1')).statusCode).toBe(200);
    expect(await emailsTo(email, 'password_changed')).toHaveLength(1);
  });

  it('change password: 8 wrong current passwords, then 429', async () => {
    const { cookie } = await makeCustomer(t.app, `guess-current-${driver}@example.com`);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push(
        (await post('/api/auth/change-password', { currentPassword: `guess-${i}`, newPassword: 'fresh-pass1' }, cookie)).statusCode,
      );
    expect(codes.slice(0, 8).every((c) => c === 400)).toBe(true);
    expect(codes.slice(8)).toEqual([429, 429]);
  });

  it('sign out everywhere ends every session of the account, this one included', async () => {
    const email = `everywhere-${driver}@example.com`;
    const { cookie: phone } = await makeCustomer(t.app, email);
    const laptop = await signInCookie(t.app, email, 'secret12');
    const other = await makeCustomer(t.app, `bystander-${driver}@example.com`);
    const res = await post('/api/auth/sign-out-everywhere', {}, laptop);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/meatshop\.session_token=;/);
    expect((await sessionOf(phone)).user).toBeNull();
    expect((await sessionOf(laptop)).user).toBeNull();
    expect((await sessionOf(other.cookie)).user?.email).toBe(`bystander-${driver}@example.com`);
  });

  it('forgot password answers the same for an unknown email, and emails a link only to a real account', async () => {
    const email = `forgot-${driver}@example.com`;
    await makeCustomer(t.app, email);
    const known = await post('/api/auth/forgot-password', { email });
    const unknown = await post('/api/auth/forgot-password', { email: `nobody-${driver}@example.com` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await emailsTo(`nobody-${driver}@example.com`, 'password_reset')).toHaveLength(0);
    const [mail] = await emailsTo(email, 'password_reset');
    expect(mail?.channel).toBe('email');
    expect(mail?.body).toMatch(/30 minutes/);
  });

  it('a reset link sets a new password once, ends every session, and tells the owner', async () => {
    const email = `reset-${driver}@example.com`;
    const { cookie } = await makeCustomer(t.app, email);
    await post('/api/auth/forgot-password', { email });
    const token = await resetTokenFor(email);

    const res = await post('/api/auth/reset-password', { token, newPassword: 'brand-new1' });
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(cookie)).user).toBeNull();
    expect((await signIn(email, 'secret12')).statusCode).toBe(401);
    expect((await signIn(email, 'brand-new1')).statusCode).toBe(200);
    expect(await emailsTo(email, 'password_changed')).toHaveLength(1);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'hijacked1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toMatch(/invalid, already used or expired/);
    expect((await signIn(email, 'hijacked1')).statusCode).toBe(401);
  });

  it('a reset link stops working after 30 minutes, and a made-up token never works', async () => {
    const email = `expired-${driver}@example.com`;
    await makeCustomer(t.app, email);
    await post('/api/auth/forgot-password', { email });
    const token = await resetTokenFor(email);
    const [row] = await t.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect((await post('/api/auth/reset-password', { token, newPassword: 'too-late1' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: 'made-up-token-000000000', newPassword: 'too-late1' })).statusCode).toBe(400);
    expect((await signIn(email, 'secret12')).statusCode).toBe(200);
  });

  it('forgot password: at most 3 links an hour to one address', async () => {
    const email = `flood-${driver}@example.com`;
    await makeCustomer(t.app, email);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await post('/api/auth/forgot-password', { email })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(await emailsTo(email, 'password_reset')).toHaveLength(3);
  });
});
