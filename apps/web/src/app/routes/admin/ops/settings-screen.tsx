/** Settings (issue 9 item 10): support phone and email, hours, default delivery fee, rider rate; coupons below. */
import { ShopSettings } from '@meatshop/shared/shop-settings';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useShopSettings, useUpdateShopSettings } from '@/features/back-office/api/shop-settings';
import { errorMessage } from '@/lib/api-client';
import { CouponsCard } from './coupons-card';

type Draft = Record<keyof ShopSettings, string>;

const TEXT_FIELDS = [
  { key: 'supportPhone', label: 'Support phone', type: 'tel' },
  { key: 'supportEmail', label: 'Support email', type: 'email' },
  { key: 'hours', label: 'Opening hours', type: 'text', hint: 'Shown to customers, for example Mon-Sat 8AM-6PM' },
] as const;
const MONEY_FIELDS = [
  { key: 'deliveryFee', label: 'Default delivery fee (UGX)', hint: 'Charged when no delivery zone is defined' },
  { key: 'riderRatePerDelivery', label: 'Rider pay per delivery (UGX)' },
  { key: 'riderRatePerKm', label: 'Rider pay per km (UGX)' },
] as const;

export function SettingsScreen() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof ShopSettings, string>>>({});

  useEffect(() => {
    if (settings.data && !draft) setDraft(Object.fromEntries(Object.entries(settings.data).map(([k, v]) => [k, String(v)])) as Draft);
  }, [settings.data, draft]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const parsed = ShopSettings.safeParse({
      ...draft,
      deliveryFee: Number(draft.deliveryFee),
      riderRatePerDelivery: Number(draft.riderRatePerDelivery),
      riderRatePerKm: Number(draft.riderRatePerKm),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => toast.success('Settings saved successfully'),
      onError: (err) => toast.error(errorMessage(err, 'Failed to save settings')),
    });
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Shop settings</CardTitle>
          <CardDescription>How customers reach you, and what delivery costs and pays.</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isError ? (
            <ErrorState title="Failed to load settings" message={errorMessage(settings.error)} onRetry={() => settings.refetch()} />
          ) : !draft ? (
            <div className="grid gap-5 sm:grid-cols-2">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} className="h-[4.5rem]" />
              ))}
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="space-y-6">
              <div className="grid gap-5 sm:grid-cols-2">
                {TEXT_FIELDS.map((f) => (
                  <Field key={f.key} id={`settings-${f.key}`} label={f.label} error={errors[f.key]} hint={'hint' in f ? f.hint : undefined}>
                    <Input
                      id={`settings-${f.key}`}
                      type={f.type}
                      value={draft[f.key]}
                      invalid={!!errors[f.key]}
                      onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
                    />
                  </Field>
                ))}
                {MONEY_FIELDS.map((f) => (
                  <Field key={f.key} id={`settings-${f.key}`} label={f.label} error={errors[f.key]} hint={'hint' in f ? f.hint : undefined}>
                    <Input
                      id={`settings-${f.key}`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={100}
                      value={draft[f.key]}
                      invalid={!!errors[f.key]}
                      onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
                    />
                  </Field>
                ))}
              </div>
              <div className="flex justify-end">
                <Button type="submit" pending={update.isPending} pendingText="Saving...">
                  Save Settings
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
      <CouponsCard />
    </div>
  );
}
