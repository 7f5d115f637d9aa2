/**
 * A quiet line under the header while the shop's server cannot be reached: the storefront still shows
 * what this browser saw last (the service worker's copies), and this says so without getting in the
 * way. Prices and stock are checked again by the server when an order is placed.
 */
import { Trans } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';
import { useConnected } from '@/lib/connection';

export function OfflineNotice() {
  const connected = useConnected();
  if (connected) return null;
  return (
    <div role="status" className="border-b border-line bg-cream-deep">
      <p className="container-page flex items-center gap-2 py-2 text-sm text-muted">
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        <span>
          <Trans>You're offline. Showing the shop as you last saw it.</Trans>
        </span>
      </p>
    </div>
  );
}
