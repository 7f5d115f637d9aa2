/** The customer's own profile and saved delivery addresses (spec sections 2 and 7). */
import { z } from 'zod';
import { fullName, phone } from './auth.ts';
import { latitude, longitude } from './geo.ts';

/** `smsOptOut`: the customer does not want order updates by SMS; email still goes. */
export const ProfileUpdateInput = z.object({ fullName, phone, smsOptOut: z.boolean().optional() });
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;

export const Profile = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  smsOptOut: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

export const SavedAddressInput = z.object({
  address: z.string().trim().min(1, 'Address is required').max(300),
  lat: latitude,
  lng: longitude,
});
export type SavedAddressInput = z.input<typeof SavedAddressInput>;

export const SavedAddress = z.object({
  id: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;
export const SavedAddressList = z.object({ addresses: z.array(SavedAddress) });
