/**
 * Admin > Orders > New order: staff take an order for a customer on the phone, on WhatsApp or at
 * the counter. Phone first (find or create the customer), then how it came in, the products, where
 * and when to deliver, and how it is paid. The server prices and places it exactly like checkout;
 * mobile money and card send the customer an SMS with a link to pay. A member of a business with
 * terms may order On account: the screen shows the business and the credit left, and the server's
 * refusal (credit limit, an overdue invoice) under the payment methods.
 */
import { formatUGX, unitPrice } from '@meatshop/shared/money';
import { type StaffOrderPlaced, StaffOrderInput } from '@meatshop/shared/staff-orders';
import { ORDER_CHANNEL_LABEL, type PaymentMethod, STAFF_ORDER_CHANNELS, type StaffOrderChannel } from '@meatshop/shared/status';
import { ArrowLeft, CircleCheck, Copy, MessageCircle, Phone, Store } from 'lucide-react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useOnAccountOffer, usePlaceStaffOrder } from '@/features/back-office/api/staff-orders';
import { useDeliveryFee } from '@/features/checkout/api/get-delivery-fee';
import { DeliverySlotPicker } from '@/features/checkout/components/delivery-slot-picker';
import { PaymentMethodPicker } from '@/features/checkout/components/payment-method-picker';
import { useDeliveryLocation } from '@/features/checkout/hooks/use-delivery-location';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { Link } from '@/lib/router';
import { PlaceField } from '@/features/checkout/components/place-field';
import { toast } from '@/lib/toast';
import { type ChosenCustomer, CustomerPicker } from './new-order/customer-picker';
import { type Line, LineItems } from './new-order/line-items';

const CHANNEL_ICON: Record<StaffOrderChannel, typeof Phone> = { phone: Phone, whatsapp: MessageCircle, walk_in: Store };
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

type Errors = Partial<
  Record<'customer' | 'items' | 'location' | 'deliverySlot' | 'paymentMethod' | 'mobileMoneyPhone' | 'couponCode' | 'form', string>
>;

/** A server field path (`items.0.productId`, `address.city`) as the step that shows it. */
function stepOf(path: string): keyof Errors {
  if (path.startsWith('items')) return 'items';
  if (path.startsWith('location') || path.startsWith('address')) return 'location';
  if (path === 'customerId') return 'customer';
  if (path === 'deliverySlot' || path === 'paymentMethod' || path === 'mobileMoneyPhone' || path === 'couponCode') return path;
  return 'form';
}

export function NewOrderScreen() {
  const [placed, setPlaced] = useState<StaffOrderPlaced | null>(null);
  // A new form (and a new Idempotency-Key) for each order taken.
  const [round, setRound] = useState(0);
  const another = () => {
    setPlaced(null);
    setRound((r) => r + 1);
  };
  if (placed) return <Placed placed={placed} onAnother={another} />;
  return <NewOrderForm key={round} onPlaced={setPlaced} />;
}

function NewOrderForm({ onPlaced }: { onPlaced: (p: StaffOrderPlaced) => void }) {
  const [customer, setCustomer] = useState<ChosenCustomer | null>(null);
  const [channel, setChannel] = useState<StaffOrderChannel>('phone');
  const [lines, setLines] = useState<Line[]>([]);
  const location = useDeliveryLocation();
  const [instructions, setInstructions] = useState('');
  const [slot, setSlot] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('cash_on_delivery');
  const [mobileMoneyPhone, setMobileMoneyPhone] = useState('');
  const [couponCode, setCouponCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const place = usePlaceStaffOrder();
  const idempotencyKey = useRef(newKey());
  const zoneFee = useDeliveryFee(location.point);
  const setSlotStable = useCallback((v: string) => setSlot(v), []);
  const setMethod = useCallback((m: PaymentMethod) => setPaymentMethod(m), []);
  const credit = useOnAccountOffer(customer?.id ?? null).data?.offer ?? null;

  const chooseCustomer = (c: ChosenCustomer | null) => {
    setCustomer(c);
    // The number to charge is most often the caller's own.
    if (c?.phone && !mobileMoneyPhone) setMobileMoneyPhone(c.phone);
  };

  const subtotal = lines.reduce((s, l) => s + unitPrice(l.product) * l.quantity, 0);

  const submit = () => {
    if (place.isPending) return;
    const p = location.place;
    const input = {
      customerId: customer?.id ?? '',
      channel,
      items: lines.map((l) => ({ productId: l.product.id, quantity: l.quantity })),
      couponCode: couponCode || undefined,
      address: p
        ? {
            street: p.street,
            city: p.city || 'Kampala',
            state: p.state,
            postalCode: p.postalCode,
            country: p.country || 'Uganda',
            formattedAddress: p.formattedAddress,
          }
        : { street: '', city: 'Kampala', country: 'Uganda', formattedAddress: '' },
      location: location.point ?? { lat: Number.NaN, lng: Number.NaN },
      deliveryInstructions: instructions || undefined,
      paymentMethod,
      mobileMoneyPhone: mobileMoneyPhone || undefined,
      deliverySlot: slot || undefined,
    };
    const next: Errors = {};
    if (!customer) next.customer = 'Find or create the customer first';
    else if (customer.blocked) next.customer = 'This customer is blocked and cannot order.';
    if (!location.point || location.status !== 'valid') next.location = 'Set the delivery point on the map';
    const parsed = StaffOrderInput.safeParse(input);
    if (!parsed.success) for (const i of parsed.error.issues) next[stepOf(i.path.join('.'))] ??= i.message;
    if (Object.keys(next).length) {
      setErrors(next);
      toast.error(Object.values(next)[0] ?? 'Please check the order');
      return;
    }
    setErrors({});
    place.mutate(
      { input, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onPlaced(result);
        },
        onError: (err) => {
          const found: Errors = {};
          if (err instanceof ApiError && err.fields) for (const [k, v] of Object.entries(err.fields)) found[stepOf(k)] ??= v;
          found.form = errorMessage(err, 'Failed to place the order. Please try again.');
          setErrors(found);
          toast.error(found.form);
        },
      },
    );
  };

  const fee = zoneFee.data?.fee;
  return (
    <div className="space-y-5">
      <Link to={paths.admin.orders} className="inline-flex items-center gap-1.5 text-sm font-medium text-ink-soft hover:text-ink">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to orders
      </Link>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="space-y-5">
          <Step n={1} title="Customer" error={errors.customer}>
            <CustomerPicker value={customer} onChange={chooseCustomer} />
          </Step>
          <Step n={2} title="How the order came in">
            <div role="radiogroup" aria-label="Channel" className="grid grid-cols-3 gap-2">
              {STAFF_ORDER_CHANNELS.map((c) => {
                const Icon = CHANNEL_ICON[c];
                const on = channel === c;
                return (
                  // biome-ignore lint/a11y/useSemanticElements: a card-style choice, styled as the checkout's payment cards
                  <button
                    key={c}
                    type="button"
                    role="radio"
                    aria-checked={on}
                    onClick={() => setChannel(c)}
                    className={cn(
                      'flex flex-col items-center gap-1.5 rounded-2xl border px-3 py-3 text-sm font-medium transition-colors',
                      on
                        ? 'border-brand-700 bg-brand-50 text-brand-800'
                        : 'border-line-strong bg-surface text-ink-soft hover:border-ink/40',
                    )}
                  >
                    <Icon className="size-5" aria-hidden="true" />
                    {ORDER_CHANNEL_LABEL[c]}
                  </button>
                );
              })}
            </div>
          </Step>
          <Step n={3} title="Products">
            <LineItems lines={lines} onChange={setLines} error={errors.items} />
          </Step>
          <Step n={4} title="Delivery address">
            <PlaceField
              location={location}
              error={errors.location}
              chosenLabel="Delivering to"
              hint="Search for the place the customer names, or tap the map."
              testId="delivery-address"
              showCoordinates
            />
            <Field id="staff-order-instructions" label="Anything the rider should know? (optional)" className="mt-5">
              <Textarea
                id="staff-order-instructions"
                rows={2}
                maxLength={500}
                placeholder="e.g. Blue gate opposite the pharmacy; call when you arrive"
                value={instructions}
                onChange={(e) => setInstructions(e.target.value)}
              />
            </Field>
          </Step>
          <Step n={5} title="Delivery time">
            <DeliverySlotPicker value={slot} onChange={setSlotStable} error={errors.deliverySlot} />
          </Step>
          <Step n={6} title="Payment">
            <PaymentMethodPicker
              value={paymentMethod}
              onChange={setMethod}
              phone={mobileMoneyPhone}
              onPhoneChange={setMobileMoneyPhone}
              phoneError={errors.mobileMoneyPhone}
              onAccount={credit}
              methodError={errors.paymentMethod}
            />
            {credit ? (
              <dl className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-cream-deep/70 px-4 py-3 text-sm" data-testid="on-account-credit">
                <div className="col-span-2">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Trade account</dt>
                  <dd className="font-semibold text-ink">{credit.businessName}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Credit available</dt>
                  <dd className="font-semibold text-ink tabular-nums">{formatUGX(credit.available)}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Limit</dt>
                  <dd className="text-ink-soft tabular-nums">
                    {formatUGX(credit.creditLimit)}, net {credit.termsDays} days
                  </dd>
                </div>
                {credit.overdue ? <dd className="col-span-2 font-medium text-danger">{credit.overdue}</dd> : null}
              </dl>
            ) : null}
            {paymentMethod === 'on_account' ? (
              <p className="mt-4 rounded-xl bg-cream-deep/70 px-4 py-3 text-sm text-ink-soft">
                No payment now: the order is invoiced to the business when it is delivered.
              </p>
            ) : paymentMethod !== 'cash_on_delivery' ? (
              <p className="mt-4 rounded-xl bg-cream-deep/70 px-4 py-3 text-sm text-ink-soft">
                The customer gets an SMS with a link to pay. The order waits for the payment like a web order.
              </p>
            ) : null}
          </Step>
        </div>

        <Card className="lg:sticky lg:top-24">
          <CardContent className="space-y-5">
            <h2 className="font-display text-xl font-semibold text-ink">Order summary</h2>
            <dl className="space-y-2 text-sm">
              <SummaryRow term={`Items (${lines.reduce((s, l) => s + l.quantity, 0)})`}>{formatUGX(subtotal)}</SummaryRow>
              <SummaryRow term="Delivery">
                {fee !== undefined ? formatUGX(fee) : zoneFee.isError ? 'Outside delivery area' : 'Set the address'}
              </SummaryRow>
              <div className="flex justify-between border-t border-line pt-3 text-base font-semibold text-ink">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatUGX(subtotal + (fee ?? 0))}</dd>
              </div>
            </dl>
            <Field id="staff-order-coupon" label="Coupon (optional)" error={errors.couponCode}>
              <Input
                id="staff-order-coupon"
                value={couponCode}
                onChange={(e) => setCouponCode(e.target.value.toUpperCase())}
                placeholder="e.g. WELCOME10"
                invalid={!!errors.couponCode}
                aria-describedby={fieldDescribedBy('staff-order-coupon', errors.couponCode)}
              />
            </Field>
            <p className="text-xs text-muted">The coupon's discount is taken off when the order is placed.</p>
            {errors.form ? (
              <p className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger" role="alert">
                {errors.form}
              </p>
            ) : null}
            <Button className="w-full" size="lg" onClick={submit} pending={place.isPending} pendingText="Placing order...">
              Place order
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function Step({ n, title, error, children }: { n: number; title: string; error?: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <h2 className="mb-5 flex items-center gap-3 font-display text-lg font-semibold text-ink">
          <span className="inline-flex size-7 items-center justify-center rounded-full bg-brand-700 font-sans text-sm text-white">{n}</span>
          {title}
        </h2>
        {children}
        {error ? (
          <p className="mt-3 text-sm font-medium text-danger" role="alert">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 text-ink-soft">
      <dt>{term}</dt>
      <dd className="text-right tabular-nums text-ink">{children}</dd>
    </div>
  );
}

function Placed({ placed, onAnother }: { placed: StaffOrderPlaced; onAnother: () => void }) {
  const copy = () =>
    void navigator.clipboard?.writeText(placed.payLink ?? '').then(
      () => toast.success('Payment link copied'),
      () => toast.error('Could not copy the link'),
    );
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="space-y-5 text-center">
        <CircleCheck className="mx-auto size-12 text-success" aria-hidden="true" />
        <div>
          <h2 className="font-display text-2xl font-semibold text-ink">Order #{placed.orderNumber} placed</h2>
          <p className="mt-1 text-ink-soft">{placed.message}</p>
        </div>
        <p className="text-3xl font-semibold tabular-nums text-ink">{formatUGX(placed.totalAmount)}</p>
        {placed.payLink ? (
          <div className="rounded-2xl border border-line bg-cream-deep/50 p-4 text-left">
            <p className="text-sm font-semibold text-ink">Payment link (sent by SMS)</p>
            <p className="mt-1 font-mono text-xs break-all text-ink-soft" data-testid="pay-link">
              {placed.payLink}
            </p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={copy}>
              <Copy className="size-4" aria-hidden="true" />
              Copy link
            </Button>
          </div>
        ) : null}
        <div className="flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={onAnother}>Take another order</Button>
          <Button variant="secondary" asChild>
            <Link to={paths.admin.order(placed.orderId)}>View order</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
