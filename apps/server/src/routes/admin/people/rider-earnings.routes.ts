/** POST /api/admin/riders/:id/earnings: an admin adds a tip or a bonus to a rider's earnings. */
import { AdminAddRiderEarningInput, RiderEarningEntry } from '@meatshop/shared/rider';
import { z } from 'zod';
import type { App } from '../../../app-types.ts';
import { staffActor } from '../../../modules/audit/audit-actor.ts';
import { findRiderById } from '../../../modules/accounts/accounts.repository.ts';
import { addEarning } from '../../../modules/delivery/earnings.service.ts';
import { notFound } from '../../../platform/errors.ts';

export default async function adminRiderEarningsRoutes(app: App) {
  const { db } = app.deps;
  app.post(
    '/riders/:id/earnings',
    {
      config: { access: 'admin', permission: 'riders.manage' },
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: AdminAddRiderEarningInput,
        response: { 201: RiderEarningEntry },
      },
    },
    async (req, reply) => {
      if (!(await findRiderById(db, req.params.id))) throw notFound('Rider not found');
      const row = await addEarning(db, await staffActor(req), {
        riderId: req.params.id,
        type: req.body.type,
        amount: req.body.amount,
        note: req.body.note,
        orderId: req.body.orderId,
      });
      return reply.code(201).send({
        id: row.id,
        type: row.type as 'tip' | 'bonus',
        amount: row.amount,
        distanceKm: row.distanceKm,
        orderId: row.orderId,
        note: row.note,
        date: row.createdAt.toISOString(),
      });
    },
  );
}
