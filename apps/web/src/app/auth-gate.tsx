/**
 * Holds the app behind a spinner until the session is known (at most 3 s), or shows an error with
 * Retry (which reloads the page) when the server could not be reached.
 */
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect } from 'react';
import { LogoMark } from '@/components/brand/logo';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/error-state';
import { initSession } from '@/features/auth/hooks/session-init';
import { useShopStore } from '@/stores/shop-store';

export function AuthGate({ children }: { children: ReactNode }) {
  const initialized = useShopStore((s) => s.initialized);
  const initError = useShopStore((s) => s.initError);
  const { t } = useLingui();

  useEffect(() => {
    void initSession();
  }, []);

  if (initError && !initialized) {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-cream p-6">
        <div className="w-full max-w-md rounded-[var(--radius-card)] border border-line bg-surface shadow-card">
          <ErrorState
            title={t`We couldn't open the shop`}
            message={initError}
            retryLabel={t`Retry`}
            onRetry={() => window.location.reload()}
          />
        </div>
      </main>
    );
  }
  if (!initialized) return <FullPageSpinner />;
  return children;
}

export function FullPageSpinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-cream" aria-busy="true">
      <LogoMark className="size-14" />
      <Spinner className="text-2xl text-brand-700" label={label ?? t`Loading Kampala Prime Meats`} />
    </div>
  );
}
