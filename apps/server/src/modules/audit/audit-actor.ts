/** The staff member of a request, as the audit trail records them. */
import type { FastifyRequest } from 'fastify';
import { requireActor } from '../accounts/access.ts';
import type { AuditActor } from './audit.service.ts';

/** The signed-in staff member calling this route (an admin, or outlet staff in the outlet portal). */
export async function staffActor(req: FastifyRequest): Promise<AuditActor> {
  const a = await requireActor(req);
  return {
    userId: a.userId,
    name: a.user?.fullName || a.email,
    email: a.email,
    role: a.user?.isAdmin ? 'admin' : 'outlet',
    requestId: String(req.id),
  };
}
