/**
 * Delivery > Zones: zones drawn as a centre and radius, each with its fee. Checkout
 * charges the smallest active zone containing the delivery point and refuses points outside them all.
 */
import { AdminZoneInput, type DeliveryZone } from '@meatshop/shared/delivery-zones';
import { MAP_DEFAULT } from '@meatshop/shared/constants';
import { formatUGX } from '@meatshop/shared/money';
import { MapPinned, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteZone, useDeliveryFeeAt, useMapTilesUrl, useSaveZone, useZones } from '@/features/back-office/api/zones';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

const ZonesMap = lazy(() => import('./zones-map'));

interface Draft {
  id?: string;
  name: string;
  centerLat: string;
  centerLng: string;
  radiusKm: string;
  fee: string;
  isActive: boolean;
}

const blank = (): Draft => ({
  name: '',
  centerLat: String(MAP_DEFAULT.lat),
  centerLng: String(MAP_DEFAULT.lng),
  radiusKm: '5',
  fee: '5000',
  isActive: true,
});
const fromZone = (z: DeliveryZone): Draft => ({
  id: z.id,
  name: z.name,
  centerLat: String(z.centerLat),
  centerLng: String(z.centerLng),
  radiusKm: String(z.radiusKm),
  fee: String(z.fee),
  isActive: z.isActive,
});

export function ZonesScreen() {
  const zones = useZones();
  const save = useSaveZone();
  const remove = useDeleteZone();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [probe, setProbe] = useState<{ lat: number; lng: number } | null>(null);
  const probeFee = useDeliveryFeeAt(draft ? null : probe);
  const tilesUrl = useMapTilesUrl();

  const editing =
    draft && Number.isFinite(Number(draft.centerLat)) && Number.isFinite(Number(draft.centerLng))
      ? {
          id: draft.id,
          centerLat: Number(draft.centerLat),
          centerLng: Number(draft.centerLng),
          radiusKm: Math.max(0, Number(draft.radiusKm) || 0),
        }
      : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const parsed = AdminZoneInput.safeParse({
      name: draft.name,
      centerLat: Number(draft.centerLat),
      centerLng: Number(draft.centerLng),
      radiusKm: Number(draft.radiusKm),
      fee: Number(draft.fee),
      isActive: draft.isActive,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { id: draft.id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(draft.id ? 'Zone updated successfully' : 'Zone created successfully');
          setDraft(null);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to save zone')),
      },
    );
  };

  const del = (z: DeliveryZone) => {
    if (!window.confirm(`Delete the zone ${z.name}?`)) return;
    remove.mutate(z.id, {
      onSuccess: () => toast.success('Zone deleted successfully'),
      onError: (err) => toast.error(errorMessage(err, 'Failed to delete zone')),
    });
  };

  const list = zones.data?.zones ?? [];

  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
      <Card className="overflow-hidden p-3 sm:p-4">
        <Suspense fallback={<Skeleton className="h-[420px] w-full rounded-xl" />}>
          <ZonesMap
            zones={list}
            editing={editing}
            probe={draft ? null : probe}
            tilesUrl={tilesUrl}
            onPick={(lat, lng) => (draft ? setDraft({ ...draft, centerLat: String(lat), centerLng: String(lng) }) : setProbe({ lat, lng }))}
          />
        </Suspense>
        <p className="px-1 pt-3 text-sm text-muted" aria-live="polite">
          {draft ? (
            'Click the map to move the centre of this zone.'
          ) : !probe ? (
            'Click the map to see what checkout charges there. The smallest active zone containing a point sets its fee.'
          ) : probeFee.isPending ? (
            'Checking the fee at this point...'
          ) : probeFee.isError ? (
            <span className="font-medium text-danger">{errorMessage(probeFee.error)}</span>
          ) : probeFee.data ? (
            <span className="font-medium text-ink">
              Fee at this point: {formatUGX(probeFee.data.fee)}
              {probeFee.data.zone ? ` (${probeFee.data.zone})` : ' (default fee, no zones defined)'}
            </span>
          ) : null}
        </p>
      </Card>

      <div className="space-y-6">
        {draft ? (
          <Card className="p-5 sm:p-6">
            <CardTitle>{draft.id ? 'Edit zone' : 'New zone'}</CardTitle>
            <form onSubmit={submit} noValidate className="mt-4 space-y-4">
              <Field id="zone-name" label="Name" error={errors.name}>
                <Input
                  id="zone-name"
                  value={draft.name}
                  invalid={!!errors.name}
                  onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field id="zone-lat" label="Centre latitude" error={errors.centerLat}>
                  <Input
                    id="zone-lat"
                    type="number"
                    step="any"
                    value={draft.centerLat}
                    onChange={(e) => setDraft({ ...draft, centerLat: e.target.value })}
                  />
                </Field>
                <Field id="zone-lng" label="Centre longitude" error={errors.centerLng}>
                  <Input
                    id="zone-lng"
                    type="number"
                    step="any"
                    value={draft.centerLng}
                    onChange={(e) => setDraft({ ...draft, centerLng: e.target.value })}
                  />
                </Field>
                <Field id="zone-radius" label="Radius (km)" error={errors.radiusKm}>
                  <Input
                    id="zone-radius"
                    type="number"
                    step="0.5"
                    min={0.5}
                    value={draft.radiusKm}
                    onChange={(e) => setDraft({ ...draft, radiusKm: e.target.value })}
                  />
                </Field>
                <Field id="zone-fee" label="Fee (UGX)" error={errors.fee}>
                  <Input
                    id="zone-fee"
                    type="number"
                    step={500}
                    min={0}
                    value={draft.fee}
                    onChange={(e) => setDraft({ ...draft, fee: e.target.value })}
                  />
                </Field>
              </div>
              <label className="flex items-center gap-3 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={draft.isActive}
                  onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
                />
                Active
              </label>
              <div className="flex justify-end gap-2">
                <Button type="button" variant="ghost" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
                <Button type="submit" pending={save.isPending} pendingText="Saving...">
                  {draft.id ? 'Update Zone' : 'Create Zone'}
                </Button>
              </div>
            </form>
          </Card>
        ) : null}

        <Card className="overflow-hidden">
          <div className="flex items-start justify-between gap-3 p-5 sm:p-6">
            <div className="space-y-1">
              <CardTitle>Zones</CardTitle>
              <CardDescription>With no zones, every order pays the default fee from Settings.</CardDescription>
            </div>
            <Button size="sm" onClick={() => setDraft(blank())} disabled={!!draft && !draft.id}>
              <Plus className="size-4" aria-hidden="true" />
              New Zone
            </Button>
          </div>
          {zones.isError ? (
            <ErrorState title="Failed to load zones" message={errorMessage(zones.error)} onRetry={() => zones.refetch()} />
          ) : !zones.data ? (
            <div className="space-y-3 p-5">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : list.length === 0 ? (
            <EmptyState
              icon={MapPinned}
              title="No delivery zones"
              description="Orders anywhere pay the default delivery fee."
              className="py-10"
            />
          ) : (
            <ul className="divide-y divide-line border-t border-line">
              {list.map((z) => (
                <li key={z.id} className={cn('flex items-center gap-3 px-5 py-3', draft?.id === z.id && 'bg-gold-soft/50')}>
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 font-medium text-ink">
                      <span className="truncate">{z.name}</span>
                      {z.isActive ? null : <Badge tone="neutral">Inactive</Badge>}
                    </p>
                    <p className="text-sm text-muted">
                      {z.radiusKm} km radius · <span className="font-semibold text-ink">{formatUGX(z.fee)}</span>
                    </p>
                  </div>
                  <Button variant="ghost" size="icon-sm" onClick={() => setDraft(fromZone(z))} aria-label={`Edit ${z.name}`}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    onClick={() => del(z)}
                    pending={remove.isPending && remove.variables === z.id}
                    aria-label={`Delete ${z.name}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
