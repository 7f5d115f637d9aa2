/**
 * What a rider who signed up on their own sees until an admin decides: waiting for approval (checked
 * again every half minute, so approval opens the app without signing in again) or not approved.
 * Nothing here asks the server for orders, earnings or cash: a pending rider may see none of them.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitcher } from '@/app/routes/storefront/language-switcher';
import { Clock, LogOut, Mail, Phone, ShieldX } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useSignOutFlow } from '@/features/auth/hooks/use-sign-out-flow';
import { useShopInfo } from '@/features/catalog/api/get-shop-info';
import { syncSessionRider, useRiderProfile } from '@/features/rider/api/rider-profile';
import { formatPhone } from '@/lib/format';
import { paths } from '@/lib/paths';

export function RiderWaitingScreen({ approval, fullName }: { approval: 'pending' | 'declined'; fullName: string }) {
  const profile = useRiderProfile({ refetchInterval: approval === 'pending' ? 30_000 : false });
  const shop = useShopInfo();
  const signOut = useSignOutFlow(paths.rider.login);
  const { t } = useLingui();
  const firstName = fullName.split(' ')[0];
  useEffect(() => {
    if (profile.data) syncSessionRider(profile.data);
  }, [profile.data]);

  const pending = approval === 'pending';
  return (
    <div className="space-y-5" data-testid="rider-waiting">
      <Card>
        <EmptyState
          icon={pending ? Clock : ShieldX}
          title={pending ? t`Waiting for approval` : t`Application not approved`}
          description={
            pending
              ? t`Thanks for signing up, ${firstName}. An administrator checks every new rider before they can deliver. You can go online and receive deliveries as soon as your account is approved; this page updates by itself.`
              : t`An administrator did not approve your rider account. If you think this is a mistake, please contact rider support.`
          }
        />
      </Card>
      <Card className="divide-y divide-line">
        <a href={`tel:${shop.supportPhone}`} className="flex items-center gap-3 p-4">
          <Phone className="size-5 text-brand-700" aria-hidden="true" />
          <span className="flex-1 font-medium text-ink">
            <Trans>Rider Support</Trans>
          </span>
          <span className="text-sm text-muted">{formatPhone(shop.supportPhone)}</span>
        </a>
        <a href={`mailto:${shop.supportEmail}`} className="flex items-center gap-3 p-4">
          <Mail className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span className="flex-1 font-medium whitespace-nowrap text-ink">
            <Trans>Email Support</Trans>
          </span>
          <span className="min-w-0 truncate text-sm text-muted">{shop.supportEmail}</span>
        </a>
      </Card>
      <LanguageSwitcher className="w-full justify-center text-muted" selectClassName="text-sm" />
      <Button size="lg" variant="outline" className="w-full" pending={signOut.isPending} onClick={() => signOut.signOut()}>
        <LogOut className="size-5" aria-hidden="true" /> <Trans>Sign Out</Trans>
      </Button>
    </div>
  );
}
