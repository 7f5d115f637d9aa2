/**
 * Back office layout: sidebar with the entries the staff member's role may open, header with the
 * notification bell and their name and role. Dense, for a desk screen; on a phone the sidebar
 * becomes a sheet. A screen the role may not use shows "no access" instead; a member who must set up
 * two-step sign-in first is sent to do that.
 */
import { allows } from '@meatshop/shared/staff-permissions';
import { ArrowLeft, LogOut, Menu, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from '@/lib/router';
import { EmptyState } from '@/components/ui/empty-state';
import { useCan, useStaffPermissions } from '@/features/back-office/hooks/use-can';
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
import { navFor, screenPermission } from './admin-nav';

export function AdminLayout() {
  const handle = useRouteHandle();
  const user = useShopStore((s) => s.user);
  const [menuOpen, setMenuOpen] = useState(false);
  const staff = useShopStore((s) => s.staff);
  const canSeeOrders = useCan('orders.read');
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
            {canSeeOrders ? <NotificationBell /> : null}
            <div className="flex min-w-0 items-center gap-2.5 border-l border-line pl-3 sm:gap-3 sm:pl-4">
              <span
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white max-sm:hidden"
                aria-hidden="true"
              >
                {initials(name)}
              </span>
              <div className="min-w-0 leading-tight">
                <p className="max-w-[7rem] truncate text-sm font-semibold text-ink sm:max-w-none">{name}</p>
                <p className="text-xs text-muted">{staff?.roleName ?? 'Administrator'}</p>
              </div>
            </div>
          </div>
        </header>

        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <StaffGate />
        </main>
      </div>
    </div>
  );
}

/** The screen, or why not: two-step sign-in still to set up, or a screen outside the role. */
function StaffGate() {
  const { pathname } = useLocation();
  const staff = useShopStore((s) => s.staff);
  const held = useStaffPermissions();
  const path = pathname.replace(/\/$/, '') || '/';
  if (staff?.twoFactorRequired && path !== paths.admin.security) return <Navigate to={paths.admin.security} replace />;
  const rule = screenPermission(path);
  if (!rule || allows(held, rule))
    return (
      <>
        {staff && !staff.twoFactorEnabled && path !== paths.admin.security ? <TwoFactorOffer /> : null}
        <Outlet />
      </>
    );
  // The dashboard is the back office's front door: a role without reports starts at its first screen.
  const first = navFor(held).flatMap((g) => (g.to ? [g.to] : (g.children?.map((c) => c.to) ?? [])))[0] ?? paths.admin.security;
  if (path === paths.admin.root) return <Navigate to={first} replace />;
  return (
    <div className="mx-auto max-w-xl rounded-2xl border border-line bg-surface shadow-sm">
      <EmptyState
        icon={ShieldAlert}
        title="You do not have access to this page"
        description={
          <>
            Your role{staff ? ` (${staff.roleName})` : ''} does not include this part of the back office. Ask the shop owner if you need it.
          </>
        }
        action={
          <Button asChild>
            <Link to={first}>Go to my back office</Link>
          </Button>
        }
      />
    </div>
  );
}

/** Offered, not forced (unless the shop's setting says so): a short line with the way to set it up. */
function TwoFactorOffer() {
  return (
    <div className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-line bg-surface px-4 py-2.5 text-sm text-ink-soft">
      <ShieldCheck className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span className="min-w-0 flex-1 basis-48">Protect your sign-in with an authenticator app on your phone.</span>
      <Link to={paths.admin.security} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        Set up two-step sign-in
      </Link>
    </div>
  );
}

function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { signOut, isPending } = useSignOutFlow(paths.home);
  const nav = navFor(useStaffPermissions());
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
          {nav.map(({ label, icon: Icon, to, children }) => (
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
