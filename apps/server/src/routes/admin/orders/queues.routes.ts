/** /api/admin/ops/queues/:queue: the back office's order queues (pending, processing), oldest first. */
import { OrderQueue, QueueParams } from '@meatshop/shared/order-queues';
import type { App } from '../../../app-types.ts';
import { listQueue } from '../../../modules/orders/order-queues.repository.ts';

export default async function orderQueuesRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/queues/:queue',
    { schema: { tags: ['admin: operations'], params: QueueParams, response: { 200: OrderQueue } } },
    async (req) => ({
      orders: await listQueue(db, req.params.queue),
    }),
  );
}
