import { WifiOff } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { useOnline } from '../hooks/use-online';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="flex items-center gap-2 bg-warning-soft px-4 py-2.5 text-sm font-semibold text-warning">
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <Trans>You are offline. Some features may be limited.</Trans>
    </div>
  );
}
