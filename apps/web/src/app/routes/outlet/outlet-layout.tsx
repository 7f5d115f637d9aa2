/**
 * Outlet portal layout: Dashboard, Orders, Staff, Settings and
 * Sign Out (back to the storefront). A sidebar on a counter screen, a tab strip on a phone.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import { Boxes, ClipboardList, HandCoins, LayoutDashboard, LogOut, Settings, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from '@/lib/router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { useSignOutFlow } from '@/features/auth/hooks/use-sign-out-flow';
import { useOutletLiveOrders } from '@/features/outlet/hooks/use-outlet-live-orders';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';
import { useRouteHandle } from '../../use-route-handle';
import { LanguageSwitcher } from '../storefront/language-switcher';
import { OUTLET_TITLES } from './outlet-titles';

const OUTLET_NAV: Array<{ label: MessageDescriptor; to: string; icon: LucideIcon; end?: boolean }> = [
  { label: msg`Dashboard`, to: paths.outlet.root, icon: LayoutDashboard, end: true },
  { label: msg`Orders`, to: paths.outlet.orders, icon: ClipboardList },
  { label: msg`Stock`, to: paths.outlet.stock, icon: Boxes },
  { label: msg`Rider Cash`, to: paths.outlet.cash, icon: HandCoins },
  { label: msg`Staff`, to: paths.outlet.staff, icon: Users },
  { label: msg`Settings`, to: paths.outlet.settings, icon: Settings },
];

export function OutletLayout() {
  const handle = useRouteHandle();
  const { t, i18n } = useLingui();
  const title = handle?.titleMessage ? i18n._(handle.titleMessage) : i18n._(OUTLET_TITLES.dashboard);
  const employee = useShopStore((s) => s.outletEmployee);
  const { signOut, isPending } = useSignOutFlow(paths.home);
  // New-order toast and live refresh on every outlet screen, not only the dashboard.
  useOutletLiveOrders();
  // On a phone the tab strip is wider than the screen: keep the current tab (Settings, Staff) in view.
  const tabsRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every route change
  useEffect(() => {
    tabsRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <div className="min-h-dvh bg-cream lg:grid lg:grid-cols-[15rem_1fr] print:block print:min-h-0 print:bg-white">
      <aside className="sticky top-0 hidden h-dvh print:hidden! flex-col border-r border-line bg-surface lg:flex">
        <div className="flex h-16 items-center border-b border-line px-5">
          <Link to={paths.outlet.root}>
            <Logo caption={t`Outlet`} />
          </Link>
        </div>
        <nav aria-label={t`Outlet portal`} className="flex-1 px-3 py-4">
          <ul className="space-y-1">
            {OUTLET_NAV.map(({ label, to, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    cn(
                      'flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors',
                      isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-soft hover:bg-cream-deep hover:text-ink',
                    )
                  }
                >
                  <Icon className="size-4.5" aria-hidden="true" />
                  {i18n._(label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-line p-3">
          <Button variant="ghost" className="w-full justify-start rounded-xl px-3" onClick={signOut} pending={isPending}>
            {isPending ? null : <LogOut className="size-4" aria-hidden="true" />}
            <Trans>Sign Out</Trans>
          </Button>
          <LanguageSwitcher className="mt-2 px-3 text-ink-soft" selectClassName="min-h-9 text-sm" />
        </div>
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 print:hidden! border-b border-line bg-surface/95 backdrop-blur">
          <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
            <Link to={paths.outlet.root} className="shrink-0 lg:hidden">
              <Logo caption={t`Outlet`} />
            </Link>
            <div className="hidden min-w-0 lg:block">
              <h1 className="truncate text-lg font-semibold text-ink">{title}</h1>
            </div>
            <div className="ml-auto min-w-0 text-right leading-tight">
              <p className="truncate text-sm font-semibold text-ink">{employee?.outletName ?? t`Outlet`}</p>
              <p className="truncate text-xs text-muted">{employee?.roleName ?? t`Staff`}</p>
            </div>
            <Button variant="ghost" size="icon-sm" className="lg:hidden" onClick={signOut} pending={isPending} aria-label={t`Sign Out`}>
              {isPending ? null : <LogOut className="size-4" aria-hidden="true" />}
            </Button>
          </div>
          <nav ref={tabsRef} aria-label={t`Outlet portal`} className="-mb-px flex gap-1 overflow-x-auto px-3 lg:hidden">
            {OUTLET_NAV.map(({ label, to, end }) => (
              <NavLink
                key={to}
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-11 shrink-0 items-center border-b-2 px-3 text-sm font-medium',
                    isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:text-ink',
                  )
                }
              >
                {i18n._(label)}
              </NavLink>
            ))}
          </nav>
        </header>
        <main className="flex-1 p-4 sm:p-6 lg:p-8 print:p-0">
          <h1 className="mb-5 text-xl font-semibold text-ink lg:hidden print:hidden">{title}</h1>
          <Outlet />
        </main>
        {/* On a phone the header has no room beside the outlet's name: the switch sits under the screen. */}
        <footer className="flex justify-center border-t border-line px-4 py-3 lg:hidden print:hidden">
          <LanguageSwitcher className="text-ink-soft" selectClassName="min-h-10 text-sm" />
        </footer>
      </div>
    </div>
  );
}
