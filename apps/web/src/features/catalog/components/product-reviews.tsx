/**
 * Customer Reviews, newest first, and the write-review form for signed-in users (spec 2 and 5): the
 * form submits only with a star rating and a non-empty comment; comments render as plain text.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { REVIEW_COMMENT_MAX } from '@meatshop/shared/constants';
import { MessageSquareText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { formatDate } from '@/lib/format';
import { useShopStore } from '@/stores/shop-store';
import { useCreateReview } from '../api/create-review';
import { useReviews } from '../api/get-reviews';
import { RateStars, Stars } from './star-rating';

export function ProductReviews({ productId }: { productId: string }) {
  const reviews = useReviews(productId, true);
  const user = useShopStore((s) => s.user);
  if (reviews.isError) console.error('Failed to load reviews', reviews.error);

  return (
    <section aria-labelledby="reviews-title" className="mt-14">
      <h2 id="reviews-title" className="font-display text-2xl font-semibold text-ink">
        <Trans>Customer Reviews</Trans>
      </h2>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          {reviews.isPending ? (
            <div className="space-y-4">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : !reviews.data?.length ? (
            <p className="flex items-center gap-2 rounded-2xl border border-dashed border-line-strong p-6 text-muted">
              <MessageSquareText className="size-5" aria-hidden="true" />
              <Trans>No reviews yet. Be the first to share what you think.</Trans>
            </p>
          ) : (
            <ul className="space-y-4" data-testid="reviews">
              {reviews.data.map((r) => (
                <li key={r.id} className="rounded-2xl border border-line bg-surface p-5">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold text-ink">{r.userFullName}</span>
                    <time className="text-xs text-muted" dateTime={r.createdAt}>
                      {formatDate(r.createdAt)}
                    </time>
                  </div>
                  <Stars value={r.rating} className="mt-1" />
                  <p className="mt-2 whitespace-pre-line break-words text-ink-soft">{r.comment}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
        {user ? (
          <ReviewForm productId={productId} />
        ) : (
          <p className="text-sm text-muted">
            <Trans>Sign in to write a review.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const create = useCreateReview(productId);
  const canSubmit = rating > 0 && comment.trim().length > 0;
  const { t } = useLingui();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    create.mutate(
      { rating: rating || 5, comment: comment.trim() },
      {
        onSuccess: () => {
          toast.success(t`Review submitted successfully`);
          setComment('');
        },
        onError: () => toast.error(t`Failed to submit review`),
      },
    );
  };

  return (
    <form onSubmit={submit} className="h-fit rounded-2xl border border-line bg-cream p-5" aria-labelledby="write-review-title">
      <h3 id="write-review-title" className="font-semibold text-ink">
        <Trans>Write a Review</Trans>
      </h3>
      <div className="mt-3">
        <RateStars value={rating} onRate={setRating} label={t`Your review rating`} />
      </div>
      <label htmlFor="review-comment" className="mt-4 block text-sm font-medium text-ink">
        <Trans>Your review</Trans>
      </label>
      <Textarea
        id="review-comment"
        className="mt-1.5"
        rows={4}
        maxLength={REVIEW_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder={t`How did you cook it? How did it taste?`}
      />
      <Button type="submit" className="mt-4 w-full" disabled={!canSubmit} pending={create.isPending} pendingText={t`Submitting...`}>
        <Trans>Submit Review</Trans>
      </Button>
    </form>
  );
}
