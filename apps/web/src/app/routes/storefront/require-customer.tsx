/** Screens of a customer's own data (orders): a visitor sees a sign-in card in their place. */
import { useLingui } from '@lingui/react/macro';
import { Outlet } from '@/lib/router';
import { SignInPrompt } from '@/features/auth/components/sign-in-prompt';
import { useShopStore } from '@/stores/shop-store';

export function RequireCustomer() {
  const { t } = useLingui();
  const user = useShopStore((s) => s.user);
  if (user) return <Outlet />;
  return (
    <div className="container-page py-14 sm:py-20">
      <SignInPrompt
        title={t`Sign in to see your orders`}
        description={t`Track deliveries in real time and look back at what you ordered.`}
      />
    </div>
  );
}
