/** /api/admin/products and /api/admin/categories. */
import {
  AdminCategory,
  AdminCategoryInput,
  AdminProduct,
  AdminProductInput,
  AdminStockInput,
  IdList,
} from '@meatshop/shared/admin-catalog';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { deleteCategories, listCategories, saveCategory } from '../../../modules/catalog/category-admin.service.ts';
import {
  createProduct,
  deleteProduct,
  listProducts,
  setProductStock,
  updateProduct,
} from '../../../modules/catalog/product-admin.service.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import { notFound } from '../../../platform/errors.ts';
import { imageUrlChecker } from '../../../platform/image-url.ts';

const IdParams = z.object({ id: z.string().uuid('Invalid id') });

export default async function catalogRoutes(app: App) {
  const { db, config } = app.deps;
  const tags = ['admin'];
  const checkImageUrl = imageUrlChecker({ allowPrivateHosts: config.ALLOW_PRIVATE_HOSTS });
  /** Pasted image URLs are checked again on save: the form's check is only a convenience. */
  const checkPasted = async (urls: string[] = []) => {
    for (const u of urls) if (!u.startsWith('/media/')) await checkImageUrl(u);
  };

  // Staff who take or change orders pick products from this list too.
  app.get(
    '/products',
    { config: { permission: ['catalog.manage', 'orders.edit'] }, schema: { tags, response: { 200: z.array(AdminProduct) } } },
    () => listProducts(db),
  );

  app.post('/products', { schema: { tags, body: AdminProductInput, response: { 201: AdminProduct } } }, async (req, reply) => {
    await checkPasted(req.body.imageUrls);
    return reply.code(201).send(await createProduct(db, req.body, await staffActor(req)));
  });

  app.put(
    '/products/:id',
    { schema: { tags, params: IdParams, body: AdminProductInput, response: { 200: AdminProduct } } },
    async (req) => {
      await checkPasted(req.body.imageUrls);
      return updateProduct(db, req.params.id, req.body, await staffActor(req));
    },
  );

  app.patch(
    '/products/:id/stock',
    { schema: { tags, params: IdParams, body: AdminStockInput, response: { 200: AdminProduct } } },
    async (req) => setProductStock(db, req.params.id, req.body.stock, await staffActor(req)),
  );

  app.delete(
    '/products/:id',
    { schema: { tags, params: IdParams, response: { 200: z.object({ outcome: z.enum(['deleted', 'archived']) }) } } },
    async (req) => ({ outcome: await deleteProduct(db, req.params.id, await staffActor(req)) }),
  );

  app.get('/categories', { schema: { tags, response: { 200: z.array(AdminCategory) } } }, () => listCategories(db));

  app.post('/categories', { schema: { tags, body: AdminCategoryInput, response: { 201: AdminCategory } } }, async (req, reply) => {
    await checkPasted(req.body.imageUrl ? [req.body.imageUrl] : []);
    return reply.code(201).send(await saveCategory(db, await staffActor(req), req.body));
  });

  app.put(
    '/categories/:id',
    { schema: { tags, params: IdParams, body: AdminCategoryInput, response: { 200: AdminCategory } } },
    async (req) => {
      await checkPasted(req.body.imageUrl ? [req.body.imageUrl] : []);
      return saveCategory(db, await staffActor(req), req.body, req.params.id);
    },
  );

  app.delete(
    '/categories/:id',
    { schema: { tags, params: IdParams, response: { 200: z.object({ deleted: z.number() }) } } },
    async (req) => {
      const deleted = await deleteCategories(db, await staffActor(req), [req.params.id]);
      if (!deleted) throw notFound('Category not found');
      return { deleted };
    },
  );

  app.post(
    '/categories/bulk-delete',
    { schema: { tags, body: IdList, response: { 200: z.object({ deleted: z.number() }) } } },
    async (req) => ({
      deleted: await deleteCategories(db, await staffActor(req), req.body.ids),
    }),
  );
}
