/**
 * My Account: a visitor gets a sign-in card; a customer sees their details, a link
 * to their orders, settings, the profile form (full name and phone), change password, Sign Out and
 * Sign out everywhere (every device, this one included; then back to the storefront).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2, KeyRound, LogOut, MonitorSmartphone, Package, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useSignOutEverywhereFlow } from '@/features/auth/hooks/use-sign-out-everywhere-flow';
import { useSignOutFlow } from '@/features/auth/hooks/use-sign-out-flow';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/features/account/api/get-profile';
import { ProfileForm } from '@/features/account/components/profile-form';
import { initials } from '@/lib/format';
import { toast } from '@/lib/toast';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';
import { PageHeader } from './page-header';

export function AccountScreen() {
  const { t } = useLingui();
  const user = useShopStore((s) => s.user);
  const { signOut, isPending } = useSignOutFlow(paths.home);
  const everywhere = useSignOutEverywhereFlow(paths.home);

  if (!user) {
    return (
      <>
        <PageHeader eyebrow={t`Account`} title={t`My Account`} description={t`Sign in to manage your orders and details.`} />
        <div className="container-page py-12 sm:py-16">
          <SignInPrompt />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow={t`Account`} title={t`My Account`} description={t`Your details, orders and settings.`} />
      <div className="container-page grid gap-6 py-10 sm:py-14 lg:grid-cols-[1.3fr_1fr]">
        <Card>
          <CardContent className="sm:p-8">
            <div className="flex items-center gap-4">
              <span
                className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-700 font-display text-xl font-semibold text-white"
                aria-hidden="true"
              >
                {initials(user.fullName)}
              </span>
              <div className="min-w-0">
                <h2 className="truncate font-display text-2xl font-semibold text-ink">{user.fullName}</h2>
                <div className="mt-1 flex flex-wrap gap-2">
                  <Badge tone="success">
                    <Trans>Customer</Trans>
                  </Badge>
                  {user.isAdmin ? (
                    <Badge tone="brand">
                      <Trans>Administrator</Trans>
                    </Badge>
                  ) : null}
                </div>
              </div>
            </div>

            <div className="mt-8">
              <ProfileSection />
            </div>
          </CardContent>
        </Card>
        <div className="space-y-4 lg:row-span-2">
          <Card>
            <nav aria-label={t`Account`} className="p-2">
              <Link to={paths.orders} className="flex items-center gap-4 rounded-2xl p-4 transition-colors hover:bg-cream-deep">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Package className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-ink">
                    <Trans>My Orders</Trans>
                  </span>
                  <span className="block text-sm text-muted">
                    <Trans>Track and review your orders</Trans>
                  </span>
                </span>
              </Link>
              <Link to={paths.trade} className="flex items-center gap-4 rounded-2xl p-4 transition-colors hover:bg-cream-deep">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Building2 className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-ink">
                    <Trans>Trade account</Trans>
                  </span>
                  <span className="block text-sm text-muted">
                    <Trans>Open a trade account, or manage your business's</Trans>
                  </span>
                </span>
              </Link>
              <div className="flex items-center gap-4 rounded-2xl p-4" aria-disabled="true">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-cream-deep text-muted">
                  <Settings className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-ink">
                    <Trans>Settings</Trans>
                  </span>
                  <span className="block text-sm text-muted">
                    <Trans>Notifications and preferences, coming soon</Trans>
                  </span>
                </span>
              </div>
            </nav>
          </Card>
          <Button variant="outline" size="lg" className="w-full" onClick={signOut} pending={isPending} pendingText={t`Signing out...`}>
            <LogOut className="size-4" aria-hidden="true" />
            <Trans>Sign Out</Trans>
          </Button>
          <div className="rounded-2xl border border-line p-4">
            <Button
              variant="ghost"
              className="w-full"
              onClick={everywhere.signOutEverywhere}
              pending={everywhere.isPending}
              pendingText={t`Signing out...`}
            >
              <MonitorSmartphone className="size-4" aria-hidden="true" />
              <Trans>Sign out everywhere</Trans>
            </Button>
            <p className="mt-2 text-center text-xs text-muted">
              <Trans>Signs out every phone and computer, this one too. Use it if a device was lost.</Trans>
            </p>
          </div>
        </div>
        <Card className="lg:col-start-1">
          <CardContent className="sm:p-8">
            <h2 className="flex items-center gap-2 font-display text-xl font-semibold text-ink">
              <KeyRound className="size-5 text-brand-700" aria-hidden="true" />
              <Trans>Change password</Trans>
            </h2>
            <p className="mt-1 mb-5 text-sm text-muted">
              <Trans>Your other devices are signed out when you change it.</Trans>
            </p>
            <ChangePasswordForm />
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function ProfileSection() {
  const { t } = useLingui();
  const profile = useProfile();
  useEffect(() => {
    if (profile.isError) toast.error(t`Failed to load profile`, { id: 'profile-load' });
  }, [profile.isError, t]);
  if (profile.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (profile.isError)
    return <ErrorState message={t`Failed to load profile`} onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  return <ProfileForm profile={profile.data} />;
}
