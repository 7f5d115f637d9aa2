/**
 * The main outlet: where a unit lands when no outlet was chosen (stock entered on the product form,
 * the goods of an order from before stock lived at outlets). The admin picks it in Settings; until
 * then, or when the chosen outlet has since been closed, it is the first active outlet by creation.
 */
import type { Tx } from '../../db/client.ts';
import { getShopSettings } from '../settings/settings.service.ts';
import { findOutlet } from './inventory.repository.ts';
import { mainOutlet as firstActiveOutlet } from './outlet-stock.repository.ts';

export async function mainOutlet(tx: Tx): Promise<{ id: string; name: string } | undefined> {
  const chosen = (await getShopSettings(tx)).mainOutletId;
  if (chosen) {
    const outlet = await findOutlet(tx, chosen);
    if (outlet?.isActive) return { id: outlet.id, name: outlet.name };
  }
  return firstActiveOutlet(tx);
}
