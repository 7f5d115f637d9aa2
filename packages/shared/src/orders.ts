/** Checkout input (POST /api/orders) and the order shapes every customer screen reads. */
import { z } from 'zod';
import { email, fullName, phone } from './auth.ts';
import { TRADE_LINE_MAX_QTY } from './constants.ts';
import { DeliverySlotChoice, DeliverySlotView } from './delivery-slots.ts';
import { insideEastAfrica } from './geo.ts';
import { normalizePhone, phoneMatchesNetwork } from './phone.ts';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './status.ts';
import { OrderRefund } from './refunds.ts';
import { ChosenOption, LineNote, lineKey, OptionChoice } from './product-options.ts';
import { LineSubstitution, SubstitutionChoice } from './substitutions.ts';
import { LineMarkdown } from './markdowns.ts';
import { LineWeight, WEIGHT_AMOUNT_MAX, WEIGHT_AMOUNT_MIN } from './weighing.ts';

export const CHECKOUT_MESSAGES = {
  signIn: 'Please sign in to continue checkout',
  location: 'Please select a delivery location',
  mobileMoney: 'Please enter your mobile money number',
  placed: 'Order placed successfully!',
  /** A trade buyer's order over their limit: placed, but nobody prepares it before the business approves it. */
  held: 'Order placed. It is waiting for your business’s approval.',
  failed: 'Failed to place order. Please try again.',
  paymentFailed: 'Failed to initiate payment. Please try again.',
  paymentNetwork: 'Unable to connect to payment service. Please check your internet connection and try again.',
  paymentUnavailable: 'Payment service is temporarily unavailable. Please try again later.',
} as const;

export const CART_MAX_LINES = 50;

export const CheckoutItem = z.object({
  productId: z.string().uuid('Unknown product'),
  quantity: z
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    // A trade member may order up to the trade cap; the server holds a household to CART_LINE_MAX_QTY.
    .max(TRADE_LINE_MAX_QTY, `Quantity cannot be more than ${TRADE_LINE_MAX_QTY}`),
  /** Option name → picked value; the server checks and prices them. */
  options: OptionChoice.optional(),
  /** For the butcher: "3 cm pieces". */
  note: LineNote,
  /** What to do if it is short at packing; without one, the customer's best match. */
  substitution: SubstitutionChoice.optional(),
  /** A product sold by weight: the grams of one pack, one of the amounts the product offers. */
  grams: z.number().int().min(WEIGHT_AMOUNT_MIN).max(WEIGHT_AMOUNT_MAX).optional(),
  /** A near-date offer: the use-by date of the batches it takes, at today's markdown (the server prices it). */
  bestBefore: z.iso.date('Unknown offer').optional(),
});

const line = (label: string, max = 200) => z.string().trim().max(max, `${label} is too long`);

export const CheckoutAddress = z.object({
  street: line('Street'),
  city: line('City', 100).min(1, 'City is required'),
  state: line('Region', 100).default(''),
  postalCode: line('Postal code', 20).default(''),
  country: line('Country', 100).min(1, 'Country is required'),
  formattedAddress: line('Address', 300).min(1, CHECKOUT_MESSAGES.location),
});

export const CheckoutLocation = z
  .object({
    lat: z.number({ error: CHECKOUT_MESSAGES.location }).min(-90).max(90),
    lng: z.number({ error: CHECKOUT_MESSAGES.location }).min(-180).max(180),
  })
  .refine((l) => insideEastAfrica(l.lat, l.lng), { message: 'We only deliver within East Africa. Please select a delivery location.' });

/**
 * The mobile-money number is kept only for mobile money, in E.164, and must belong to the chosen
 * network; checkout and an order taken by staff check it the same way.
 */
export function withMobileMoneyPhone<T extends { paymentMethod: string; mobileMoneyPhone?: string | undefined }>(
  input: T,
  ctx: z.RefinementCtx,
): T {
  if (input.paymentMethod !== 'mtn_money' && input.paymentMethod !== 'airtel_money') {
    return { ...input, mobileMoneyPhone: undefined };
  }
  if (!input.mobileMoneyPhone) {
    ctx.addIssue({ code: 'custom', path: ['mobileMoneyPhone'], message: CHECKOUT_MESSAGES.mobileMoney });
    return z.NEVER;
  }
  const e164 = normalizePhone(input.mobileMoneyPhone);
  if (!e164 || !phoneMatchesNetwork(e164, input.paymentMethod)) {
    const network = input.paymentMethod === 'mtn_money' ? 'an MTN' : 'an Airtel';
    ctx.addIssue({ code: 'custom', path: ['mobileMoneyPhone'], message: `Enter ${network} Uganda mobile money number` });
    return z.NEVER;
  }
  return { ...input, mobileMoneyPhone: e164 };
}

/** What an order is made of, whoever places it: lines, coupon, where, when and how it is paid. */
export const OrderPlacementFields = z.object({
  items: z
    .array(CheckoutItem)
    .min(1, 'Your cart is empty')
    .max(CART_MAX_LINES, 'Too many items in one order')
    .refine(
      (items) => new Set(items.map((i) => lineKey(i.productId, i.options, i.note, i.grams, i.bestBefore))).size === items.length,
      'Each product may appear only once with the same options',
    ),
  couponCode: z
    .string()
    .max(40)
    .optional()
    .transform((v) => (v?.trim() ? v.trim().toUpperCase() : undefined)),
  address: CheckoutAddress,
  location: CheckoutLocation,
  deliveryInstructions: z
    .string()
    .trim()
    .max(500, 'Delivery instructions are too long')
    .optional()
    .transform((v) => v || undefined),
  paymentMethod: z.enum(PAYMENT_METHODS).default('cash_on_delivery'),
  mobileMoneyPhone: z.string().trim().max(32).optional(),
  /** "asap" or an offered slot's start; without one the server books the earliest delivery time. */
  deliverySlot: DeliverySlotChoice.optional(),
});

export const CheckoutInput = OrderPlacementFields.extend({ contact: z.object({ fullName, email, phone }) }).transform(withMobileMoneyPhone);
export type CheckoutInput = z.input<typeof CheckoutInput>;
export type CheckoutData = z.output<typeof CheckoutInput>;

export const OrderItem = z.object({
  /** The line's own id (a substitute is refused by it). */
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  lineTotal: z.number().int(),
  options: z.array(ChosenOption),
  note: z.string().nullable(),
  substitution: LineSubstitution,
  /** A weighed line: estimate and, once packed, what was weighed and charged. */
  weight: LineWeight.nullable(),
  /** A near-date line: the use-by of its batches, the percent off and the price before it. */
  markdown: LineMarkdown.nullable().default(null),
});

export const ShippingAddress = z.object({
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  formattedAddress: z.string(),
});

export const Order = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  subtotalAmount: z.number().int(),
  deliveryFee: z.number().int(),
  discountAmount: z.number().int().nullable(),
  totalAmount: z.number().int(),
  couponCode: z.string().nullable(),
  shippingAddress: ShippingAddress,
  deliveryLatitude: z.number(),
  deliveryLongitude: z.number(),
  deliveryInstructions: z.string().nullable(),
  deliveryPhotoUrl: z.string().nullable(),
  deliverySlot: DeliverySlotView,
  outlet: z.object({ id: z.string(), name: z.string(), address: z.string(), phone: z.string() }).nullable(),
  items: z.array(OrderItem),
  createdAt: z.string(),
  updatedAt: z.string(),
  assignedAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Money given back on this order (refused attempts left out). */
  refunds: z.array(OrderRefund),
  /** A paid order made dearer: what is still to pay (online before it goes out, else to the rider in cash). */
  balanceDue: z.number().int().default(0),
  /** The pay page for that balance (`/pay/<token>`), while it can be paid online; null otherwise. */
  balancePayPath: z.string().nullable().default(null),
});
export type Order = z.infer<typeof Order>;
export type OrderItem = z.infer<typeof OrderItem>;

export const OrderResponse = z.object({ order: Order });
export const OrderListResponse = z.object({ orders: z.array(Order) });
export const OrderIdParams = z.object({ id: z.string() });
