/** POST /api/coupons/validate: the server checks the code and prices the cart from the database. */
import type { CouponResult, CouponValidateInput } from '@meatshop/shared/coupons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function validateCoupon(input: CouponValidateInput): Promise<CouponResult> {
  return api.post<CouponResult>('/api/coupons/validate', input);
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}

/** The applied coupon re-priced whenever the cart changes, so the discount shown is the server's figure. */
export function useCouponQuote(code: string | null, items: { productId: string; quantity: number }[]) {
  return useQuery({
    queryKey: ['coupon-quote', code, items],
    queryFn: () => validateCoupon({ code: code ?? '', items }),
    enabled: !!code && items.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
