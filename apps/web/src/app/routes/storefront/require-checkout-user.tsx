/** Checkout is for signed-in customers; a visitor is told so and sent to /account (spec sections 2, 8). */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Navigate, Outlet } from '@/lib/router';
import { toast } from '@/lib/toast';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';

export function RequireCheckoutUser() {
  const { t } = useLingui();
  const user = useShopStore((s) => s.user);
  useEffect(() => {
    // A fixed id keeps React's development double effects from showing it twice.
    if (!user) toast.error(t`Please sign in to continue checkout`, { id: 'checkout-sign-in' });
  }, [user, t]);
  if (!user) return <Navigate to={paths.account} replace />;
  return <Outlet />;
}
