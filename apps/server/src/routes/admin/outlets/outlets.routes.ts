/** /api/admin/outlets and their products. */
import { AdminOutlet, AdminOutletInput, AdminOutletProduct, AdminOutletProductInput, ProductOption } from '@meatshop/shared/admin-outlets';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import {
  addOutletProduct,
  deleteOutlet,
  listOutletProducts,
  listOutlets,
  listProductOptions,
  removeOutletProduct,
  saveOutlet,
  updateOutletProduct,
} from '../../../modules/outlets/outlet-admin.service.ts';

const IdParams = z.object({ id: z.string().uuid('Invalid id') });
const ProductParams = z.object({ id: z.string().uuid('Invalid id'), productRowId: z.string().uuid('Invalid id') });
const Ok = z.object({ ok: z.literal(true) });

export default async function outletsRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['admin'];

  app.get(
    '/outlets',
    {
      config: { permission: ['outlets.manage', 'orders.read', 'inventory.manage', 'settings.manage'] },
      schema: { tags, response: { 200: z.array(AdminOutlet) } },
    },
    () => listOutlets(db),
  );

  app.post('/outlets', { schema: { tags, body: AdminOutletInput, response: { 201: AdminOutlet } } }, async (req, reply) =>
    reply.code(201).send(await saveOutlet(db, await staffActor(req), req.body)),
  );

  app.put('/outlets/:id', { schema: { tags, params: IdParams, body: AdminOutletInput, response: { 200: AdminOutlet } } }, async (req) =>
    saveOutlet(db, await staffActor(req), req.body, req.params.id),
  );

  app.delete('/outlets/:id', { schema: { tags, params: IdParams, response: { 200: Ok } } }, async (req) => {
    await deleteOutlet(db, await staffActor(req), req.params.id);
    return { ok: true as const };
  });

  app.get('/product-options', { schema: { tags, response: { 200: z.array(ProductOption) } } }, () => listProductOptions(db));

  app.get('/outlets/:id/products', { schema: { tags, params: IdParams, response: { 200: z.array(AdminOutletProduct) } } }, (req) =>
    listOutletProducts(db, req.params.id),
  );

  app.post(
    '/outlets/:id/products',
    { schema: { tags, params: IdParams, body: AdminOutletProductInput, response: { 201: AdminOutletProduct } } },
    async (req, reply) => reply.code(201).send(await addOutletProduct(db, await staffActor(req), req.params.id, req.body)),
  );

  app.put(
    '/outlets/:id/products/:productRowId',
    { schema: { tags, params: ProductParams, body: AdminOutletProductInput, response: { 200: AdminOutletProduct } } },
    async (req) => updateOutletProduct(db, await staffActor(req), req.params.id, req.params.productRowId, req.body),
  );

  app.delete('/outlets/:id/products/:productRowId', { schema: { tags, params: ProductParams, response: { 200: Ok } } }, async (req) => {
    await removeOutletProduct(db, await staffActor(req), req.params.id, req.params.productRowId);
    return { ok: true as const };
  });
}
