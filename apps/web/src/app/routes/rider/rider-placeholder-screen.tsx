/** Stand-in for a rider screen that later work fills (dashboard, delivery, earnings, profile). */
import { Bike } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { useRouteHandle } from '../../use-route-handle';

export function RiderPlaceholderScreen() {
  const handle = useRouteHandle();
  return (
    <>
      <h1 className="mb-4 font-display text-2xl font-semibold text-ink">{handle?.title ?? 'Rider'}</h1>
      <Card>
        <EmptyState icon={Bike} title="Coming soon" description={handle?.description ?? 'This part of the rider app is on its way.'} />
      </Card>
    </>
  );
}
