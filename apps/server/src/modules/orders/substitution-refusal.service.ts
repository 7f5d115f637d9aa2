/**
 * The customer refusing a substitute on their own order: the order locked, the order core's
 * `refuseSubstitute`, and the refund it opened sent to the provider after the commit. Another
 * customer's order answers exactly like an unknown one.
 */
import type { Order } from '@meatshop/shared/orders';
import { SHOP } from '@meatshop/shared/constants';
import { notFound } from '../../platform/errors.ts';
import type { PaymentDeps } from '../payments/payment-deps.ts';
import { editRefunds } from '../payments/refunds.service.ts';
import { lockOrderRow } from './lifecycle/lifecycle.repository.ts';
import { refuseSubstitute } from './lifecycle/substitute.ts';
import { toOrderView } from './order-view.ts';
import { findOrderById } from './orders.repository.ts';

const ORDER_NOT_FOUND = 'Order not found';

export async function refuseSubstituteAs(
  deps: PaymentDeps & { now: () => Date },
  customer: { id: string; name: string },
  orderId: string,
  lineId: string,
): Promise<Order> {
  const refunds = editRefunds(deps, { userId: customer.id, name: customer.name || SHOP.name });
  const order = await deps.db.transaction(async (tx) => {
    const row = await lockOrderRow(tx, orderId);
    if (!row || row.userId !== customer.id) throw notFound(ORDER_NOT_FOUND);
    const result = await refuseSubstitute(
      tx,
      row,
      lineId,
      { role: 'customer', id: customer.id, name: customer.name },
      {
        now: deps.now(),
        openRefund: refunds.open,
      },
    );
    return toOrderView(tx, result.order);
  });
  await refunds.sendOpened();
  // A refund just sent may have completed already (the simulator settles at once): read it again.
  const fresh = await findOrderById(deps.db, orderId);
  return fresh ? toOrderView(deps.db, fresh) : order;
}
