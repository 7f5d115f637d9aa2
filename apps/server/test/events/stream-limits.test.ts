/**
 * An event stream lives only as long as its session and its account's role: signing out (here or
 * everywhere) or being deactivated ends it within a few seconds. A person holds at most 5 streams;
 * a sixth ends their oldest, which is told it was replaced (EVENT_STREAMS_PER_USER, default 5).
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryRiders } from '../../src/db/schema/accounts.ts';

const MAX_STREAMS_PER_USER = 5;
import { makeCustomer, makeRider } from '../fixtures/people.ts';
import { ORIGIN, type TestContext, createTestApp, drivers, signInCookie } from '../helpers.ts';
import { openSse, type SseClient } from './sse-client.ts';

/** Resolves with how long the stream took to end, or rejects after `ms`. */
function endsWithin(c: SseClient, ms: number) {
  const start = Date.now();
  return Promise.race([
    c.ended.then(() => Date.now() - start),
    new Promise<number>((_, fail) => setTimeout(() => fail(new Error(`stream still open after ${ms} ms`)), ms)),
  ]);
}
const stillOpen = async (c: SseClient, ms = 500) =>
  Promise.race([c.ended.then(() => false), new Promise<boolean>((ok) => setTimeout(() => ok(true), ms))]);

describe.each(drivers)('event streams and sessions on %s', (driver) => {
  let t: TestContext;
  let base: string;
  const clients: SseClient[] = [];
  const open = async (cookie: string) => {
    const c = await openSse(base, cookie);
    expect(c.status).toBe(200);
    clients.push(c);
    return c;
  };
  const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, payload: {}, headers: { origin: ORIGIN, cookie } });

  beforeAll(async () => {
    t = await createTestApp(driver);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t?.close();
  });

  it("signing out ends that session's stream within a few seconds, and only that one", async () => {
    const email = `streams-${driver}@example.com`;
    const { cookie: phone } = await makeCustomer(t.app, email);
    const laptop = await signInCookie(t.app, email, 'secret12');
    const [a, b] = [await open(phone), await open(laptop)];
    expect((await post('/api/auth/sign-out', phone)).statusCode).toBe(200);
    expect(await endsWithin(a, 5_000)).toBeLessThan(5_000);
    expect(await stillOpen(b)).toBe(true);
  });

  it('signing out everywhere ends every stream of the account', async () => {
    const email = `streams-all-${driver}@example.com`;
    const { cookie } = await makeCustomer(t.app, email);
    const other = await signInCookie(t.app, email, 'secret12');
    const streams = [await open(cookie), await open(other)];
    expect((await post('/api/auth/sign-out-everywhere', other)).statusCode).toBe(200);
    for (const s of streams) await endsWithin(s, 5_000);
  });

  it("a deactivated rider's stream ends within a few seconds", async () => {
    const rider = await makeRider(t.app, `streams-rider-${driver}@example.com`);
    const s = await open(rider.cookie);
    await t.database.db.update(deliveryRiders).set({ isActive: false }).where(eq(deliveryRiders.id, rider.id));
    await endsWithin(s, 5_000);
  });

  it(`a person holds at most ${MAX_STREAMS_PER_USER} streams: one more ends the oldest, which is told why`, async () => {
    const { cookie } = await makeCustomer(t.app, `tabs-${driver}@example.com`);
    const tabs: SseClient[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) tabs.push(await open(cookie));
    const newest = await open(cookie);
    await endsWithin(tabs[0]!, 2_000);
    expect(tabs[0]!.messages.some((m) => m.event === 'replaced')).toBe(true);
    for (const tab of [...tabs.slice(1), newest]) expect(await stillOpen(tab, 100)).toBe(true);
    // Another person's streams are not counted against this one.
    const someoneElse = await open((await makeCustomer(t.app, `tabs-other-${driver}@example.com`)).cookie);
    expect(await stillOpen(tabs[1]!, 300)).toBe(true);
    expect(await stillOpen(someoneElse, 100)).toBe(true);
  });
});
