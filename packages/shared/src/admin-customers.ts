/** Admin > Customers: the list, a customer's page, staff notes and blocking. */
import { z } from 'zod';

export const ADMIN_CUSTOMER_PAGE_SIZE = 25;

const noNul = (s: string) => !s.includes('\u0000');

export const AdminCustomerListQuery = z.object({
  /** Part of the name or email, or of the phone written any way. */
  q: z.string().trim().max(100, 'Keep the search under 100 characters').refine(noNul, 'Search for letters or digits').optional(),
  page: z.coerce.number({ error: 'Use a page number' }).int('Use a page number').min(1, 'Use a page number').max(100_000).default(1),
});
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuery>;

export const AdminCustomerRow = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  orders: z.number(),
  /** What their orders that were not cancelled came to, delivery included (UGX). */
  spent: z.number(),
  lastOrderAt: z.string().nullable(),
  blocked: z.boolean(),
});
export type AdminCustomerRow = z.infer<typeof AdminCustomerRow>;

export const AdminCustomerPage = z.object({
  customers: z.array(AdminCustomerRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminCustomerPage = z.infer<typeof AdminCustomerPage>;

export const CustomerNote = z.object({ id: z.string(), authorName: z.string(), text: z.string(), createdAt: z.string() });
export type CustomerNote = z.infer<typeof CustomerNote>;

export const AdminCustomerDetail = z.object({
  customer: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    createdAt: z.string(),
    smsOptOut: z.boolean(),
    blockedAt: z.string().nullable(),
    blockedReason: z.string().nullable(),
  }),
  addresses: z.array(z.object({ id: z.string(), address: z.string(), isDefault: z.boolean() })),
  orders: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      paymentMethod: z.string(),
      totalAmount: z.number(),
    }),
  ),
  refunds: z.array(
    z.object({ id: z.string(), orderId: z.string(), amount: z.number(), status: z.string(), reason: z.string(), createdAt: z.string() }),
  ),
  messages: z.array(
    z.object({
      id: z.string(),
      orderId: z.string().nullable(),
      channel: z.string(),
      event: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  notes: z.array(CustomerNote),
});
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>;

export const CustomerNoteInput = z.object({
  text: z
    .string({ error: 'Write the note' })
    .trim()
    .min(1, 'Write the note')
    .max(500, 'Keep the note under 500 characters')
    .refine(noNul, 'Write the note in plain text'),
});
export type CustomerNoteInput = z.infer<typeof CustomerNoteInput>;

export const BlockCustomerInput = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason')
    .max(300, 'Keep the reason under 300 characters')
    .refine(noNul, 'Please give a reason'),
});
export type BlockCustomerInput = z.infer<typeof BlockCustomerInput>;
