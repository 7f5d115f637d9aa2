/** Gates of the rider app: its screens need a rider session; the login page sends riders inside. */
import { Navigate, Outlet } from '@/lib/router';
import { paths } from '@/lib/paths';
import { useShopStore } from '@/stores/shop-store';

export function RequireRider() {
  const rider = useShopStore((s) => s.rider);
  if (!rider) return <Navigate to={paths.rider.login} replace />;
  return <Outlet />;
}

export function RedirectSignedInRider() {
  const rider = useShopStore((s) => s.rider);
  if (rider) return <Navigate to={paths.rider.root} replace />;
  return <Outlet />;
}
