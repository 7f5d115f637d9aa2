/** Order detail modal: customer, delivery address, items, totals and timeline, and the admin's moves on it. */
import type { AdminOrder } from '@meatshop/shared/admin-orders';
import { formatUGX } from '@meatshop/shared/money';
import { hasReceipt } from '@meatshop/shared/receipts';
import { isPhoneOnlyEmail } from '@meatshop/shared/staff-orders';
import {
  customerOrderNumber,
  ORDER_CHANNEL_LABEL,
  type OrderChannel,
  ORDER_STATUS_LABEL,
  ORDER_STATUS_TONE,
  type OrderStatus,
  PAYMENT_METHOD_LABEL,
  PAYMENT_STATUS_LABEL,
  type PaymentMethod,
  type PaymentStatus,
} from '@meatshop/shared/status';
import { Camera, Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ReceiptLink } from '@/features/orders/components/receipt-link';
import { formatDateTime } from '@/lib/format';
import { OrderAdminActions } from './order-admin-actions';
import { OrderEdits } from './order-edits';
import { OrderRefunds } from './order-refunds';
import { LineDetail } from '@/features/catalog/components/line-detail';
import { LineSubstitution } from '@/features/substitutions/components/line-substitution';

export function OrderDetailDialog({
  order: o,
  onOpenChange,
  onChanged,
}: {
  order: AdminOrder | null;
  onOpenChange: (open: boolean) => void;
  /** The order as the server returned it after an action in the dialog. */
  onChanged: (o: AdminOrder) => void;
}) {
  return (
    <Dialog open={!!o} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {o ? (
          <>
            <DialogHeader>
              <DialogTitle>Order #{customerOrderNumber(o.id)}</DialogTitle>
              <DialogDescription>
                Placed {formatDateTime(o.createdAt)}
                {` · ${ORDER_CHANNEL_LABEL[o.channel as OrderChannel] ?? o.channel} order`}
                {o.takenByName ? ` taken by ${o.takenByName}` : ''} ·{' '}
                <Badge tone={ORDER_STATUS_TONE[o.status as OrderStatus]}>{ORDER_STATUS_LABEL[o.status as OrderStatus] ?? o.status}</Badge>
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-5 text-sm sm:grid-cols-2">
              <section>
                <h3 className="mb-1 font-semibold text-ink">Customer</h3>
                <p>{o.user.fullName}</p>
                {isPhoneOnlyEmail(o.user.email) ? null : <p className="text-muted">{o.user.email}</p>}
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
            {o.status === 'delivered' ? <ProofOfDelivery order={o} /> : null}
            <h3 className="mt-6 mb-2 text-sm font-semibold text-ink">Items</h3>
            <ul className="divide-y divide-line rounded-xl border border-line text-sm">
              {o.items.map((it) => (
                <li key={it.id} className="flex items-center gap-3 p-3">
                  {it.imageUrl ? <img src={it.imageUrl} alt="" className="size-10 rounded-lg object-cover" /> : null}
                  <span className="flex-1">
                    {it.productName} × {it.quantity}
                    <LineDetail options={it.options} note={it.note} markdown={it.markdown} className="text-xs" />
                    <LineSubstitution substitution={it.substitution} productName={it.productName} className="text-xs" />
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
                value={`${PAYMENT_METHOD_LABEL[o.paymentMethod as PaymentMethod] ?? o.paymentMethod} · ${PAYMENT_STATUS_LABEL[o.paymentStatus as PaymentStatus] ?? o.paymentStatus}`}
              />
              {o.balanceDue > 0 && o.status !== 'cancelled' ? (
                <div
                  className="flex justify-between rounded-lg bg-gold-soft px-2 py-1.5 font-semibold text-ink"
                  data-testid="admin-balance-due"
                >
                  <dt>Balance due{o.pickedUpAt ? ' (rider collects in cash)' : ''}</dt>
                  <dd>{formatUGX(o.balanceDue)}</dd>
                </div>
              ) : null}
            </dl>
            {hasReceipt(o) ? (
              <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-line pt-4">
                <ReceiptLink order={o} mode="print" size="sm" />
                <ReceiptLink order={o} size="sm" />
              </div>
            ) : null}
            <OrderEdits order={o} onChanged={onChanged} />
            <OrderRefunds order={o} onChanged={onChanged} />
            <OrderAdminActions order={o} onChanged={onChanged} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The photo the rider took at the door, when and by whom, with a download. */
function ProofOfDelivery({ order: o }: { order: AdminOrder }) {
  return (
    <section className="mt-6 rounded-2xl border border-line bg-cream p-4" aria-labelledby="pod-title" data-testid="proof-of-delivery">
      <h3 id="pod-title" className="mb-3 flex items-center gap-2 text-sm font-semibold text-ink">
        <Camera className="size-4 text-brand-700" aria-hidden="true" />
        Proof of delivery
      </h3>
      <div className="flex flex-col gap-4 sm:flex-row">
        {o.deliveryPhotoUrl ? (
          <a href={o.deliveryPhotoUrl} target="_blank" rel="noreferrer" className="block shrink-0">
            <img
              src={o.deliveryPhotoUrl}
              alt={`Doorstep at delivery of order #${customerOrderNumber(o.id)}`}
              className="h-40 w-full rounded-xl bg-cream-deep object-cover sm:w-56"
            />
          </a>
        ) : (
          <p className="rounded-xl bg-cream-deep p-4 text-sm text-muted sm:w-56">No photo was stored for this delivery.</p>
        )}
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">Delivered</dt>
            <dd className="text-ink">{o.deliveredAt ? formatDateTime(o.deliveredAt) : '—'}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">Rider</dt>
            <dd className="text-ink">{o.rider ? `${o.rider.fullName} (${o.rider.phone})` : '—'}</dd>
          </div>
          {o.deliveryPhotoUrl ? (
            <dd>
              <a
                href={`${o.deliveryPhotoUrl}?download=1`}
                download
                className="inline-flex min-h-10 items-center gap-2 rounded-full border border-line bg-surface px-4 font-semibold text-ink hover:bg-cream-deep"
              >
                <Download className="size-4" aria-hidden="true" />
                Download photo
              </a>
            </dd>
          ) : null}
        </dl>
      </div>
    </section>
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
