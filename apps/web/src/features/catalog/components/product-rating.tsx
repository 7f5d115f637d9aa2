/**
 * The detail page's stars: the average for everyone; a signed-in customer can click to rate (one
 * rating per product, replaced on a new click), and then sees "Your rating" instead of the average.
 */
import { useLingui } from '@lingui/react/macro';
import type { Product } from '@meatshop/shared/catalog';
import { useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';
import { useMyRating, useRateProduct } from '../api/rate-product';
import { RateStars } from './star-rating';

export function ProductRating({ product }: { product: Product }) {
  const user = useShopStore((s) => s.user);
  const navigate = useNavigate();
  const mine = useMyRating(product.id, !!user);
  const rate = useRateProduct(product.id);
  const myRating = rate.data?.rating ?? mine.data?.rating ?? null;
  const { t } = useLingui();

  const onRate = (rating: number) => {
    if (!user) {
      toast.error(t`Please sign in to rate this product`);
      navigate(paths.account);
      return;
    }
    rate.mutate(rating, {
      onSuccess: () => toast.success(t`Thank you for your rating!`),
      onError: () => toast.error(t`Failed to submit rating`),
    });
  };

  const average = product.rating.toFixed(1);
  const count = product.ratingCount;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <RateStars value={myRating ?? Math.round(product.rating)} onRate={onRate} disabled={rate.isPending} />
      <span className="text-sm text-muted" data-testid="rating-text">
        {myRating != null
          ? t`Your rating: ${myRating} of 5`
          : product.ratingCount
            ? product.ratingCount === 1
              ? t`${average} (1 rating)`
              : t`${average} (${count} ratings)`
            : t`No ratings yet`}
      </span>
    </div>
  );
}
