/**
 * Back office layout: sidebar with every entry, header with the
 * notification bell and the admin's name labelled Administrator. Dense, for a desk screen; on a
 * phone the sidebar becomes a sheet.
 */
import { ArrowLeft, LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet } from '@/lib/router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { NotificationBell } from '@/features/back-office/components/notification-bell';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { useSignOutFlow } from '@/features/auth/hooks/use-sign-out-flow';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';
import { useRouteHandle } from '../../use-route-handle';
import { ADMIN_NAV } from './admin-nav';

export function AdminLayout() {
  const handle = useRouteHandle();
  const user = useShopStore((s) => s.user);
  const [menuOpen, setMenuOpen] = useState(false);
  const name = user?.fullName ?? 'Administrator';

  return (
    <div className="min-h-dvh bg-cream lg:grid lg:grid-cols-[16.5rem_1fr]">
      <aside className="sticky top-0 hidden h-dvh flex-col bg-ink text-cream lg:flex">
        <AdminSidebar />
      </aside>

      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-line bg-surface/95 px-4 backdrop-blur sm:px-6">
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="-ml-2 size-10 lg:hidden" aria-label="Open admin menu">
                <Menu className="size-5" aria-hidden="true" />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="bg-ink text-cream [&>button]:text-cream/70 [&>button]:hover:bg-white/10">
              <SheetTitle className="sr-only">Admin menu</SheetTitle>
              <SheetDescription className="sr-only">Back office sections</SheetDescription>
              <AdminSidebar onNavigate={() => setMenuOpen(false)} />
            </SheetContent>
          </Sheet>

          <h1 className="min-w-0 truncate text-lg font-semibold text-ink">{handle?.title ?? 'Dashboard'}</h1>

          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            <Button variant="ghost" size="sm" asChild className="hidden md:inline-flex">
              <Link to={paths.home}>
                <ArrowLeft className="size-4" aria-hidden="true" />
                View shop
              </Link>
            </Button>
            <NotificationBell />
            <div className="flex min-w-0 items-center gap-2.5 border-l border-line pl-3 sm:gap-3 sm:pl-4">
              <span
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white max-sm:hidden"
                aria-hidden="true"
              >
                {initials(name)}
              </span>
              <div className="min-w-0 leading-tight">
                <p className="max-w-[7rem] truncate text-sm font-semibold text-ink sm:max-w-none">{name}</p>
                <p className="text-xs text-muted">Administrator</p>
              </div>
            </div>
          </div>
        </header>

        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { signOut, isPending } = useSignOutFlow(paths.home);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex h-9 items-center rounded-lg px-3 text-sm transition-colors',
      isActive ? 'bg-white/12 font-semibold text-white' : 'text-cream/75 hover:bg-white/6 hover:text-white',
    );

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-white/10 px-5">
        <Link to={paths.admin.root} onClick={onNavigate}>
          <Logo tone="light" caption="Back office" />
        </Link>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {ADMIN_NAV.map(({ label, icon: Icon, to, children }) => (
            <li key={label}>
              {to ? (
                <NavLink to={to} end onClick={onNavigate} className={(s) => cn(linkClass(s), 'gap-3')}>
                  <Icon className="size-4 text-gold" aria-hidden="true" />
                  {label}
                </NavLink>
              ) : (
                <div className="pt-3">
                  <p className="flex items-center gap-3 px-3 pb-1 text-[0.6875rem] font-semibold tracking-[0.14em] text-cream/55 uppercase">
                    <Icon className="size-4 text-gold" aria-hidden="true" />
                    {label}
                  </p>
                  <ul className="ml-5 space-y-0.5 border-l border-white/10 pl-2">
                    {children?.map((c) => (
                      <li key={c.to}>
                        <NavLink to={c.to} end onClick={onNavigate} className={linkClass}>
                          {c.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-white/10 p-3">
        <button
          type="button"
          onClick={signOut}
          disabled={isPending}
          className="flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm text-cream/75 transition-colors hover:bg-white/6 hover:text-white disabled:opacity-60"
        >
          <LogOut className="size-4" aria-hidden="true" />
          {isPending ? 'Signing out...' : 'Sign Out'}
        </button>
      </div>
    </div>
  );
}
