/**
 * One delivery: header, timeline, photo, pickup and drop-off with Call and Navigate,
 * items, and the actions the server allows now: Confirm Pickup, Complete Delivery (with a photo from
 * the camera), Cancel (confirmed first).
 */
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { orderMay } from '@meatshop/shared/order-lifecycle';
import { IMAGE_MAX_BYTES } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import { shortOrderId } from '@meatshop/shared/status';
import { ArrowLeft, Camera, Clock, CloudOff, MapPin, Navigation, Phone, Store } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useRiderOrder } from '@/features/rider/api/get-rider-order';
import { useOrderAction } from '@/features/rider/api/order-actions';
import { routeTo } from '@/features/rider/components/maps-link';
import { OrderTimeline } from '@/features/rider/components/order-timeline';
import { useOfflineQueue } from '@/features/rider/offline/offline-queue';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';

const STATUS_BADGE = {
  // A rider never gets a held order; the map covers every status all the same.
  awaiting_approval: { label: msg`Awaiting approval`, tone: 'neutral' },
  pending: { label: msg`Pending`, tone: 'warning' },
  assigned: { label: msg`New Order`, tone: 'warning' },
  picked_up: { label: msg`In Progress`, tone: 'info' },
  delivered: { label: msg`Delivered`, tone: 'success' },
  cancelled: { label: msg`Cancelled`, tone: 'danger' },
} as const;

// The photo checks made on the phone (the server words its own, DELIVERY_PHOTO_MESSAGES).
const PHOTO_MESSAGES = {
  missing: msg`Please take a delivery photo`,
  notImage: msg`Please select an image file`,
  tooLarge: msg`Image must be less than 5MB`,
};

export function RiderOrderScreen() {
  const { id = '' } = useParams();
  const order = useRiderOrder(id);
  const { pickup, deliver, cancel, decline } = useOrderAction(id);
  const navigate = useNavigate();
  const queue = useOfflineQueue();
  const pending = queue.filter((q) => q.orderId === id && q.state === 'pending' && q.action !== 'position');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [confirmDecline, setConfirmDecline] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { t, i18n } = useLingui();

  const back = (
    <Link to={paths.rider.root} className="mb-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
      <ArrowLeft className="size-4" aria-hidden="true" /> <Trans>Dashboard</Trans>
    </Link>
  );

  if (order.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-48 w-full rounded-[var(--radius-card)]" />
        <Skeleton className="h-40 w-full rounded-[var(--radius-card)]" />
      </div>
    );
  }
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    // The one network failure that reaches here: offline, with no copy of the order (getRiderOrder).
    const notSaved = order.error instanceof ApiError && order.error.code === 'NETWORK';
    return (
      <div>
        {back}
        <Card>
          <ErrorState
            title={notFound ? t`Order not found` : t`Failed to load order details`}
            message={
              notFound
                ? t`This order is not assigned to you.`
                : notSaved
                  ? t`You are offline and this order is not saved on this phone.`
                  : errorMessage(order.error, t`Failed to load order details`)
            }
            onRetry={notFound ? undefined : () => void order.refetch()}
          />
        </Card>
      </div>
    );
  }

  const o = order.data;
  const badge = STATUS_BADGE[o.status];
  const orderNumber = shortOrderId(o.id);
  const slot = o.deliverySlot?.label;
  const pendingSteps = pending.map((p) => (p.action === 'pickup' ? t`pickup` : t`delivery`)).join(', ');
  const done = (queued: boolean) =>
    toast.success(queued ? t`Saved offline. It will sync when you are back online.` : t`Order status updated`);
  const failed = (err: unknown) => toast.error(errorMessage(err, t`Failed to update order status`));

  const onPhoto = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return toast.error(i18n._(PHOTO_MESSAGES.missing));
    if (!file.type.startsWith('image/')) return toast.error(i18n._(PHOTO_MESSAGES.notImage));
    if (file.size > IMAGE_MAX_BYTES) return toast.error(i18n._(PHOTO_MESSAGES.tooLarge));
    deliver.mutate(file, { onSuccess: (r) => done(r.queued), onError: failed });
  };

  return (
    <div className="space-y-4">
      {back}
      <div className="flex items-center gap-2">
        <h1 className="font-display text-2xl font-semibold text-ink">
          <Trans>Order #{orderNumber}</Trans>
        </h1>
        <Badge tone={badge.tone}>{i18n._(badge.label)}</Badge>
      </div>

      {pending.length ? (
        <Card
          className="flex items-center gap-3 border-warning/30 bg-warning-soft p-3 text-sm text-warning"
          data-testid="order-pending-sync"
        >
          <CloudOff className="size-5 shrink-0" aria-hidden="true" />
          <Trans>Pending sync: {pendingSteps} saved on this phone.</Trans>
        </Card>
      ) : null}

      <Card className="p-4">
        <OrderTimeline
          steps={[
            { label: t`Order Placed`, at: o.createdAt },
            { label: t`Rider Assigned`, at: o.assignedAt },
            { label: t`Order Picked Up`, at: o.pickedUpAt },
            { label: t`Delivered`, at: o.deliveredAt },
          ]}
        />
      </Card>

      {o.deliveryPhotoUrl ? (
        <Card className="overflow-hidden">
          <img src={o.deliveryPhotoUrl} alt={t`Delivery proof`} className="aspect-[4/3] w-full object-cover" loading="lazy" />
        </Card>
      ) : null}

      <Card className="space-y-3 p-4">
        <div className="flex gap-3">
          <Store className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">
              <Trans>Pickup location</Trans>
            </p>
            <p className="font-medium text-ink">{o.outlet?.name ?? t`Outlet`}</p>
            <p className="text-sm text-muted">{o.outlet?.address}</p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2">
          {o.outlet?.phone ? (
            <a href={`tel:${o.outlet.phone}`} className={buttonClasses('outline', 'md', 'h-12')}>
              <Phone className="size-4" aria-hidden="true" /> <Trans>Call Outlet</Trans>
            </a>
          ) : null}
          {o.outlet?.latitude != null && o.outlet.longitude != null ? (
            <a
              href={routeTo(o.outlet.latitude, o.outlet.longitude)}
              target="_blank"
              rel="noreferrer"
              className={buttonClasses('secondary', 'md', 'h-12')}
            >
              <Navigation className="size-4" aria-hidden="true" /> <Trans>Navigate</Trans>
            </a>
          ) : null}
        </div>
      </Card>

      <Card className="space-y-3 p-4">
        <div className="flex gap-3">
          <MapPin className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">
              <Trans>Delivery location</Trans>
            </p>
            <p className="font-medium text-ink">{o.customer.fullName}</p>
            <p className="text-sm text-muted">{o.customer.address}</p>
            {o.deliverySlot ? (
              <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-ink" data-testid="delivery-slot">
                <Clock className="size-4 text-brand-700" aria-hidden="true" /> <Trans>Deliver: {slot}</Trans>
              </p>
            ) : null}
            {o.customer.instructions ? (
              <p className="mt-1 rounded-lg bg-cream-deep px-3 py-2 text-sm text-ink-soft">{o.customer.instructions}</p>
            ) : null}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <a href={`tel:${o.customer.phone}`} className={buttonClasses('outline', 'md', 'h-12')}>
            <Phone className="size-4" aria-hidden="true" /> <Trans>Call Customer</Trans>
          </a>
          <a
            href={routeTo(o.customer.latitude, o.customer.longitude)}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses('secondary', 'md', 'h-12')}
          >
            <Navigation className="size-4" aria-hidden="true" /> <Trans>Navigate</Trans>
          </a>
        </div>
      </Card>

      <Card className="p-4">
        <p className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">
          <Trans>Items</Trans>
        </p>
        {o.items.length ? (
          <ul className="divide-y divide-line">
            {o.items.map((i) => (
              <li key={i.id} className="flex justify-between py-2 text-[0.95rem]">
                <span className="text-ink">{i.productName}</span>
                <span className="font-semibold text-ink">× {i.quantity}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">
            <Plural
              value={o.itemCount}
              one="# item (details load when you are online)"
              other="# items (details load when you are online)"
            />
          </p>
        )}
        <p className="mt-2 flex justify-between border-t border-line pt-2 text-sm">
          <span className="text-muted">
            <Trans>Total</Trans>
          </span>
          <span className="font-semibold text-ink">{formatUGX(o.totalAmount)}</span>
        </p>
        {o.paymentMethod === 'cash_on_delivery' || (o.cashToCollect ?? 0) > 0 ? (
          // Refunds made before delivery lower the cash to take; a paid order made dearer and not
          // paid online has its balance to take. Older cached orders lack the field.
          <p className="flex justify-between pt-1 text-sm" data-testid="cash-to-collect">
            <span className="text-muted">
              <Trans>Collect in cash</Trans>
            </span>
            <span className="font-semibold text-ink">{formatUGX(o.cashToCollect ?? o.totalAmount)}</span>
          </p>
        ) : o.paymentMethod === 'on_account' ? (
          // A business's order is invoiced after delivery: the rider takes no money for it.
          <p className="flex justify-between pt-1 text-sm" data-testid="on-account">
            <span className="text-muted">
              <Trans>On account</Trans>
            </span>
            <span className="font-semibold text-ink">
              <Trans>Collect nothing</Trans>
            </span>
          </p>
        ) : null}
      </Card>

      <div className="space-y-2 pb-4">
        {orderMay('pickup', 'rider', o) ? (
          <Button
            size="lg"
            className="h-14 w-full text-base"
            pending={pickup.isPending}
            onClick={() => pickup.mutate(undefined, { onSuccess: (r) => done(r.queued), onError: failed })}
          >
            <Trans>Confirm Pickup</Trans>
          </Button>
        ) : null}
        {orderMay('deliver', 'rider', o) ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              aria-label={t`Delivery photo`}
              data-testid="delivery-photo-input"
              onChange={(e) => onPhoto(e.target.files?.[0])}
            />
            <Button
              size="lg"
              className="h-14 w-full text-base"
              pending={deliver.isPending}
              pendingText={t`Uploading photo...`}
              onClick={() => fileInput.current?.click()}
            >
              <Camera className="size-5" aria-hidden="true" /> <Trans>Complete Delivery</Trans>
            </Button>
          </>
        ) : null}
        {orderMay('decline', 'rider', o) && !pending.length ? (
          <Button size="lg" variant="outline" className="h-12 w-full" onClick={() => setConfirmDecline(true)}>
            <Trans>Decline Order</Trans>
          </Button>
        ) : null}
        {orderMay('cancel', 'rider', o) && !pending.length ? (
          <Button size="lg" variant="outline" className="h-12 w-full text-danger" onClick={() => setConfirmCancel(true)}>
            <Trans>Cancel Delivery</Trans>
          </Button>
        ) : null}
      </div>

      <Dialog open={confirmDecline} onOpenChange={setConfirmDecline}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Decline this order?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>The order goes back to the shop’s queue and the admin is told, so another rider can take it.</Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmDecline(false)}>
              <Trans>Keep Order</Trans>
            </Button>
            <Button
              pending={decline.isPending}
              onClick={() =>
                decline.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmDecline(false);
                    toast.success(t`Order declined. It is back in the queue.`);
                    void navigate(paths.rider.root);
                  },
                  onError: failed,
                })
              }
            >
              <Trans>Decline Order</Trans>
            </Button>
          </div>
        </DialogContent>
      </Dialog>

      <Dialog open={confirmCancel} onOpenChange={setConfirmCancel}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <Trans>Cancel this delivery?</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Are you sure you want to cancel this delivery? The order will be cancelled and its stock returned.</Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmCancel(false)}>
              <Trans>Keep Delivery</Trans>
            </Button>
            <Button
              variant="danger"
              pending={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmCancel(false);
                    toast.success(t`Order status updated`);
                  },
                  onError: failed,
                })
              }
            >
              <Trans>Cancel Delivery</Trans>
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
