/** Admin inputs and outputs for products, categories and images (spec sections 2, 5 and 8). */
import { z } from 'zod';
import { MARKDOWN_MESSAGES, markdownDays, markdownPercent } from './markdowns.ts';
import { chillMinutes } from './cold-chain.ts';
import { ProductOption, ProductOptions } from './product-options.ts';
import { Weighing } from './weighing.ts';

const requiredText = (label: string, max = 200) => z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`);
const money = (label: string) =>
  z
    .number({ message: `${label} is required` })
    .int(`${label} must be a whole number of shillings`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} is too large`);

/** An image the shop serves itself (/media/...) or a pasted http(s) URL checked by the server. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v.startsWith('/media/') || /^https?:\/\/[^\s]+$/i.test(v), 'Invalid image URL');

export const AdminProductInput = z
  .object({
    name: requiredText('Name'),
    description: requiredText('Description', 5000),
    price: money('Price').refine((v) => v > 0, 'Price must be greater than 0'),
    discountPrice: money('Discount price').nullable().optional(),
    stock: z.number({ message: 'Stock is required' }).int('Stock must be a whole number').min(0, 'Stock cannot be negative').max(1_000_000),
    categoryId: z.string({ message: 'Category is required' }).uuid('Category is required'),
    imageUrls: z.array(imageUrl).max(8, 'At most 8 images').default([]),
    /** Cuts and choices the customer picks; left out, a product keeps the ones it has. */
    options: ProductOptions.optional(),
    /**
     * Null: sold by the unit. Set: sold by weight, price and discount price per kg, stock in grams.
     * Left out, a product keeps how it is sold.
     */
    weighing: Weighing.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.discountPrice != null && v.discountPrice >= v.price) {
      ctx.addIssue({ code: 'custom', path: ['discountPrice'], message: 'Discount price must be below the price' });
    }
  });
export type AdminProductInput = z.input<typeof AdminProductInput>;

export const AdminStockInput = z.object({
  stock: z.number({ message: 'Stock is required' }).int('Stock must be a whole number').min(0, 'Stock cannot be negative').max(1_000_000),
});

export const AdminProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  discountPrice: z.number().nullable(),
  stock: z.number(),
  rating: z.number(),
  imageUrls: z.array(z.string()),
  options: z.array(ProductOption),
  weighing: z.object({ amounts: z.array(z.number().int()), pieces: z.boolean(), tolerancePercent: z.number().int() }).nullable(),
  category: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

/** The slug rule: the lowercased name with spaces as hyphens. */
export function categorySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

export const AdminCategoryInput = z
  .object({
    name: requiredText('Name', 80).refine((v) => /[a-z0-9]/i.test(v), 'Name needs at least one letter or digit'),
    description: z.string().trim().max(1000).nullable().optional(),
    imageUrl: imageUrl.nullable().optional(),
    /** Minutes out of the chiller allowed for this category; null: the shop's default. */
    chillLimitMinutes: chillMinutes('Time out of the chiller').nullable().optional(),
    /** The near-date markdown: percent off in the last `markdownDays` days up to the sell-by date; both null: none. */
    markdownPercent: markdownPercent.nullable().optional(),
    markdownDays: markdownDays.nullable().optional(),
  })
  .superRefine((c, ctx) => {
    // Set together or cleared together: half a rule would silently do nothing.
    const hasPercent = c.markdownPercent != null;
    const hasDays = c.markdownDays != null;
    if (hasPercent !== hasDays) {
      ctx.addIssue({ code: 'custom', path: [hasPercent ? 'markdownDays' : 'markdownPercent'], message: MARKDOWN_MESSAGES.bothOrNeither });
    }
  });
export type AdminCategoryInput = z.input<typeof AdminCategoryInput>;

export const AdminCategory = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  imageUrl: z.string().nullable(),
  productCount: z.number(),
  chillLimitMinutes: z.number().nullable(),
  markdownPercent: z.number().nullable(),
  markdownDays: z.number().nullable(),
  updatedAt: z.string(),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const IdList = z.object({ ids: z.array(z.string().uuid('Invalid id')).min(1, 'Select at least one item').max(500) });

export const ImageKind = z.enum(['product', 'category']);
export const UploadedImage = z.object({ url: z.string(), thumbnailUrl: z.string() });
export const CheckImageUrlInput = z.object({ url: z.string().trim().min(1, 'Invalid image URL').max(2000) });

export const IMAGE_MESSAGES = {
  invalidType: 'Invalid file type. Please upload JPG, PNG, or WebP images.',
  tooLarge: 'File size exceeds 5MB limit',
  invalidUrl: 'Invalid image URL',
} as const;
