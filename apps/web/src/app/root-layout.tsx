/**
 * Wraps every area: scrolls to the top on each route change, sets the document
 * title from the route's handle, and shows a thin progress bar while a lazy screen loads.
 */
import { useLingui } from '@lingui/react/macro';
import { SHOP } from '@meatshop/shared/constants';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from '@/lib/router';
import { LiveEventsConnector } from '@/features/events/live-events-connector';
import { useRouteHandle } from './use-route-handle';

export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const handle = useRouteHandle();
  const { i18n, t } = useLingui();
  const title = handle?.titleMessage ? i18n._(handle.titleMessage) : handle?.title;

  // Not on the first screen: the browser placed that one itself, and a visitor may already have
  // scrolled a page the server rendered before the app took it over; jumping them back to the top
  // (and moving what they were about to tap) is the one thing not to do then.
  const firstScreen = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on every route change
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  useEffect(() => {
    document.title = title ? `${title} · ${SHOP.name}` : SHOP.name;
  }, [title]);

  return (
    <>
      {navigation.state !== 'idle' ? (
        <div className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-brand-100" role="progressbar" aria-label={t`Loading page`}>
          <div className="h-full w-1/3 animate-[route-progress_1s_ease-in-out_infinite] bg-brand-700" />
        </div>
      ) : null}
      <LiveEventsConnector />
      <Outlet />
    </>
  );
}
