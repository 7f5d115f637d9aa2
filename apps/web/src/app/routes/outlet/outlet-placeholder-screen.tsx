/** Stand-in for an outlet portal screen (Staff and Settings stay placeholders per the spec). */
import { Store } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useRouteHandle } from '../../use-route-handle';

export function OutletPlaceholderScreen() {
  const handle = useRouteHandle();
  return (
    <Card>
      <EmptyState
        icon={Store}
        title={handle?.description ? 'Coming soon' : (handle?.title ?? 'Outlet portal')}
        description={handle?.description ?? 'This part of the outlet portal is coming soon.'}
      />
    </Card>
  );
}
