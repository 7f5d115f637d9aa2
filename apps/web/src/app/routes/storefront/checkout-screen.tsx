/**
 * /checkout (spec sections 2 and 5): contact information (prefilled), delivery address on the map,
 * optional instructions, discount code, payment method, order summary and the cart items panel.
 * Leaflet loads with this screen only.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentMethod } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import { Lock } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Navigate } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CouponForm } from '@/features/cart/components/coupon-form';
import { OrderSummary } from '@/features/cart/components/order-summary';
import { useCartSummary } from '@/features/cart/hooks/use-cart-summary';
import { DeliveryAddressSection } from '@/features/checkout/components/delivery-address-section';
import { DeliverySlotPicker } from '@/features/checkout/components/delivery-slot-picker';
import { useDeliveryFee } from '@/features/checkout/api/get-delivery-fee';
import { PaymentMethodPicker } from '@/features/checkout/components/payment-method-picker';
import { useMyTrade } from '@/features/trade/api/my-trade';
import { useDeliveryLocation } from '@/features/checkout/hooks/use-delivery-location';
import { type CheckoutFormValues, useSubmitCheckout } from '@/features/checkout/hooks/use-submit-checkout';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { LineDetail } from '@/features/catalog/components/line-detail';
import { cartLineKey, cartLineMarkdown, cartUnitPrice, useShopStore } from '@/stores/shop-store';
import { useTradePriceStore } from '@/stores/trade-price-store';
import { type LineChoiceValue, SubstitutionChoices } from '@/features/substitutions/components/substitution-choices';
import { PageHeader } from './page-header';

export function CheckoutScreen() {
  const { t } = useLingui();
  const user = useShopStore((s) => s.user);
  const summary = useCartSummary();
  const tradePrices = useTradePriceStore((s) => s.prices);
  const location = useDeliveryLocation();
  // The delivery zone's fee for the chosen point (the server charges the same when the order is placed).
  const zoneFee = useDeliveryFee(location.point);
  const deliveryFee = zoneFee.data?.fee ?? summary.deliveryFee;
  const { submit, errors, lineErrors, busy, placed } = useSubmitCheckout();
  // A member of an approved business with terms may order on account.
  const trade = useMyTrade(!!user).data?.account;
  const onAccount =
    trade?.status === 'approved' && trade.termsDays != null ? { businessName: trade.businessName, termsDays: trade.termsDays } : null;
  const [values, setValues] = useState<CheckoutFormValues>(() => ({
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ? formatPhone(user.phone) : '',
    deliveryInstructions: '',
    paymentMethod: 'cash_on_delivery',
    mobileMoneyPhone: '',
    deliverySlot: '',
    substitutions: {},
  }));
  const setSlot = useCallback((v: string) => setValues((s) => ({ ...s, deliverySlot: v })), []);
  const setChoice = useCallback(
    (key: string, v: LineChoiceValue) => setValues((s) => ({ ...s, substitutions: { ...s.substitutions, [key]: v } })),
    [],
  );
  const choiceLines = useMemo(
    () => summary.cart.map((l) => ({ key: cartLineKey(l), productId: l.productId, name: l.name, imageUrl: l.imageUrl })),
    [summary.cart],
  );
  const set = <K extends keyof CheckoutFormValues>(k: K, v: CheckoutFormValues[K]) => setValues((s) => ({ ...s, [k]: v }));

  if (summary.cart.length === 0 && !placed.current) return <Navigate to={paths.cart} replace />;

  return (
    <>
      <PageHeader
        eyebrow={t`Checkout`}
        title={t`Checkout`}
        description={t`Where should we bring your order, and how would you like to pay?`}
      />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(values, location);
        }}
        className="container-page grid grid-cols-1 gap-6 py-8 sm:py-12 lg:grid-cols-[1fr_400px] lg:items-start"
      >
        <div className="space-y-6">
          <Section step={1} title={t`Contact Information`}>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="checkout-name" label={t`Full Name`} error={errors.fullName} className="sm:col-span-2">
                <Input
                  id="checkout-name"
                  autoComplete="name"
                  value={values.fullName}
                  onChange={(e) => set('fullName', e.target.value)}
                  required
                  invalid={!!errors.fullName}
                  aria-describedby={fieldDescribedBy('checkout-name', errors.fullName)}
                />
              </Field>
              <Field id="checkout-email" label={t`Email`} error={errors.email}>
                <Input
                  id="checkout-email"
                  type="email"
                  autoComplete="email"
                  value={values.email}
                  onChange={(e) => set('email', e.target.value)}
                  required
                  invalid={!!errors.email}
                  aria-describedby={fieldDescribedBy('checkout-email', errors.email)}
                />
              </Field>
              <Field id="checkout-phone" label={t`Phone Number`} error={errors.phone}>
                <Input
                  id="checkout-phone"
                  type="tel"
                  autoComplete="tel"
                  value={values.phone}
                  onChange={(e) => set('phone', e.target.value)}
                  required
                  invalid={!!errors.phone}
                  aria-describedby={fieldDescribedBy('checkout-phone', errors.phone)}
                />
              </Field>
            </div>
          </Section>

          <Section step={2} title={t`Delivery Address`}>
            <DeliveryAddressSection location={location} error={errors.location} />
          </Section>

          <Section step={3} title={t`Delivery Time`}>
            <DeliverySlotPicker value={values.deliverySlot} onChange={setSlot} error={errors.deliverySlot} />
          </Section>

          <Section step={4} title={t`Delivery Instructions`} optional>
            <Field id="checkout-instructions" label={t`Anything the rider should know?`} error={errors.deliveryInstructions}>
              <Textarea
                id="checkout-instructions"
                rows={3}
                maxLength={500}
                placeholder={t`e.g. Blue gate opposite the pharmacy; call when you arrive`}
                value={values.deliveryInstructions}
                onChange={(e) => set('deliveryInstructions', e.target.value)}
              />
            </Field>
          </Section>

          <Section step={5} title={t`If Something Is Unavailable`}>
            <SubstitutionChoices
              lines={choiceLines}
              value={values.substitutions}
              onChange={setChoice}
              errors={lineErrors}
              signedIn={!!user}
            />
          </Section>

          <Section step={6} title={t`Payment Method`}>
            <PaymentMethodPicker
              value={values.paymentMethod}
              onChange={(m: PaymentMethod) => set('paymentMethod', m)}
              phone={values.mobileMoneyPhone}
              onPhoneChange={(v) => set('mobileMoneyPhone', v)}
              phoneError={errors.mobileMoneyPhone}
              onAccount={onAccount}
              methodError={errors.paymentMethod}
            />
          </Section>
        </div>

        <div className="space-y-6 lg:sticky lg:top-24">
          <Card>
            <CardContent className="space-y-6">
              <h2 className="font-display text-xl font-semibold text-ink">
                <Trans>Order Summary</Trans>
              </h2>
              <CouponForm items={summary.items} />
              {zoneFee.isError ? (
                <p role="alert" className="mb-3 rounded-xl bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
                  {errorMessage(zoneFee.error)}
                </p>
              ) : null}
              <OrderSummary {...summary} deliveryFee={deliveryFee} total={summary.subtotal + deliveryFee - summary.discount} />
              <Button type="submit" size="lg" className="w-full" pending={busy} pendingText={t`Processing...`}>
                <Lock className="size-4" aria-hidden="true" />
                <Trans>Place Order · {formatUGX(summary.total)}</Trans>
              </Button>
              <p className="text-center text-xs text-muted">
                <Trans>Prices and totals are confirmed by the shop when you place the order.</Trans>
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 font-semibold text-ink">
                <Trans>
                  Cart items <span className="font-normal text-muted">({summary.count})</span>
                </Trans>
              </h2>
              <ul className="divide-y divide-line">
                {summary.cart.map((l) => (
                  <li key={cartLineKey(l)} className="flex items-center gap-3 py-3">
                    {l.imageUrl ? (
                      <img src={l.imageUrl} alt="" className="size-12 rounded-xl bg-cream-deep object-cover" />
                    ) : (
                      <span className="size-12 rounded-xl bg-cream-deep" />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-semibold text-ink">{l.name}</p>
                      <LineDetail options={l.options} note={l.note} markdown={cartLineMarkdown(l)} className="text-xs" />
                      <p className="text-xs text-muted">
                        {l.quantity} × {formatUGX(cartUnitPrice(l, tradePrices[l.productId]?.unitPrice))}
                      </p>
                    </div>
                    <p className="text-sm font-semibold tabular-nums text-ink">
                      {formatUGX(cartUnitPrice(l, tradePrices[l.productId]?.unitPrice) * l.quantity)}
                    </p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </form>
    </>
  );
}

function Section({ step, title, optional, children }: { step: number; title: string; optional?: boolean; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <h2 className="mb-5 flex items-center gap-3 font-display text-xl font-semibold text-ink">
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 font-sans text-sm text-white">
            {step}
          </span>
          {title}
          {optional ? (
            <span className="font-sans text-sm font-normal text-muted">
              <Trans>(optional)</Trans>
            </span>
          ) : null}
        </h2>
        {children}
      </CardContent>
    </Card>
  );
}
