/** The public outlet list of the contact page: active outlets ordered by name. */
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outlets } from '../../db/schema/outlets.ts';

export function findActiveOutlets(tx: Tx) {
  return tx
    .select({
      id: outlets.id,
      name: outlets.name,
      address: outlets.address,
      city: outlets.city,
      country: outlets.country,
      phone: outlets.phone,
      openingHours: outlets.openingHours,
      latitude: outlets.latitude,
      longitude: outlets.longitude,
    })
    .from(outlets)
    .where(eq(outlets.isActive, true))
    .orderBy(asc(outlets.name));
}
