/** Outlet modal: name, map location, address, city, country, phone, opening hours, manager name. */
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminOutlet, AdminOutletInput } from '@meatshop/shared/admin-outlets';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LocationPicker } from '@/features/outlets/components/location-picker';
import { applyServerFieldErrors } from '@/features/auth/components/apply-server-errors';
import { errorMessage } from '@/lib/api-client';
import { useSaveOutlet } from '../api/outlets';

export function OutletFormDialog({
  open,
  onOpenChange,
  outlet,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  outlet: AdminOutlet | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{outlet ? 'Edit Outlet' : 'Add Outlet'}</DialogTitle>
          <DialogDescription>Riders pick up from this location.</DialogDescription>
        </DialogHeader>
        {open ? <OutletForm outlet={outlet} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function OutletForm({ outlet, onDone }: { outlet: AdminOutlet | null; onDone: () => void }) {
  const save = useSaveOutlet();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<AdminOutletInput>({
    resolver: zodResolver(AdminOutletInput) as never,
    defaultValues: outlet
      ? {
          name: outlet.name,
          address: outlet.address,
          city: outlet.city,
          country: outlet.country,
          phone: outlet.phone,
          openingHours: outlet.openingHours,
          managerName: outlet.managerName,
          latitude: outlet.latitude ?? undefined,
          longitude: outlet.longitude ?? undefined,
        }
      : { name: '', address: '', city: 'Kampala', country: 'Uganda', phone: '', openingHours: '', managerName: '' },
  });

  const onSubmit = handleSubmit(
    (input) =>
      save.mutate(
        { id: outlet?.id, input },
        {
          onSuccess: () => {
            toast.success(outlet ? 'Outlet updated successfully' : 'Outlet created successfully');
            onDone();
          },
          onError: (err) => {
            applyServerFieldErrors(
              err,
              ['name', 'address', 'city', 'country', 'phone', 'openingHours', 'managerName', 'latitude'],
              setError,
            );
            toast.error(errorMessage(err, 'Failed to save outlet'));
          },
        },
      ),
    (errs) => {
      if (errs.latitude || errs.longitude) toast.error('Please select outlet location');
      else toast.error('All fields are required');
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id="outlet-name" label="Name" error={errors.name?.message}>
        <Input id="outlet-name" invalid={!!errors.name} {...register('name')} />
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-semibold text-ink">Location</legend>
        <Controller
          control={control}
          name="latitude"
          render={({ field }) => (
            <Controller
              control={control}
              name="longitude"
              render={({ field: lngField }) => (
                <LocationPicker
                  value={field.value != null && lngField.value != null ? { lat: field.value, lng: lngField.value } : null}
                  onChange={(v) => {
                    field.onChange(v.lat);
                    lngField.onChange(v.lng);
                  }}
                  error={errors.latitude?.message ?? errors.longitude?.message}
                />
              )}
            />
          )}
        />
      </fieldset>
      <Field id="outlet-address" label="Address" error={errors.address?.message}>
        <Input id="outlet-address" {...register('address')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="outlet-city" label="City" error={errors.city?.message}>
          <Input id="outlet-city" invalid={!!errors.city} {...register('city')} />
        </Field>
        <Field id="outlet-country" label="Country" error={errors.country?.message}>
          <Input id="outlet-country" invalid={!!errors.country} {...register('country')} />
        </Field>
        <Field id="outlet-phone" label="Phone" error={errors.phone?.message}>
          <Input id="outlet-phone" type="tel" invalid={!!errors.phone} {...register('phone')} />
        </Field>
        <Field id="outlet-hours" label="Opening hours" error={errors.openingHours?.message}>
          <Input id="outlet-hours" placeholder="Mon-Fri: 9:00 AM - 6:00 PM" invalid={!!errors.openingHours} {...register('openingHours')} />
        </Field>
      </div>
      <Field id="outlet-manager" label="Manager name" error={errors.managerName?.message}>
        <Input id="outlet-manager" invalid={!!errors.managerName} {...register('managerName')} />
      </Field>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending} pendingText="Saving...">
          {outlet ? 'Update Outlet' : 'Create Outlet'}
        </Button>
      </div>
    </form>
  );
}
