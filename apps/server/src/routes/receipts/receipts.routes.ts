/**
 * GET /api/receipts/:orderId: the order's receipt as a PDF, for its customer, staff of its outlet
 * and admins. A download by default; `?print=1` opens it in the browser's viewer to print.
 */
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { getReceipt } from '../../modules/receipts/receipts.service.ts';
import { requireActor } from '../../modules/accounts/access.ts';

const Params = z.object({ orderId: z.uuid('Order not found') });
const Query = z.object({ print: z.enum(['1', 'true']).optional() });

export default async function receiptRoutes(app: App) {
  const { db } = app.deps;
  app.get(
    '/api/receipts/:orderId',
    {
      config: { access: 'signedIn', errors: ['CONFLICT'] },
      schema: { tags: ['orders'], params: Params, querystring: Query, produces: ['application/pdf'] },
    },
    async (req, reply) => {
      const { fileName, pdf } = await getReceipt(db, await requireActor(req), req.params.orderId, app.deps.now());
      // The receipt names the customer and their address: never kept by a shared cache or the browser.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `${req.query.print ? 'inline' : 'attachment'}; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
