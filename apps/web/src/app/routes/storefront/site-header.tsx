/**
 * Storefront navigation bar: logo, menu with the Discover dropdown, social links,
 * cart with its item count, greeting, and Account / Sign In. Admin and Outlet Portal links appear
 * only for those roles; on small screens a sheet repeats everything.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Phone, ShieldCheck, ShoppingBag, Store, Truck, UserRound } from 'lucide-react';
import { Link, useLocation } from '@/lib/router';
import { Logo } from '@/components/brand/logo';
import { SocialLinks } from '@/components/brand/social-links';
import { Button } from '@/components/ui/button';
import { useSignInDialog } from '@/features/auth/hooks/use-sign-in-dialog';
import { cn } from '@/lib/cn';
import { firstName, formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { selectCartCount, useShopStore } from '@/stores/shop-store';
import { DiscoverMenu } from './discover-menu';
import { LanguageSwitcher } from './language-switcher';
import { MobileMenu, preloadSignIn } from './lazy-overlays';
import { isDiscoverActive, MAIN_NAV } from './nav-items';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';

const navLinkClass = (active: boolean) =>
  cn(
    'relative inline-flex h-10 items-center rounded-full px-3.5 text-[0.9375rem] font-medium transition-colors',
    active ? 'text-brand-700' : 'text-ink-soft hover:text-ink',
    active && 'after:absolute after:inset-x-3.5 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-brand-700',
  );

export function SiteHeader() {
  const { pathname } = useLocation();
  const user = useShopStore((s) => s.user);
  const outletEmployee = useShopStore((s) => s.outletEmployee);
  const cartCount = useShopStore(selectCartCount);
  const openSignIn = useSignInDialog((s) => s.openSignIn);
  const { t, i18n } = useLingui();
  // Not Lingui's plural: it formats its number with Intl.NumberFormat even when the branch shows
  // none, and the first one built costs a slow phone about 60 ms in the middle of hydration. One
  // and other are the only forms English, Luganda and Swahili have.
  const cartLabel = cartCount === 0 ? t`Cart, empty` : cartCount === 1 ? t`Cart, 1 item` : t`Cart, ${cartCount} items`;
  const name = user ? firstName(user.fullName) : '';
  const greeting = user ? t`Hi, ${name}` : null;
  const shop = useShopInfo();

  return (
    <>
      <div className="bg-brand-950 text-cream">
        <div className="container-page flex h-9 items-center justify-center gap-4 text-xs sm:justify-between">
          <p className="flex items-center gap-2 font-medium tracking-wide">
            <Truck className="size-3.5 text-gold" aria-hidden="true" />
            <span>
              <Trans>Same-day delivery across Kampala</Trans>
              <span className="hidden sm:inline">
                {' · '}
                <Trans>Order before 2 PM</Trans>
              </span>
            </span>
          </p>
          <div className="hidden items-center gap-4 sm:flex">
            <a href={`tel:${shop.supportPhone}`} className="inline-flex items-center gap-1.5 text-cream/85 hover:text-cream">
              <Phone className="size-3.5" aria-hidden="true" />
              {formatPhone(shop.supportPhone)}
            </a>
            <SocialLinks itemClassName="size-7 text-cream/80 hover:bg-white/10 hover:text-cream" iconClassName="size-3.5" />
            <LanguageSwitcher className="text-cream/85" selectClassName="hover:text-cream" />
          </div>
        </div>
      </div>

      <header className="sticky top-0 z-40 border-b border-line/80 bg-cream/90 backdrop-blur-md supports-[backdrop-filter]:bg-cream/80">
        <div className="container-page flex h-16 items-center gap-2 lg:h-[4.5rem] lg:gap-6">
          <MobileMenu greeting={greeting} />

          <Link to={paths.home} className="rounded-lg">
            <Logo />
          </Link>

          <nav aria-label={t`Main`} className="ml-4 hidden lg:block">
            <ul className="flex items-center gap-0.5">
              {MAIN_NAV.slice(0, 2).map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={navLinkClass(item.isActive(pathname))}
                    aria-current={item.isActive(pathname) ? 'page' : undefined}
                  >
                    {i18n._(item.label)}
                  </Link>
                </li>
              ))}
              <li>
                <DiscoverMenu triggerClassName={navLinkClass(isDiscoverActive(pathname))} />
              </li>
              {MAIN_NAV.slice(2).map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={navLinkClass(item.isActive(pathname))}
                    aria-current={item.isActive(pathname) ? 'page' : undefined}
                  >
                    {i18n._(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
            {user?.isAdmin ? (
              <Button variant="outline" size="sm" asChild className="hidden lg:inline-flex">
                <Link to={paths.admin.root}>
                  <ShieldCheck className="size-4 text-brand-700" aria-hidden="true" />
                  <Trans>Admin</Trans>
                </Link>
              </Button>
            ) : null}
            {outletEmployee?.isActive ? (
              <Button variant="outline" size="sm" asChild className="hidden lg:inline-flex">
                <Link to={paths.outlet.root}>
                  <Store className="size-4 text-brand-700" aria-hidden="true" />
                  <Trans>Outlet Portal</Trans>
                </Link>
              </Button>
            ) : null}

            {/* Below 380px the greeting and the account button do not both fit beside the logo; the
                mobile menu greets instead. */}
            {greeting ? (
              <span className="max-w-[5.5rem] truncate text-sm font-medium text-ink-soft max-[379px]:hidden sm:max-w-40 sm:px-1">
                {greeting}
              </span>
            ) : null}

            <Link
              to={paths.cart}
              className="relative inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-cream-deep sm:size-11"
              aria-label={cartLabel}
            >
              <ShoppingBag className="size-[1.35rem]" aria-hidden="true" />
              {cartCount ? (
                <span className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[0.6875rem] leading-5 font-bold text-white ring-2 ring-cream">
                  {cartCount > 99 ? '99+' : cartCount}
                </span>
              ) : null}
            </Link>

            {user ? (
              <>
                <Button asChild size="sm" className="hidden sm:inline-flex">
                  <Link to={paths.account}>
                    <UserRound className="size-4" aria-hidden="true" />
                    <Trans>Account</Trans>
                  </Link>
                </Button>
                <Link
                  to={paths.account}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 sm:hidden"
                  aria-label={t`Account`}
                >
                  <UserRound className="size-5" aria-hidden="true" />
                </Link>
              </>
            ) : (
              <Button size="sm" onClick={() => openSignIn()} onPointerEnter={preloadSignIn} onFocus={preloadSignIn}>
                <Trans>Sign In</Trans>
              </Button>
            )}
          </div>
        </div>
      </header>
    </>
  );
}
