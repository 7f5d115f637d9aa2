/** Gate of the back office: admins only; everyone else goes to the storefront. */
import { Navigate, Outlet } from '@/lib/router';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';

export function RequireAdmin() {
  const isAdmin = useShopStore((s) => s.user?.isAdmin === true);
  if (!isAdmin) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
