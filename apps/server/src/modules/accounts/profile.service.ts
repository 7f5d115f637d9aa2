/** The customer's own profile and saved addresses. */
import type { SavedAddress } from '@meatshop/shared/account';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { findUserById, updateUserProfile } from './accounts.repository.ts';
import { countSavedAddresses, findSavedAddressesByUserId, insertSavedAddress } from './saved-addresses.repository.ts';

const MAX_SAVED_ADDRESSES = 20;

export async function getProfile(db: Db, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('Failed to load profile');
  return { id: row.id, email: row.email, fullName: row.fullName, phone: row.phone, smsOptOut: row.smsOptOut };
}

/** Full name and phone only: the email is the sign-in identity and stays read-only. */
export async function updateProfile(db: Db, userId: string, input: { fullName: string; phone: string; smsOptOut?: boolean }) {
  const row = await db.transaction((tx) =>
    updateUserProfile(tx, userId, { fullName: input.fullName, phone: input.phone, smsOptOut: input.smsOptOut }),
  );
  if (!row) throw notFound('Failed to update profile');
  return { id: row.id, email: row.email, fullName: row.fullName, phone: row.phone, smsOptOut: row.smsOptOut };
}

type AddressRow = Awaited<ReturnType<typeof findSavedAddressesByUserId>>[number];
const toView = (r: AddressRow): SavedAddress => ({
  id: r.id,
  address: r.address,
  lat: r.lat,
  lng: r.lng,
  isDefault: r.isDefault,
  createdAt: r.createdAt.toISOString(),
});

export async function listSavedAddresses(db: Db, userId: string) {
  return (await findSavedAddressesByUserId(db, userId)).map(toView);
}

export async function saveAddress(db: Db, userId: string, v: { address: string; lat: number; lng: number }) {
  return db.transaction(async (tx) => {
    if ((await countSavedAddresses(tx, userId)) >= MAX_SAVED_ADDRESSES)
      throw conflict(`You can keep up to ${MAX_SAVED_ADDRESSES} saved addresses.`);
    return toView(await insertSavedAddress(tx, userId, v));
  });
}
