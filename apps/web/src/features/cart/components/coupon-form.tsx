/**
 * Coupon entry (spec sections 4, 5, 8): Apply (Applying... while busy, disabled while empty), then the
 * input locks and Remove appears with 'Coupon "{code}" applied'. The server checks the code.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { COUPON_MESSAGES } from '@meatshop/shared/coupon-constants';
import { normalizeCouponCode } from '@meatshop/shared/coupon-constants';
import { TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useShopStore } from '@/stores/shop-store';
import { useValidateCoupon } from '../api/validate-coupon';

export function CouponForm({ items }: { items: { productId: string; quantity: number }[] }) {
  const couponCode = useShopStore((s) => s.couponCode);
  const applyCoupon = useShopStore((s) => s.applyCoupon);
  const clearCoupon = useShopStore((s) => s.clearCoupon);
  const [code, setCode] = useState('');
  const validate = useValidateCoupon();
  const { t } = useLingui();

  const apply = () => {
    const typed = normalizeCouponCode(code);
    if (!typed) {
      toast.error(COUPON_MESSAGES.empty);
      return;
    }
    validate.mutate(
      { code: typed, items },
      {
        onSuccess: (res) => {
          applyCoupon(res.code, res.discountAmount);
          setCode('');
          toast.success(COUPON_MESSAGES.applied);
        },
        onError: (err) => {
          const known = err instanceof ApiError && err.status === 400;
          toast.error(known ? COUPON_MESSAGES.invalid : COUPON_MESSAGES.failed);
        },
      },
    );
  };

  return (
    <div>
      <label htmlFor="coupon-code" className="mb-1.5 block text-sm font-semibold text-ink">
        <Trans>Coupon code</Trans>
      </label>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (couponCode) clearCoupon();
          else apply();
        }}
      >
        <Input
          id="coupon-code"
          value={couponCode ?? code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t`e.g. WELCOME10`}
          disabled={!!couponCode || validate.isPending}
          autoComplete="off"
          className="uppercase placeholder:normal-case"
        />
        {couponCode ? (
          <Button type="submit" variant="outline" className="h-12">
            <Trans>Remove</Trans>
          </Button>
        ) : (
          <Button
            type="submit"
            variant="secondary"
            className="h-12"
            disabled={!code.trim()}
            pending={validate.isPending}
            pendingText={t`Applying...`}
          >
            <Trans>Apply</Trans>
          </Button>
        )}
      </form>
      {couponCode ? (
        <p className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-success">
          <TicketPercent className="size-4" aria-hidden="true" />
          <Trans>Coupon "{couponCode}" applied</Trans>
        </p>
      ) : null}
    </div>
  );
}
