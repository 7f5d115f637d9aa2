/** Gate of the outlet portal: active outlet employees only; others go to the storefront. */
import { Navigate, Outlet } from '@/lib/router';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';

export function RequireOutletEmployee() {
  const active = useShopStore((s) => s.outletEmployee?.isActive === true);
  if (!active) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
