/**
 * The trade account application: business name, TIN, the address on the map, a contact and the
 * expected weekly volume. The server checks it all again; its field messages land on the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { TradeApplyInput, WEEKLY_VOLUME_LABEL, WEEKLY_VOLUMES } from '@meatshop/shared/trade';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, TextField, fieldDescribedBy } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useDeliveryLocation } from '@/features/checkout/hooks/use-delivery-location';
import { PlaceField } from '@/features/checkout/components/place-field';
import { useApplyForTrade } from '@/features/trade/api/my-trade';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const FIELDS = ['businessName', 'tin', 'address', 'contactName', 'contactPhone', 'weeklyVolume'] as const;

export function TradeApplyForm({ defaults }: { defaults: { contactName: string; contactPhone: string } }) {
  const apply = useApplyForTrade();
  const location = useDeliveryLocation();
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<TradeApplyInput>({
    resolver: zodResolver(TradeApplyInput),
    defaultValues: { businessName: '', tin: '', address: '', contactName: defaults.contactName, contactPhone: defaults.contactPhone },
  });

  // The map's answer is the form's address and point.
  useEffect(() => {
    const ok = location.status === 'valid' && location.place && location.point;
    setValue('address', ok ? location.place!.formattedAddress : '', { shouldValidate: !!ok });
    if (location.point) {
      setValue('lat', location.point.lat);
      setValue('lng', location.point.lng);
    }
  }, [location.status, location.place, location.point, setValue]);

  const onSubmit = handleSubmit((values) =>
    apply.mutate(values, {
      onSuccess: () => toast.success('Application sent. We will email you when it is reviewed.'),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) for (const k of FIELDS) if (err.fields[k]) setError(k, { message: err.fields[k] });
        toast.error(errorMessage(err, 'Failed to send the application'));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        id="trade-name"
        label="Business name"
        autoComplete="organization"
        error={errors.businessName?.message}
        {...register('businessName')}
      />
      <TextField
        id="trade-tin"
        label="TIN"
        inputMode="numeric"
        hint="Your 10-digit URA Taxpayer Identification Number"
        error={errors.tin?.message}
        {...register('tin')}
      />
      <fieldset className="space-y-1.5">
        <legend className="mb-1.5 text-sm font-semibold text-ink">Business address</legend>
        <PlaceField
          location={location}
          error={errors.address?.message ?? errors.lat?.message}
          chosenLabel="Business address"
          hint="Search for your business, or tap the map where it is."
          testId="business-address"
          size="compact"
        />
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="trade-contact"
          label="Contact name"
          autoComplete="name"
          error={errors.contactName?.message}
          {...register('contactName')}
        />
        <TextField
          id="trade-phone"
          label="Contact phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.contactPhone?.message}
          {...register('contactPhone')}
        />
      </div>
      <Field id="trade-volume" label="Expected weekly volume" error={errors.weeklyVolume?.message}>
        <Select
          id="trade-volume"
          defaultValue=""
          invalid={!!errors.weeklyVolume}
          aria-describedby={fieldDescribedBy('trade-volume', errors.weeklyVolume?.message)}
          {...register('weeklyVolume')}
        >
          <option value="" disabled>
            Choose…
          </option>
          {WEEKLY_VOLUMES.map((v) => (
            <option key={v} value={v}>
              {WEEKLY_VOLUME_LABEL[v]}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" pending={apply.isPending} pendingText="Sending…">
        Apply for a trade account
      </Button>
    </form>
  );
}
