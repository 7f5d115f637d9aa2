/**
 * The outlet confirms that the goods of an order cancelled after pickup are back: only now do they
 * go back on the shelf (while the rider held them, selling them again would oversell).
 */
import { customerOrderNumber } from '@meatshop/shared/status';
import type { Tx } from '../../../db/client.ts';
import { giveBackForOrder } from '../../inventory/outlet-stock.service.ts';
import { conflict } from '../../../platform/errors.ts';
import { notifyAdmins } from '../../notifications/notifications.service.ts';
import type { OrderRow } from '../orders.repository.ts';
import { type Actor, assertMay } from './actor.ts';
import { orderItemUnits, writeGoodsReturned } from './lifecycle.repository.ts';
import { announce } from './order-event.ts';
import { auditOrderStep } from './staff-audit.ts';

export async function confirmGoodsReturned(tx: Tx, order: OrderRow, actor: Actor, at = new Date()) {
  assertMay('confirm_return', actor, order);
  const next = await writeGoodsReturned(tx, order.id, at);
  if (!next) throw conflict('The return of these goods is already confirmed.');
  await giveBackForOrder(tx, order, () => orderItemUnits(tx, order.id), 'return');
  await notifyAdmins(tx, {
    type: 'other',
    orderId: order.id,
    message: `Goods of cancelled order #${customerOrderNumber(order.id)} are back at the outlet and in stock again`,
  });
  await announce(tx, next, 'updated');
  await auditOrderStep(tx, actor, order, next, 'status_change');
  return next;
}
