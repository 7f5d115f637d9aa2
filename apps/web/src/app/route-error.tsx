/**
 * Shown when a screen throws or its code cannot be loaded (usually a new release replaced the old
 * chunks): a calm message and a reload.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { isRouteErrorResponse, Link, useRouteError } from '@/lib/router';
import { LogoMark } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';

export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const { t } = useLingui();

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-cream p-6">
      <LogoMark className="size-12" />
      <div className="w-full max-w-md rounded-[var(--radius-card)] border border-line bg-surface shadow-card">
        <ErrorState
          title={notFound ? t`Page not found` : t`Something went wrong`}
          message={notFound ? t`That page does not exist.` : t`An unexpected error occurred. Reloading usually fixes it.`}
          retryLabel={t`Reload page`}
          onRetry={() => window.location.reload()}
        />
      </div>
      <Button variant="link" asChild>
        <Link to="/">
          <Trans>Back to the shop</Trans>
        </Link>
      </Button>
    </main>
  );
}
