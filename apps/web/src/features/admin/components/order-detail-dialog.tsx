/** Order detail modal: customer, delivery address, items, totals and timeline. */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { formatUGX } from '@meatshop/shared/money';
import {
  customerOrderNumber,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  type OrderStatus,
  PAYMENT_METHOD_LABEL,
  type PaymentMethod,
} from '@meatshop/shared/status';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';

export function OrderDetailDialog({ order: o, onOpenChange }: { order: AdminOrder | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!o} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {o ? (
          <>
            <DialogHeader>
              <DialogTitle>Order #{customerOrderNumber(o.id)}</DialogTitle>
              <DialogDescription>
                Placed {formatDateTime(o.createdAt)} ·{' '}
                <Badge tone={ORDER_STATUS_TONE[o.status as OrderStatus]}>{ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status}</Badge>
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-5 text-sm sm:grid-cols-2">
              <section>
                <h3 className="mb-1 font-semibold text-ink">Customer</h3>
                <p>{o.user.fullName}</p>
                <p className="text-muted">{o.user.email}</p>
                <p className="text-muted">{o.shippingAddress.phone}</p>
              </section>
              <section>
                <h3 className="mb-1 font-semibold text-ink">Delivery</h3>
                <p>{[o.shippingAddress.street, o.shippingAddress.city, o.shippingAddress.country].filter(Boolean).join(', ')}</p>
                {o.deliveryInstructions ? <p className="text-muted">“{o.deliveryInstructions}”</p> : null}
                <p className="text-muted">Outlet: {o.outlet?.name ?? '—'}</p>
                <p className="text-muted">Rider: {o.rider ? `${o.rider.fullName} (${o.rider.phone})` : 'Unassigned'}</p>
              </section>
            </div>
            <h3 className="mt-6 mb-2 text-sm font-semibold text-ink">Items</h3>
            <ul className="divide-y divide-line rounded-xl border border-line text-sm">
              {o.items.map((it) => (
                <li key={it.id} className="flex items-center gap-3 p-3">
                  {it.imageUrl ? <img src={it.imageUrl} alt="" className="size-10 rounded-lg object-cover" /> : null}
                  <span className="flex-1">
                    {it.productName} × {it.quantity}
                  </span>
                  <span className="font-medium">{formatUGX(it.price * it.quantity)}</span>
                </li>
              ))}
            </ul>
            <dl className="mt-4 space-y-1 text-sm">
              <Row label="Subtotal" value={formatUGX(o.subtotalAmount)} />
              <Row label="Delivery fee" value={formatUGX(o.deliveryFee)} />
              {o.discountAmount ? (
                <Row label={`Discount${o.couponCode ? ` (${o.couponCode})` : ''}`} value={`- ${formatUGX(o.discountAmount)}`} />
              ) : null}
              <Row label="Total" value={formatUGX(o.totalAmount)} strong />
              <Row
                label="Payment"
                value={`${PAYMENT_METHOD_LABEL[o.paymentMethod as PaymentMethod] ?? o.paymentMethod} · ${o.paymentStatus}`}
              />
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? 'border-t border-line pt-2 text-base font-semibold text-ink' : 'text-ink-soft'}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
