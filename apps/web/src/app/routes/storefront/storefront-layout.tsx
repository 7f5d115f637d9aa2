/** The public shell: navigation bar, the offline notice, the screen, footer, and the one sign-in dialog. */
import { Trans } from '@lingui/react/macro';
import { Outlet } from '@/lib/router';
import { useLoadMemberPrices } from '@/features/trade/api/member-prices';
import { useShopStore } from '@/stores/shop-store';
import { LazySignInDialog } from './lazy-overlays';
import { OfflineNotice } from './offline-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function StorefrontLayout() {
  // A trade member's prices replace retail on every storefront screen.
  useLoadMemberPrices(useShopStore((s) => s.user?.id ?? null));
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[70] rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <OfflineNotice />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <LazySignInDialog />
    </div>
  );
}
