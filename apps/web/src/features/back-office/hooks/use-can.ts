/**
 * What the signed-in staff member's role allows, from the session's permissions. The back office
 * only hides with it: the server refuses the same things on its own.
 */
import { type PermissionRule, allows } from '@meatshop/shared/staff-permissions';
import { useShopStore } from '@/stores/shop-store';

export function useCan(rule: PermissionRule): boolean {
  return useShopStore((s) => allows(s.staff?.permissions ?? [], rule));
}

/** For lists of rules (navigation): the permissions held, to test each against. */
export function useStaffPermissions(): readonly string[] {
  return useShopStore((s) => s.staff?.permissions) ?? NONE;
}
const NONE: readonly string[] = [];
