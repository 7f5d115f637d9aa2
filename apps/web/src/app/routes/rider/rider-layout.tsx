/**
 * Rider app layout: phone-first top bar with the dark mode toggle, the
 * offline banner, and a bottom navigation with big thumb targets (Dashboard, Earnings, Profile),
 * readable in sunlight. It also keeps the offline queue syncing and the screens live.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import { Banknote, House, Moon, Sun, UserRound, Wallet } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, NavLink, Outlet } from '@/lib/router';
import { LogoMark } from '@/components/brand/logo';
import { refreshPush } from '@/features/push/push-subscription';
import { InstallPrompt } from '@/features/rider/components/install-prompt';
import { OfflineBanner } from '@/features/rider/components/offline-banner';
import { useLocationSharing } from '@/features/rider/hooks/use-location-sharing';
import { useRiderSync } from '@/features/rider/hooks/use-rider-sync';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';
import { useRiderManifest, useRiderTheme } from './rider-theme';
import { RiderWaitingScreen } from './rider-waiting-screen';

const RIDER_NAV: Array<{ label: MessageDescriptor; to: string; icon: LucideIcon; end?: boolean }> = [
  { label: msg`Dashboard`, to: paths.rider.root, icon: House, end: true },
  { label: msg`Earnings`, to: paths.rider.earnings, icon: Wallet },
  { label: msg`Cash`, to: paths.rider.cash, icon: Banknote },
  { label: msg`Profile`, to: paths.rider.profile, icon: UserRound },
];

const STATUS_LABEL = { offline: msg`Offline`, online: msg`Online`, delivering: msg`Delivering` } as const;

/**
 * A rider still waiting for an admin's approval (or not approved) gets the waiting screen only: no
 * navigation, no order sync, no location sharing, since the server refuses all of them.
 */
export function RiderLayout() {
  const rider = useShopStore((s) => s.rider);
  if (rider && rider.approval !== undefined && rider.approval !== 'approved') {
    return (
      <RiderFrame>
        <RiderWaitingScreen approval={rider.approval} fullName={rider.fullName} />
      </RiderFrame>
    );
  }
  return <ApprovedRiderLayout />;
}

function RiderFrame({ children }: { children: ReactNode }) {
  const rider = useShopStore((s) => s.rider);
  const { theme } = useRiderTheme();
  const { t } = useLingui();
  useRiderManifest();
  return (
    <div className={cn('flex min-h-dvh flex-col bg-cream text-ink', theme === 'dark' && 'dark')}>
      <header className="sticky top-0 z-30 bg-brand-950 text-cream pt-[env(safe-area-inset-top)] dark:bg-black">
        <div className="mx-auto flex h-16 max-w-xl items-center gap-3 px-4">
          <LogoMark className="size-9 shrink-0" />
          <span className="min-w-0 leading-tight">
            <span className="block font-display text-base font-semibold text-[#fbf8f4]">Prime Rider</span>
            <span className="block truncate text-xs text-[#fbf8f4]/75">{rider?.fullName ?? t`Delivery rider`}</span>
          </span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-5 pb-10">{children}</main>
    </div>
  );
}

function ApprovedRiderLayout() {
  const rider = useShopStore((s) => s.rider);
  const status = rider?.status ?? 'offline';
  const { theme, toggle } = useRiderTheme();
  const { t, i18n } = useLingui();
  useRiderManifest();
  useRiderSync();
  const sharing = useLocationSharing();
  useEffect(() => {
    void refreshPush();
  }, []);

  return (
    <div className={cn('flex min-h-dvh flex-col bg-cream text-ink', theme === 'dark' && 'dark')}>
      <header className="sticky top-0 z-30 bg-brand-950 text-cream pt-[env(safe-area-inset-top)] dark:bg-black">
        <div className="mx-auto flex h-16 max-w-xl items-center gap-3 px-4">
          <Link to={paths.rider.root} className="flex min-w-0 items-center gap-2.5">
            <LogoMark className="size-9 shrink-0" />
            <span className="min-w-0 leading-tight">
              <span className="block font-display text-base font-semibold text-[#fbf8f4]">Prime Rider</span>
              <span className="block truncate text-xs text-[#fbf8f4]/75">{rider?.fullName ?? t`Delivery rider`}</span>
            </span>
          </Link>
          <span
            className={cn(
              'ml-auto inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold',
              status === 'offline' ? 'bg-white/10 text-[#fbf8f4]/85' : 'bg-[#e3f2e8] text-[#1f6f43]',
            )}
            data-testid="rider-status"
          >
            <span className={cn('size-2 rounded-full', status === 'offline' ? 'bg-[#fbf8f4]/60' : 'bg-[#1f6f43]')} aria-hidden="true" />
            {i18n._(STATUS_LABEL[status])}
          </span>
          <button
            type="button"
            onClick={toggle}
            className="inline-flex size-10 items-center justify-center rounded-full text-[#fbf8f4] hover:bg-white/10"
            aria-label={theme === 'dark' ? t`Switch to light mode` : t`Switch to dark mode`}
          >
            {theme === 'dark' ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
          </button>
        </div>
        <OfflineBanner />
        {sharing === 'denied' ? (
          <p role="status" className="bg-[#fff4e0] px-4 py-2 text-center text-sm font-medium text-[#7a4b00]">
            <Trans>Location is blocked: allow it in your browser so customers can follow their delivery.</Trans>
          </p>
        ) : null}
      </header>

      <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-5 pb-28">
        <Outlet />
      </main>
      <InstallPrompt />

      <nav
        aria-label={t`Rider`}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
      >
        <ul className="mx-auto grid h-[4.25rem] max-w-xl grid-cols-4">
          {RIDER_NAV.map(({ label, to, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex h-full flex-col items-center justify-center gap-1 text-xs font-semibold transition-colors',
                    isActive ? 'text-brand-700' : 'text-muted hover:text-ink',
                  )
                }
              >
                <Icon className="size-6" aria-hidden="true" />
                {/* A longer word in Luganda or Swahili may take two lines rather than run past its quarter. */}
                <span className="max-w-full px-1 text-center leading-tight wrap-anywhere">{i18n._(label)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
