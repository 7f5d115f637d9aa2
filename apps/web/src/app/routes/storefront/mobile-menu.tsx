/** The small-screen menu: a sheet repeating the navigation bar's items. */
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronRight, Phone, ShieldCheck, ShoppingBag, Store, UserRound } from 'lucide-react';
import { Link, useLocation } from '@/lib/router';
import { Logo } from '@/components/brand/logo';
import { SocialLinks } from '@/components/brand/social-links';
import { LanguageSwitcher } from './language-switcher';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useSignInDialog } from '@/features/auth/hooks/use-sign-in-dialog';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { cn } from '@/lib/cn';
import { formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';
import { selectCartCount, useShopStore } from '@/stores/shop-store';
import { DISCOVER_NAV, MAIN_NAV } from './nav-items';

const itemClass = (active: boolean) =>
  cn(
    'flex min-h-12 items-center justify-between rounded-xl px-3 text-base font-medium transition-colors',
    active ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-cream-deep',
  );

/** The sheet itself; its open button lives in lazy-overlays.tsx so this loads on first use. */
export function MobileMenuSheet({
  greeting,
  open,
  onOpenChange: setOpen,
}: {
  greeting: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { pathname } = useLocation();
  const user = useShopStore((s) => s.user);
  const outletEmployee = useShopStore((s) => s.outletEmployee);
  const cartCount = useShopStore(selectCartCount);
  const openSignIn = useSignInDialog((s) => s.openSignIn);
  const close = () => setOpen(false);
  const { t, i18n } = useLingui();
  // The support number the header, footer and contact page show (Settings can change it).
  const shop = useShopInfo();

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent side="left">
        <div className="border-b border-line px-5 pt-4 pb-5">
          <SheetTitle className="sr-only">
            <Trans>Menu</Trans>
          </SheetTitle>
          <SheetDescription className="sr-only">
            <Trans>Site navigation</Trans>
          </SheetDescription>
          <Logo />
          {greeting ? <p className="mt-4 font-display text-lg font-semibold text-ink">{greeting}</p> : null}
        </div>

        <nav aria-label={t`Mobile`} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={close}
                  className={itemClass(item.isActive(pathname))}
                  aria-current={item.isActive(pathname) ? 'page' : undefined}
                >
                  {i18n._(item.label)}
                  <ChevronRight className="size-4 text-muted" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-6 mb-2 px-3 text-xs font-semibold tracking-[0.16em] text-muted uppercase">
            <Trans>Discover</Trans>
          </p>
          <ul className="space-y-1">
            {DISCOVER_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} onClick={close} className={itemClass(pathname.startsWith(item.to))}>
                  {i18n._(item.label)}
                  <ChevronRight className="size-4 text-muted" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>

          {user?.isAdmin || outletEmployee?.isActive ? (
            <ul className="mt-6 space-y-1 border-t border-line pt-4">
              {user?.isAdmin ? (
                <li>
                  <Link to={paths.admin.root} onClick={close} className={itemClass(false)}>
                    <span className="inline-flex items-center gap-3">
                      <ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />
                      <Trans>Admin</Trans>
                    </span>
                  </Link>
                </li>
              ) : null}
              {outletEmployee?.isActive ? (
                <li>
                  <Link to={paths.outlet.root} onClick={close} className={itemClass(false)}>
                    <span className="inline-flex items-center gap-3">
                      <Store className="size-5 text-brand-700" aria-hidden="true" />
                      <Trans>Outlet Portal</Trans>
                    </span>
                  </Link>
                </li>
              ) : null}
            </ul>
          ) : null}
        </nav>

        <div className="space-y-3 border-t border-line p-5">
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" asChild>
              <Link to={paths.cart} onClick={close}>
                <ShoppingBag className="size-4" aria-hidden="true" />
                {cartCount ? <Trans>Cart ({cartCount})</Trans> : <Trans>Cart</Trans>}
              </Link>
            </Button>
            {user ? (
              <Button asChild>
                <Link to={paths.account} onClick={close}>
                  <UserRound className="size-4" aria-hidden="true" />
                  <Trans>Account</Trans>
                </Link>
              </Button>
            ) : (
              <Button
                onClick={() => {
                  close();
                  openSignIn();
                }}
              >
                <Trans>Sign In</Trans>
              </Button>
            )}
          </div>
          <div className="flex items-center justify-between">
            <a href={`tel:${shop.supportPhone}`} className="inline-flex items-center gap-2 text-sm font-medium text-ink-soft">
              <Phone className="size-4 text-brand-700" aria-hidden="true" />
              {formatPhone(shop.supportPhone)}
            </a>
            <SocialLinks itemClassName="text-ink-soft hover:bg-cream-deep hover:text-brand-700" />
          </div>
          <LanguageSwitcher className="text-ink-soft" selectClassName="min-h-10 text-sm" />
        </div>
      </SheetContent>
    </Sheet>
  );
}
