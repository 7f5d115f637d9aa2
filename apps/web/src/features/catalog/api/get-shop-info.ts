/**
 * GET /api/shop-info: the support phone, email and opening hours the admin sets in Settings. Screens
 * show the shop's defaults until it answers (no spinner, nothing shifts) and then what Settings say.
 */
import { SHOP } from '@meatshop/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ShopInfo {
  supportPhone: string;
  supportEmail: string;
  hours: string;
  deliveryFee: number;
}

const DEFAULTS: Omit<ShopInfo, 'deliveryFee'> = { supportPhone: SHOP.supportPhone, supportEmail: SHOP.email, hours: SHOP.hours };

export function getShopInfo(signal?: AbortSignal) {
  return api.get<ShopInfo>('/api/shop-info', { signal });
}

export function useShopInfo() {
  const q = useQuery({ queryKey: ['shop-info'], queryFn: ({ signal }) => getShopInfo(signal), staleTime: 5 * 60_000 });
  const info = { ...DEFAULTS, ...q.data };
  return {
    ...info,
    /** The admin has not changed the hours: screens may use the spec's longer wording of them. */
    defaultHours: info.hours === SHOP.hours,
  };
}
