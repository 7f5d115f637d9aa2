/**
 * POST /api/coupons/validate: the server checks the code and prices the cart from the database.
 * Plain requests rather than TanStack Query: the cart page renders without that library
 * (app/routes/storefront/query-free-screens.ts); the quote keeps its own short cache instead.
 */
import type { CouponResult, CouponValidateInput } from '@meatshop/shared/coupons';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

export function validateCoupon(input: CouponValidateInput): Promise<CouponResult> {
  return api.post<CouponResult>('/api/coupons/validate', input);
}

interface Handlers {
  onSuccess: (result: CouponResult) => void;
  onError: (err: unknown) => void;
}

/** Apply: one check of a typed code, with its pending state. */
export function useValidateCoupon() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback((input: CouponValidateInput, { onSuccess, onError }: Handlers) => {
    setPending(true);
    validateCoupon(input)
      .then(onSuccess, onError)
      .finally(() => setPending(false));
  }, []);
  return { mutate, isPending };
}

/** A cart's quote stays good this long: the same code and lines are not asked for again. */
const QUOTE_FRESH_MS = 5 * 60_000;
const quotes = new Map<string, { result: CouponResult; at: number }>();

/**
 * The applied coupon re-priced whenever the cart changes, so the discount shown is the server's
 * figure. `data` is the quote of these exact lines (none while it is asked for, or when it failed:
 * the cart then shows the discount stored when the coupon was applied).
 */
export function useCouponQuote(code: string | null, items: { productId: string; quantity: number }[]) {
  const key = code && items.length > 0 ? JSON.stringify([code, items]) : null;
  const cached = key ? quotes.get(key) : undefined;
  const fresh = cached && Date.now() - cached.at < QUOTE_FRESH_MS ? cached.result : undefined;
  const [answer, setAnswer] = useState<{ key: string; result: CouponResult } | null>(null);
  const [fetching, setFetching] = useState<string | null>(null);
  useEffect(() => {
    if (!key || fresh) return;
    // The key is the code and the lines, so the effect runs again exactly when either changes.
    const [quoteCode, lines] = JSON.parse(key) as [string, CouponValidateInput['items']];
    let current = true;
    setFetching(key);
    validateCoupon({ code: quoteCode, items: lines })
      .then(
        (result) => {
          quotes.set(key, { result, at: Date.now() });
          if (current) setAnswer({ key, result });
        },
        () => {},
      )
      .finally(() => {
        if (current) setFetching((k) => (k === key ? null : k));
      });
    return () => {
      current = false;
    };
  }, [key, fresh]);
  const data = fresh ?? (answer && answer.key === key ? answer.result : undefined);
  return { data, isFetching: key !== null && fetching === key };
}
