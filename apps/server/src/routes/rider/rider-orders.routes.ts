/** /api/rider/orders: the rider's deliveries and the three steps they can take on one. */
import { DELIVERY_PHOTO_MESSAGES } from '@meatshop/shared/delivery';
import { CancelDeliveryInput, RiderOrderList, RiderOrderResponse } from '@meatshop/shared/rider';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { Ok } from '@meatshop/shared/admin-orders';
import { PositionAccepted, RiderPositionInput } from '@meatshop/shared/tracking';
import { findOrderItems, findRiderOrder, findRiderOrders } from '../../modules/delivery/delivery.repository.ts';
import { declineAssignment } from '../../modules/delivery/dispatch.service.ts';
import { recordPosition } from '../../modules/delivery/tracking.service.ts';
import { cancelDelivery, completeDelivery, confirmPickup } from '../../modules/delivery/delivery.service.ts';
import { ORDER_NOT_FOUND } from '../../modules/delivery/delivery.policy.ts';
import { riderOrderDetail, riderOrderSummary } from '../../modules/delivery/delivery.views.ts';
import { currentRates } from '../../modules/delivery/earnings.service.ts';
import { requireActor } from '../../modules/accounts/access.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import type { FastifyRequest } from 'fastify';

const tags = ['rider'];
const Params = z.object({ id: z.uuid('Order not found') });

export default async function riderOrdersRoutes(app: App) {
  const { db, storage } = app.deps;
  const riderId = async (req: FastifyRequest) => (await requireActor(req)).rider!.id;

  const detail = async (orderId: string, rider: string) => {
    const row = await findRiderOrder(db, orderId, rider);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    return { order: riderOrderDetail(row, await findOrderItems(db, orderId)) };
  };

  /** Active deliveries: assigned and picked up, newest first. */
  app.get('/', { schema: { tags, response: { 200: RiderOrderList } } }, async (req) => ({
    orders: (await findRiderOrders(db, await riderId(req), ['assigned', 'picked_up'])).map(riderOrderSummary),
  }));

  app.get('/:id', { schema: { tags, params: Params, response: { 200: RiderOrderResponse } } }, async (req) =>
    detail(req.params.id, await riderId(req)),
  );

  app.post('/:id/pickup', { schema: { tags, params: Params, response: { 200: RiderOrderResponse } } }, async (req) => {
    const rider = await riderId(req);
    await confirmPickup(db, rider, req.params.id);
    return detail(req.params.id, rider);
  });

  app.post(
    '/:id/cancel',
    { schema: { tags, params: Params, body: CancelDeliveryInput.optional(), response: { 200: RiderOrderResponse } } },
    async (req) => {
      const rider = (await requireActor(req)).rider!;
      await cancelDelivery(app.deps, rider, req.params.id, req.body?.reason);
      return detail(req.params.id, rider.id);
    },
  );

  /** Live tracking: the rider's position while carrying this order. */
  app.post(
    '/:id/position',
    { schema: { tags, params: Params, body: RiderPositionInput, response: { 200: PositionAccepted } } },
    async (req) => ({ ok: true as const, ...(await recordPosition(db, await riderId(req), req.params.id, req.body)) }),
  );

  /** The rider turns down an order not picked up yet: it returns to the queue and admins are told. */
  app.post('/:id/decline', { schema: { tags, params: Params, response: { 200: Ok } } }, async (req) => {
    await declineAssignment(db, (await requireActor(req)).rider!, req.params.id);
    return { ok: true as const };
  });

  /** multipart/form-data with one `photo` file taken by the phone camera. */
  app.post('/:id/deliver', { schema: { tags, params: Params, response: { 200: RiderOrderResponse } } }, async (req) => {
    const rider = await riderId(req);
    const photo = await readPhoto(req);
    await completeDelivery({ db, storage, rates: await currentRates(db) }, rider, req.params.id, photo);
    return detail(req.params.id, rider);
  });
}

async function readPhoto(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw invalid(DELIVERY_PHOTO_MESSAGES.missing, { photo: DELIVERY_PHOTO_MESSAGES.missing });
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await req.file();
  } catch {
    throw invalid(DELIVERY_PHOTO_MESSAGES.missing, { photo: DELIVERY_PHOTO_MESSAGES.missing });
  }
  if (!file) throw invalid(DELIVERY_PHOTO_MESSAGES.missing, { photo: DELIVERY_PHOTO_MESSAGES.missing });
  try {
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', DELIVERY_PHOTO_MESSAGES.tooLarge);
    throw err;
  }
}
