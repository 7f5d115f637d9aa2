/**
 * Sign-up with an email that already has an account answers like a new sign-up (201, the same body
 * shape, about the same time) without a session, and emails the owner that someone tried.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerMessages } from '../../src/db/schema/delivery-ops.ts';
import { ORIGIN, type TestContext, createTestApp, drivers } from '../helpers.ts';

describe.each(drivers)('sign-up with a taken email on %s', (driver) => {
  let t: TestContext;
  let n = 0;
  const signUp = (email: string, password = 'attacker1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { fullName: 'Curious Person', phone: '0772555111', email, password },
      headers: { origin: ORIGIN },
      remoteAddress: `10.50.${++n % 250}.1`,
    });
  const notices = (email: string) =>
    t.database.db
      .select()
      .from(customerMessages)
      .where(and(eq(customerMessages.recipient, email), eq(customerMessages.event, 'sign_up_attempt')));

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 201 with the same body shape, no session, and the account is untouched', async () => {
    const fresh = await signUp(`new-${driver}@example.com`);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().user.email).toBe(`new-${driver}@example.com`);
    expect(String(fresh.headers['set-cookie'])).toMatch(/meatshop\.session_token=/);

    const taken = await signUp('customer@shop.test');
    expect(taken.statusCode).toBe(201);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(taken.json()).toEqual({ user: null, rider: null, outletEmployee: null });
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(taken.body).not.toMatch(/exists|registered|taken/i);

    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'customer@shop.test', password },
        headers: { origin: ORIGIN },
      });
    expect((await signIn('attacker1')).statusCode).toBe(401);
    expect((await signIn('password123')).statusCode).toBe(200);
  });

  it('emails the owner that someone tried, at most once an hour', async () => {
    const email = 'outlet@shop.test';
    await signUp(email);
    await signUp(email);
    const sent = await notices(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.channel).toBe('email');
    expect(sent[0]!.subject).toMatch(/tried to create/);
    expect(sent[0]!.body).toMatch(/nothing was changed/);
    expect(sent[0]!.body).toContain(`${ORIGIN}/forgot-password`);
    expect(await notices(`new-${driver}@example.com`)).toHaveLength(0);
  });

  it('takes about as long for a taken email as for a new one', async () => {
    const timed = async (email: string) => {
      const start = performance.now();
      await signUp(email);
      return performance.now() - start;
    };
    // Interleaved, so a busy moment of a shared machine falls on both kinds alike; medians of 7.
    const freshSamples: number[] = [];
    const takenSamples: number[] = [];
    for (let i = 0; i < 7; i++) {
      freshSamples.push(await timed(`timing-${i}-${driver}@example.com`));
      takenSamples.push(await timed('admin@shop.test'));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[3]!;
    const fresh = median(freshSamples);
    const taken = median(takenSamples);
    // Without the password hash a taken email would answer ten times faster or more; with it, a new
    // account's extra writes (user, profile, session) still make it the slower of the two, and more
    // so on a busy database, so the floor leaves room for that and still catches a missing hash.
    expect(taken / fresh).toBeGreaterThan(0.25);
    expect(taken / fresh).toBeLessThan(2.5);
  });
});
