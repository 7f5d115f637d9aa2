/** A failed load: what went wrong in plain words and a way to try again. */
import { useLingui } from '@lingui/react/macro';
import { TriangleAlert, RotateCw } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

interface ErrorStateProps {
  title?: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
  retryLabel?: string;
  className?: string;
}

export function ErrorState({ title, message, onRetry, retrying, retryLabel, className }: ErrorStateProps) {
  const { t } = useLingui();
  return (
    <div role="alert" className={cn('flex flex-col items-center justify-center px-6 py-14 text-center', className)}>
      <span className="mb-5 inline-flex size-16 items-center justify-center rounded-full bg-danger-soft text-danger">
        <TriangleAlert className="size-7" aria-hidden="true" />
      </span>
      <h2 className="font-display text-xl font-semibold text-ink">{title ?? t`Something went wrong`}</h2>
      <p className="mt-2 max-w-sm text-sm text-muted">{message ?? t`An unexpected error occurred`}</p>
      {onRetry ? (
        <Button className="mt-6" variant="outline" onClick={onRetry} pending={retrying}>
          <RotateCw className="size-4" aria-hidden="true" />
          {retryLabel ?? t`Try again`}
        </Button>
      ) : null}
    </div>
  );
}
