/**
 * Place Order: check the form with the same schema the server uses, place the order (one request
 * with an Idempotency-Key, so a double submit makes one order), then either open the order (cash on
 * delivery) or hand over to the payment provider. The server prices everything.
 */
import { useLingui } from '@lingui/react/macro';
import { shopText } from '@/features/orders/shop-texts';
import { CHECKOUT_MESSAGES, CheckoutInput } from '@meatshop/shared/orders';
import type { PaymentMethod } from '@meatshop/shared/status';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';
import { paymentFailureMessage, useInitiatePayment } from '../api/initiate-payment';
import { deliverySlotsKey } from '../api/get-delivery-slots';
import { usePlaceOrder } from '../api/place-order';
import type { DeliveryLocation } from './use-delivery-location';
import type { LineChoiceValue } from '@/features/substitutions/components/substitution-choices';
import { cartLineKey } from '@/stores/shop-store';

/** Problems with a line's substitution choice, by the line's key, from `items.<n>.substitution…` paths. */
function lineErrorsOf(entries: [string, string][], keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of entries) {
    const m = /^items\.(\d+)\.substitution/.exec(path);
    const key = m ? keys[Number(m[1])] : undefined;
    if (key) out[key] ??= message;
  }
  return out;
}

export interface CheckoutFormValues {
  fullName: string;
  email: string;
  phone: string;
  deliveryInstructions: string;
  paymentMethod: PaymentMethod;
  mobileMoneyPhone: string;
  /** "asap" or the start of a delivery slot. */
  deliverySlot: string;
  /** What to do if a line is short at packing, by the line's key (`cartLineKey`). */
  substitutions: Record<string, LineChoiceValue>;
}

export type CheckoutErrors = Partial<Record<keyof CheckoutFormValues | 'location', string>>;

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const FIELD_OF: Record<string, keyof CheckoutErrors> = {
  'contact.fullName': 'fullName',
  'contact.email': 'email',
  'contact.phone': 'phone',
  deliveryInstructions: 'deliveryInstructions',
  mobileMoneyPhone: 'mobileMoneyPhone',
  paymentMethod: 'paymentMethod',
  deliverySlot: 'deliverySlot',
};
/** The form field a server or schema path belongs to; item and coupon problems are told in a toast. */
const fieldOf = (path: string): keyof CheckoutErrors | undefined =>
  FIELD_OF[path] ?? (path.startsWith('location') || path.startsWith('address') ? 'location' : undefined);

function toErrors(entries: [string, string][]): CheckoutErrors {
  const out: CheckoutErrors = {};
  for (const [path, message] of entries) {
    const field = fieldOf(path);
    if (field) out[field] ??= message;
  }
  return out;
}

export function useSubmitCheckout() {
  const { i18n } = useLingui();
  const say = (text: string) => shopText(i18n, text);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const placeOrder = usePlaceOrder();
  const initiate = useInitiatePayment();
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  /** Set once the order exists, so emptying the cart does not bounce the screen to /cart. */
  const placed = useRef(false);
  const idempotencyKey = useRef(newKey());

  const submit = (values: CheckoutFormValues, location: DeliveryLocation) => {
    const { user, cart, couponCode } = useShopStore.getState();
    if (!user || placeOrder.isPending || initiate.isPending) return;
    if (!location.point || location.status !== 'valid' || !location.place) {
      setErrors({ location: say(CHECKOUT_MESSAGES.location) });
      toast.error(say(CHECKOUT_MESSAGES.location));
      return;
    }
    const p = location.place;
    const input: CheckoutInput = {
      items: cart.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        options: Object.fromEntries((l.options ?? []).map((o) => [o.name, o.value])),
        note: l.note ?? undefined,
        substitution: substitutionOf(values.substitutions[cartLineKey(l)]),
        grams: l.grams ?? undefined,
        bestBefore: l.bestBefore ?? undefined,
      })),
      couponCode: couponCode ?? undefined,
      contact: { fullName: values.fullName, email: values.email, phone: values.phone },
      address: {
        street: p.street,
        city: p.city || 'Kampala',
        state: p.state,
        postalCode: p.postalCode,
        country: p.country || 'Uganda',
        formattedAddress: p.formattedAddress,
      },
      location: location.point,
      deliveryInstructions: values.deliveryInstructions || undefined,
      paymentMethod: values.paymentMethod,
      mobileMoneyPhone: values.mobileMoneyPhone || undefined,
      deliverySlot: values.deliverySlot || undefined,
    };
    const keys = cart.map(cartLineKey);
    const parsed = CheckoutInput.safeParse(input);
    if (!parsed.success) {
      const entries = parsed.error.issues.map((i): [string, string] => [i.path.join('.'), say(i.message)]);
      setErrors(toErrors(entries));
      setLineErrors(lineErrorsOf(entries, keys));
      toast.error(say(parsed.error.issues[0]?.message ?? CHECKOUT_MESSAGES.failed));
      return;
    }
    setErrors({});
    setLineErrors({});

    placeOrder.mutate(
      { input, idempotencyKey: idempotencyKey.current },
      {
        onSuccess: ({ order }) => {
          placed.current = true;
          // Nothing to pay now: cash goes to the rider, an on-account order is invoiced on delivery.
          if (order.paymentMethod === 'cash_on_delivery' || order.paymentMethod === 'on_account') {
            useShopStore.getState().clearCart();
            toast.success(say(order.status === 'awaiting_approval' ? CHECKOUT_MESSAGES.held : CHECKOUT_MESSAGES.placed));
            navigate(paths.order(order.id), { replace: true });
            return;
          }
          const [firstName = '', ...rest] = values.fullName.trim().split(/\s+/);
          initiate.mutate(
            {
              orderId: order.id,
              amount: order.totalAmount,
              paymentMethod: order.paymentMethod,
              customerInfo: { firstName, lastName: rest.join(' '), email: values.email, phone: values.phone },
              phone: values.mobileMoneyPhone || values.phone,
              email: values.email,
            },
            {
              onSuccess: ({ paymentUrl }) => {
                useShopStore.getState().clearCart();
                window.location.assign(paymentUrl);
              },
              onError: (err) => {
                // The order stays pending and the cart is kept: submitting again re-uses the same order.
                placed.current = false;
                toast.error(say(paymentFailureMessage(err)));
              },
            },
          );
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            setErrors(toErrors(Object.entries(err.fields)));
            setLineErrors(lineErrorsOf(Object.entries(err.fields), keys));
            // A coupon that ran out or expired since it was applied: drop it so the next try goes through.
            if (err.fields.couponCode) useShopStore.getState().clearCoupon();
            // The slot filled up or closed meanwhile: show the times still open.
            if (err.fields.deliverySlot) void queryClient.invalidateQueries({ queryKey: deliverySlotsKey });
          }
          const clientError = err instanceof ApiError && err.status >= 400 && err.status < 500;
          toast.error(clientError ? say(errorMessage(err)) : say(CHECKOUT_MESSAGES.failed));
        },
      },
    );
  };

  return { submit, errors, lineErrors, busy: placeOrder.isPending || initiate.isPending, placed };
}

const substitutionOf = (c: LineChoiceValue | undefined) =>
  c ? { preference: c.preference, alternativeProductId: c.preference === 'specific' ? c.alternativeProductId : undefined } : undefined;
