/**
 * The public catalog: /api/products (filters and sorts in SQL), /api/products/:id, related products,
 * /api/categories with product counts, reviews (read by anyone, written by customers) and ratings.
 */
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
import type { App } from '../../app.ts';
import { assertCustomer, requireActor } from '../../platform/access.ts';
import { registerHttpCache } from '../../platform/http-cache.ts';
import { enforce } from '../../platform/rate-limit.ts';
import * as catalog from '../../modules/catalog/catalog.service.ts';

/** Revalidate every time (cheap: a 304 when unchanged) so a new rating or stock level shows at once. */
const REVALIDATE = 'public, no-cache';
const CATEGORIES_CACHE = 'public, max-age=60, stale-while-revalidate=300';

export default async function catalogRoutes(app: App) {
  const { db } = app.deps;
  registerHttpCache(app);

  app.get(
    '/api/products',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE },
      schema: { tags: ['catalog'], querystring: ProductListQuery, response: { 200: ProductList } },
    },
    async (req) => ({ products: await catalog.listProducts(db, req.query) }),
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE },
      schema: { tags: ['catalog'], params: ProductIdParams, response: { 200: ProductDetail } },
    },
    async (req) => ({ product: await catalog.getProduct(db, req.params.id) }),
  );

  app.get(
    '/api/products/:id/related',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE },
      schema: { tags: ['catalog'], params: ProductIdParams, response: { 200: ProductList } },
    },
    async (req) => ({ products: await catalog.relatedProducts(db, req.params.id) }),
  );

  app.get(
    '/api/categories',
    {
      config: { access: 'visitor', cacheControl: CATEGORIES_CACHE },
      schema: { tags: ['catalog'], response: { 200: CategoryList } },
    },
    async () => ({ categories: await catalog.listCategories(db) }),
  );

  app.get(
    '/api/products/:id/reviews',
    {
      config: { access: 'visitor', cacheControl: REVALIDATE },
      schema: { tags: ['catalog'], params: ProductIdParams, response: { 200: ReviewList } },
    },
    async (req) => ({ reviews: await catalog.listReviews(db, req.params.id) }),
  );

  app.post(
    '/api/products/:id/reviews',
    {
      config: { access: 'customer' },
      schema: { tags: ['catalog'], params: ProductIdParams, body: CreateReviewInput, response: { 201: Review } },
    },
    async (req, reply) => {
      const user = assertCustomer(await requireActor(req));
      await enforce(
        db,
        [{ key: `review:user:${user.id}`, max: 10, windowSeconds: 3600 }],
        'You have written many reviews in a short time. Please try again later.',
      );
      return reply.code(201).send(await catalog.createReview(db, user.id, req.params.id, req.body));
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
