/**
 * Password guesses are counted before the password is checked, so a burst of parallel guesses gets
 * no more tries than a patient guesser; and an attacker's failures cannot lock the owner out of
 * their own account from their own address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeRider } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers } from '../helpers.ts';

const RIGHT = 'secret12';

describe.each(drivers)('sign-in limits on %s', (driver) => {
  let t: TestContext;
  const signIn = (email: string, password: string, ip: string, url = '/api/auth/sign-in') =>
    t.app.inject({ method: 'POST', url, payload: { email, password }, headers: { origin: ORIGIN }, remoteAddress: ip });

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends `n` guesses at once, the right password among the last of them. */
  async function burst(email: string, url: string, ips: (i: number) => string, n = 40) {
    const guesses = Array.from({ length: n }, (_, i) => (i === n - 3 ? RIGHT : `wrong-guess-${i}`));
    const answers = await Promise.all(guesses.map((p, i) => signIn(email, p, ips(i), url)));
    const codes = answers.map((r) => r.statusCode);
    const odd = answers.filter((r) => ![200, 401, 429].includes(r.statusCode)).map((r) => `${r.statusCode} ${r.body}`);
    expect(odd).toEqual([]);
    for (const r of answers.filter((a) => a.statusCode === 429)) {
      expect(r.json().error.code).toBe('RATE_LIMITED');
      expect(r.headers['set-cookie']).toBeUndefined();
    }
    return { evaluated: codes.filter((c) => c !== 429).length, failed: codes.filter((c) => c === 401).length };
  }

  it('40 parallel guesses from one address: only 8 are checked, the rest get 429 and none of them signs in', async () => {
    const email = `burst-${driver}@example.com`;
    await makeCustomer(t.app, email);
    const { evaluated, failed } = await burst(email, '/api/auth/sign-in', () => '10.20.0.1');
    expect(failed).toBeLessThanOrEqual(8);
    expect(evaluated).toBeLessThanOrEqual(8);
  });

  it('the rider sign-in counts the same way', async () => {
    await makeRider(t.app, `burst-rider-${driver}@example.com`);
    const { evaluated } = await burst(`burst-rider-${driver}@example.com`, '/api/rider/sign-in', () => '10.20.0.2');
    expect(evaluated).toBeLessThanOrEqual(8);
  });

  it('guesses spread over many addresses stop at 40 for the email', async () => {
    const email = `spread-${driver}@example.com`;
    await makeCustomer(t.app, email);
    // 60 addresses, one guess each: each address stays under its own limits.
    const { evaluated } = await burst(email, '/api/auth/sign-in', (i) => `10.21.${i}.1`, 60);
    expect(evaluated).toBeLessThanOrEqual(40);
  });

  it("an attacker's failures from another address do not lock the owner out of their own", async () => {
    const email = `owner-${driver}@example.com`;
    await makeCustomer(t.app, email);
    for (let i = 0; i < 12; i++) await signIn(email, `attacker-${i}`, '10.22.0.1');
    expect((await signIn(email, RIGHT, '10.22.0.1')).statusCode).toBe(429);
    const owner = await signIn(email, RIGHT, '10.22.0.2');
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['set-cookie']).toBeDefined();
  });

  it('an attacker with many addresses cannot lock the owner out of an address they signed in from before', async () => {
    const email = `target-${driver}@example.com`;
    await makeCustomer(t.app, email);
    expect((await signIn(email, RIGHT, '10.23.0.1')).statusCode).toBe(200);
    // 7 addresses x 7 guesses: each under its pair limit, together past the email's 40.
    let limited = 0;
    for (let a = 0; a < 7; a++)
      for (let i = 0; i < 7; i++) if ((await signIn(email, `guess-${a}-${i}`, `10.24.${a}.1`)).statusCode === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    // A new address meets the email's limit; the owner's usual one does not.
    expect((await signIn(email, RIGHT, '10.25.0.1')).statusCode).toBe(429);
    expect((await signIn(email, RIGHT, '10.23.0.1')).statusCode).toBe(200);
  });

  it('successful sign-ins are not counted: the owner can sign in many times', async () => {
    const email = `often-${driver}@example.com`;
    await makeCustomer(t.app, email);
    for (let i = 0; i < 12; i++) expect((await signIn(email, RIGHT, '10.26.0.1')).statusCode).toBe(200);
  });
});
