/**
 * Orders staff take for a customer (a phone call, a WhatsApp chat, a customer at the counter): the
 * customer found by phone or created on the spot, then the same lines, coupon, place, slot and
 * payment as checkout. Mobile money and card are paid by the customer through a link sent by SMS.
 */
import { z } from 'zod';
import { fullName, phone } from './auth.ts';
import { OrderPlacementFields, withMobileMoneyPhone } from './orders.ts';
import { STAFF_ORDER_CHANNELS } from './status.ts';

/**
 * A customer known only by phone gets an address nobody can mail (RFC 2606 `.invalid`): accounts
 * need an email, but none is sent to this one and screens show it as "no email".
 */
export const PHONE_ONLY_EMAIL_DOMAIN = 'phone.invalid';
export const isPhoneOnlyEmail = (email: string) => email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

export const STAFF_ORDER_MESSAGES = {
  phoneTaken: 'A customer with this phone number already exists. Search for them instead.',
  emailTaken: 'A customer with this email already exists. Search for them instead.',
  customerNotFound: 'Customer not found',
  /** Staff read this, not the customer: it says what to do next. */
  blocked: 'This customer is blocked and cannot order. Unblock them in Admin > Customers first if that is right.',
  placedCash: 'Order placed. The rider collects the cash on delivery.',
  placedPayLink: 'Order placed. The customer was sent an SMS with a link to pay.',
} as const;

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined))
  .refine((v) => !v || z.email().safeParse(v).success, 'Enter a valid email address, or leave it empty');

/** A customer staff create while taking an order: a name and a phone number; the email is optional. */
export const AdminNewCustomerInput = z.object({ fullName, phone, email: optionalEmail });
export type AdminNewCustomerInput = z.input<typeof AdminNewCustomerInput>;
export type StaffNewCustomerData = z.output<typeof AdminNewCustomerInput>;

export const AdminNewCustomer = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
});
export type AdminNewCustomer = z.infer<typeof AdminNewCustomer>;

export const StaffOrderInput = OrderPlacementFields.extend({
  customerId: z.string({ error: 'Choose the customer' }).trim().min(1, 'Choose the customer').max(100),
  channel: z.enum(STAFF_ORDER_CHANNELS, { error: 'Choose how the order came in' }),
}).transform(withMobileMoneyPhone);
export type StaffOrderInput = z.input<typeof StaffOrderInput>;
export type StaffOrderData = z.output<typeof StaffOrderInput>;

export const StaffOrderPlaced = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  totalAmount: z.number(),
  paymentMethod: z.string(),
  /** Sent to the customer by SMS for mobile money and card; null for cash on delivery. */
  payLink: z.string().nullable(),
  message: z.string(),
});
export type StaffOrderPlaced = z.infer<typeof StaffOrderPlaced>;

/** What the pay-link page shows: the order, not the customer's account. */
export const PayLinkOrder = z.object({
  orderNumber: z.string(),
  customerFirstName: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  subtotalAmount: z.number(),
  deliveryFee: z.number(),
  discountAmount: z.number().nullable(),
  totalAmount: z.number(),
  items: z.array(z.object({ productName: z.string(), quantity: z.number(), price: z.number() })),
  /** Whether Pay can be pressed now (pending, unpaid, inside its payment window). */
  payable: z.boolean(),
  /** Why not, in the customer's words, when it cannot. */
  reason: z.string().nullable(),
  expiresAt: z.string(),
  /** A link for the balance of a paid order made dearer: what is left to pay of it (0 once settled); null for the order's own link. */
  balanceToPay: z.number().nullable().default(null),
  /** Where that balance stands: due, paid online, collected by the rider, or cancelled by a later edit. */
  balanceState: z.enum(['due', 'paid', 'collected', 'cancelled']).nullable().default(null),
});
export type PayLinkOrder = z.infer<typeof PayLinkOrder>;

export const PayLinkParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'This payment link is not valid') });
export const PayLinkVerifyInput = z.object({ orderTrackingId: z.string().trim().min(1).max(100) });
