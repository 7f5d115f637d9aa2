/**
 * The public catalog: /api/products (filters and sorts in SQL), /api/products/:id, related products,
 * /api/categories with product counts, reviews (read by anyone, written by customers) and ratings.
 */
import { SubstituteQuery, SubstituteSuggestions } from '@meatshop/shared/substitutions';
import { suggestSubstitutes } from '../../modules/orders/substitutions.service.ts';
import {
  CategoryList,
  CreateReviewInput,
  MyRating,
  ProductDetail,
  ProductIdParams,
  ProductList,
  ProductListQuery,
  RateProductInput,
  Review,
  ReviewList,
} from '@meatshop/shared/catalog';
import { StockNear, StockNearQuery } from '@meatshop/shared/inventory';
import { z } from 'zod';
import { shopDay } from '@meatshop/shared/batches';
import { NearDateOfferList } from '@meatshop/shared/markdowns';
import type { App } from '../../app-types.ts';
import { stockNear } from '../../modules/inventory/outlet-stock.service.ts';
import { assertCustomer, requireActor } from '../../modules/accounts/access.ts';
import { registerHttpCache } from '../../platform/http-cache.ts';
import { createMicroCache } from '../../platform/micro-cache.ts';
import type { PeriodicJob } from '../../platform/periodic-job.ts';
import { enforce } from '../../platform/rate-limit.ts';
import * as catalog from '../../modules/catalog/catalog.service.ts';

/**
 * Revalidate every time (cheap: a 304 when unchanged) so a new rating, stock level, product or
 * category shows at once: a browser never keeps what a shop manager may just have changed.
 */
const REVALIDATE = 'public, no-cache';

export default async function catalogRoutes(app: App) {
  const { db } = app.deps;
  registerHttpCache(app, app.frontCache);
  // Public catalog reads are identical for everyone: serialize once per key and second (see micro-cache.ts).
  // Products and categories carry a version (the catalog_versions triggers), so an expired entry costs
  // one small read and is loaded again only after a change; reviews are re-read every two seconds.
  // A write through this instance (an admin's edit, a checkout, a review) has the next read check
  // first, so what it changed shows on the very next request here; other instances see it by the
  // version within the second.
  const catalogCache = createMicroCache(1000, { version: () => catalog.catalogVersion(db) });
  const reviewCache = createMicroCache(2000);
  const stopWatching = app.localWrites.onWrite(() => {
    catalogCache.invalidate();
    reviewCache.invalidate();
  });
  app.addHook('onClose', async () => stopWatching());
  if (app.deps.config.backgroundJobs) {
    let job: PeriodicJob | undefined;
    app.addHook('onReady', async () => {
      job = catalog.startCatalogVersionCompaction(db, app.log);
    });
    app.addHook('onClose', async () => {
      await job?.stop();
    });
  }
  // Returns the JSON text typed as the response: Fastify sends a string with a JSON content type as
  // it is, so the body is serialized once per cache entry instead of once per request.
  const jsonText = async <T>(reply: { type(t: string): unknown }, key: string, load: () => Promise<string>, cache = catalogCache) => {
    const body = await cache.get(key, load);
    reply.type('application/json; charset=utf-8');
    return body as unknown as T;
  };
  const json = <T>(reply: { type(t: string): unknown }, key: string, load: () => Promise<T>, cache = catalogCache) =>
    jsonText<T>(reply, key, async () => JSON.stringify(await load()), cache);

  app.get(
    '/api/products',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE, frontCache: true },
      schema: { tags: ['catalog'], querystring: ProductListQuery, response: { 200: ProductList } },
    },
    async (req, reply) =>
      reply.send(
        // Written by the database as the JSON it is sent as (see findProductsJson).
        await jsonText(reply, `list:${JSON.stringify(req.query)}`, () => catalog.listProductsJson(db, req.query)),
      ),
  );

  // One grouped read for the listing's "Best before" flags; kept per Kampala day, as a window opens at midnight.
  app.get(
    '/api/products/offers',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE, frontCache: true },
      schema: { tags: ['catalog'], response: { 200: NearDateOfferList } },
    },
    async (_req, reply) => reply.send(await json(reply, `offers:${shopDay()}`, async () => ({ offers: await catalog.listOfferFlags(db) }))),
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE, frontCache: true },
      schema: { tags: ['catalog'], params: ProductIdParams, response: { 200: ProductDetail } },
    },
    async (req, reply) =>
      reply.send(
        await json(reply, `product:${req.params.id}:${shopDay()}`, async () => ({ product: await catalog.getProduct(db, req.params.id) })),
      ),
  );

  app.get(
    '/api/products/:id/related',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE, frontCache: true },
      schema: { tags: ['catalog'], params: ProductIdParams, response: { 200: ProductList } },
    },
    async (req, reply) =>
      reply.send(
        await json(reply, `related:${req.params.id}`, async () => ({ products: await catalog.relatedProducts(db, req.params.id) })),
      ),
  );

  // Not cached: stock moves with every order, and the answer depends on the point.
  app.get(
    '/api/products/:id/stock-near',
    {
      config: { access: 'visitor' },
      schema: { tags: ['catalog'], params: z.object({ id: z.uuid() }), querystring: StockNearQuery, response: { 200: StockNear } },
    },
    async (req) => stockNear(db, req.params.id, req.query.lat, req.query.lng),
  );

  // Not cached: stock moves with every order. At checkout (any outlet, or the one given) and at packing.
  app.get(
    '/api/products/:id/substitutes',
    {
      config: { access: 'visitor' },
      schema: {
        tags: ['catalog'],
        params: z.object({ id: z.uuid() }),
        querystring: SubstituteQuery,
        response: { 200: SubstituteSuggestions },
      },
    },
    async (req) => ({ suggestions: await suggestSubstitutes(db, req.params.id, { outletId: req.query.outletId }) }),
  );

  app.get(
    '/api/categories',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE, frontCache: true },
      schema: { tags: ['catalog'], response: { 200: CategoryList } },
    },
    async (_req, reply) => reply.send(await json(reply, 'categories', async () => ({ categories: await catalog.listCategories(db) }))),
  );

  app.get(
    '/api/products/:id/reviews',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE, frontCache: true },
      schema: { tags: ['catalog'], params: ProductIdParams, response: { 200: ReviewList } },
    },
    async (req, reply) =>
      reply.send(
        await json(reply, `reviews:${req.params.id}`, async () => ({ reviews: await catalog.listReviews(db, req.params.id) }), reviewCache),
      ),
  );

  app.post(
    '/api/products/:id/reviews',
    {
      config: { access: 'customer', errors: ['RATE_LIMITED'] },
      schema: { tags: ['catalog'], params: ProductIdParams, body: CreateReviewInput, response: { 201: Review } },
    },
    async (req, reply) => {
      const user = assertCustomer(await requireActor(req));
      await enforce(
        db,
        [{ key: `review:user:${user.id}`, max: 10, windowSeconds: 3600 }],
        'You have written many reviews in a short time. Please try again later.',
      );
      const review = await catalog.createReview(db, user.id, req.params.id, req.body);
      return reply.code(201).send(review);
    },
  );

  app.get(
    '/api/products/:id/rating',
    {
      config: { access: 'customer' },
      schema: { tags: ['catalog'], params: ProductIdParams, response: { 200: MyRating } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = assertCustomer(await requireActor(req));
      return catalog.myRating(db, user.id, req.params.id);
    },
  );

  app.put(
    '/api/products/:id/rating',
    {
      config: { access: 'customer' },
      schema: { tags: ['catalog'], params: ProductIdParams, body: RateProductInput, response: { 200: MyRating } },
    },
    async (req) => {
      const user = assertCustomer(await requireActor(req));
      return catalog.rateProduct(db, user.id, req.params.id, req.body.rating);
    },
  );
}
