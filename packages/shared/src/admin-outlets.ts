/** Admin inputs and outputs for outlets and outlet products (spec sections 2 and 5). */
import { z } from 'zod';

const required = (label: string, max = 200) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max);
const count = (label: string) =>
  z
    .number({ message: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000);

export const AdminOutletInput = z.object({
  name: required('Name', 120),
  address: z.string().trim().max(300).default(''),
  city: required('City', 80),
  country: required('Country', 80),
  phone: required('Phone', 40),
  openingHours: required('Opening hours', 120),
  managerName: required('Manager name', 120),
  latitude: z.number({ message: 'Please select outlet location' }).min(-90).max(90),
  longitude: z.number({ message: 'Please select outlet location' }).min(-180).max(180),
});
export type AdminOutletInput = z.input<typeof AdminOutletInput>;

export const AdminOutlet = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  openingHours: z.string(),
  managerName: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isActive: z.boolean(),
  productCount: z.number(),
});
export type AdminOutlet = z.infer<typeof AdminOutlet>;

export const AdminOutletProductInput = z
  .object({
    productId: z.string({ message: 'Product is required' }).uuid('Product is required'),
    outletPrice: z
      .number({ message: 'Outlet price is required' })
      .int('Outlet price must be a whole number of shillings')
      .min(0, 'Outlet price cannot be negative')
      .max(100_000_000),
    stock: count('Current stock'),
    minStock: count('Minimum stock level'),
    maxStock: count('Maximum stock level'),
    isAvailable: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.maxStock < v.minStock)
      ctx.addIssue({ code: 'custom', path: ['maxStock'], message: 'Maximum stock level must not be below the minimum' });
  });
export type AdminOutletProductInput = z.input<typeof AdminOutletProductInput>;

export const AdminOutletProduct = z.object({
  id: z.string(),
  outletId: z.string(),
  productId: z.string(),
  outletPrice: z.number(),
  stock: z.number(),
  minStock: z.number(),
  maxStock: z.number(),
  isAvailable: z.boolean(),
  product: z.object({ id: z.string(), name: z.string(), imageUrls: z.array(z.string()), price: z.number() }),
  performance: z.object({ salesCount: z.number(), revenue: z.number(), growthRate: z.number().nullable() }),
});
export type AdminOutletProduct = z.infer<typeof AdminOutletProduct>;

export const ProductOption = z.object({ id: z.string(), name: z.string(), price: z.number() });
