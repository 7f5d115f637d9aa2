/**
 * Shop settings kept in app_settings under one key. Reading merges what the admin
 * saved over the defaults (spec constants), so a new field never breaks an old row and any module can
 * ask for the current delivery fee or rider rate.
 */
import { DEFAULT_SHOP_SETTINGS, ShopSettings, ShopSettingsFields, type AdminUpdateSettingsInput } from '@meatshop/shared/shop-settings';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../platform/errors.ts';
import { findOutlet } from '../inventory/inventory.repository.ts';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit.service.ts';
import { readAppSetting, writeAppSetting } from './app-settings.repository.ts';

const KEY = 'shop_settings';

export async function getShopSettings(tx: Tx): Promise<ShopSettings> {
  const saved = ShopSettingsFields.partial().safeParse((await readAppSetting(tx, KEY)) ?? {});
  // A row written by an older version with a now-invalid field falls back to the defaults for that field.
  return { ...DEFAULT_SHOP_SETTINGS, ...(saved.success ? stripUndefined(saved.data) : {}) };
}

/** `by`: the staff member saving (their audit row is written in `tx`); null for the server's own setup. */
export async function updateShopSettings(tx: Tx, patch: AdminUpdateSettingsInput, by: AuditActor | null): Promise<ShopSettings> {
  const current = await getShopSettings(tx);
  // Cross-field rules (hours end after they start) are checked on the merged settings.
  const parsed = ShopSettings.safeParse({ ...current, ...stripUndefined(patch) });
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    throw invalid(parsed.error.issues[0]!.message, fields);
  }
  const next = parsed.data;
  // The main outlet receives stock: it must be an outlet that is open now (a closed one sells nothing).
  if (patch.mainOutletId) {
    const outlet = await findOutlet(tx, patch.mainOutletId);
    if (!outlet?.isActive) {
      const message = outlet
        ? `${outlet.name} is inactive: choose an active outlet as the main outlet`
        : 'Choose an active outlet as the main outlet';
      throw invalid(message, { mainOutletId: message });
    }
  }
  await writeAppSetting(tx, KEY, next);
  if (by) await recordAudit(tx, by, { entityType: 'settings', entityId: KEY, action: 'update', ...changedFields(current, next) });
  return next;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
