/** Who may pay for or check which order: only its customer. Another's order reads as unknown (404). */
import type { Actor } from '../accounts/access.ts';
import { notFound } from '../../platform/errors.ts';

export function assertOwnsOrder(actor: Actor, order: { userId: string } | undefined, what = 'Order not found'): asserts order {
  if (!order || order.userId !== actor.userId) throw notFound(what);
}
