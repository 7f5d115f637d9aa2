import { REVIEW_COMMENT_MAX } from '@meatshop/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, drivers, loginAs, ORIGIN, type TestContext } from '../helpers.ts';

describe.each(drivers)('reviews, ratings and subscriptions on %s', (driver) => {
  let t: TestContext;
  let customer: string;
  let productId: string;
  let unrated: string;
  beforeAll(async () => {
    t = await createTestApp(driver);
    customer = await loginAs(t.app, 'customer');
    const all = (await t.app.inject({ method: 'GET', url: '/api/products' })).json().products as { id: string; ratingCount: number }[];
    productId = all.find((p) => p.ratingCount === 2)!.id;
    unrated = all.find((p) => p.ratingCount === 0)!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method, url, payload: payload as object, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) } });
  const product = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json().product;

  it('a rating needs a signed-in customer', async () => {
    const res = await send('PUT', `/api/products/${productId}/rating`, { rating: 5 });
    expect(res.statusCode).toBe(401);
  });

  it('upserts one rating per user and updates the average', async () => {
    const before = await product(productId);
    const ratings = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews` });
    const existing = (ratings.json().reviews as { rating: number }[]).map((r) => r.rating);
    expect(existing).toHaveLength(2);

    const first = await send('PUT', `/api/products/${productId}/rating`, { rating: 1 }, customer);
    expect(first.statusCode, first.body).toBe(200);
    const avg1 = Math.round(((existing[0]! + existing[1]! + 1) / 3) * 100) / 100;
    expect(first.json()).toEqual({ rating: 1, productRating: avg1, ratingCount: 3 });
    expect((await product(productId)).rating).toBe(avg1);
    expect(before.rating).not.toBe(avg1);

    // Rating again replaces the customer's rating instead of adding one.
    const second = await send('PUT', `/api/products/${productId}/rating`, { rating: 5 }, customer);
    const avg2 = Math.round(((existing[0]! + existing[1]! + 5) / 3) * 100) / 100;
    expect(second.json()).toEqual({ rating: 5, productRating: avg2, ratingCount: 3 });
    const mine = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/rating`, headers: { cookie: customer } });
    expect(mine.json()).toEqual({ rating: 5, productRating: avg2, ratingCount: 3 });
  });

  it('refuses ratings outside 1..5 and non-numbers', async () => {
    for (const rating of [0, 6, 2.5, 'five']) {
      const res = await send('PUT', `/api/products/${productId}/rating`, { rating }, customer);
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().error.fields.rating).toBeTruthy();
    }
  });

  it('creates a review shown newest first with the reviewer name; script tags are kept as plain text', async () => {
    const comment = 'Lovely! <script>alert("x")</script>';
    const res = await send('POST', `/api/products/${unrated}/reviews`, { rating: 4, comment: `  ${comment}  ` }, customer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rating: 4, comment, userFullName: 'Daniel Mugisha' });
    const list = (await t.app.inject({ method: 'GET', url: `/api/products/${unrated}/reviews` })).json().reviews;
    expect(list[0]).toMatchObject({ comment, rating: 4 });
    // The review's stars count as the reviewer's rating of the product.
    expect(await product(unrated)).toMatchObject({ rating: 4, ratingCount: 1 });
  });

  it('validates reviews: comment required and capped, rating 1..5, visitors refused', async () => {
    const empty = await send('POST', `/api/products/${unrated}/reviews`, { rating: 5, comment: '   ' }, customer);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.comment).toBe('Please write a comment');
    const long = await send(
      'POST',
      `/api/products/${unrated}/reviews`,
      { rating: 5, comment: 'a'.repeat(REVIEW_COMMENT_MAX + 1) },
      customer,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.comment).toMatch(/at most/);
    const stars = await send('POST', `/api/products/${unrated}/reviews`, { rating: 9, comment: 'ok' }, customer);
    expect(stars.statusCode).toBe(400);
    const visitor = await send('POST', `/api/products/${unrated}/reviews`, { rating: 5, comment: 'ok' });
    expect(visitor.statusCode).toBe(401);
    const unknown = await send(
      'POST',
      '/api/products/00000000-0000-4000-8000-000000000000/reviews',
      { rating: 5, comment: 'ok' },
      customer,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('a rider (no customer profile) cannot review', async () => {
    const rider = await loginAs(t.app, 'rider');
    const res = await send('POST', `/api/products/${unrated}/reviews`, { rating: 5, comment: 'ok' }, rider);
    expect(res.statusCode).toBe(403);
  });

  it('subscribes once; a duplicate email answers 409 "You\'re already subscribed!"', async () => {
    const first = await send('POST', '/api/subscriptions', { email: 'Fan@Example.com', type: 'blogs' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ email: 'fan@example.com', type: 'blogs' });
    const dup = await send('POST', '/api/subscriptions', { email: 'fan@example.com', type: 'campaigns' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe("You're already subscribed!");
    const bad = await send('POST', '/api/subscriptions', { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid email address');
    const badType = await send('POST', '/api/subscriptions', { email: 'x@example.com', type: 'spam' });
    expect(badType.statusCode).toBe(400);
  });

  it('lists active outlets ordered by name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/outlets' });
    expect(res.statusCode).toBe(200);
    const names = (res.json().outlets as { name: string }[]).map((o) => o.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(res.json().outlets[0]).not.toHaveProperty('managerName');
  });
});
