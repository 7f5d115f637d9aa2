/**
 * Settings: support phone and email, hours, default delivery fee, rider rate, the main outlet and
 * coupons; delivery slots; and the customer messages outbox.
 */
import { ShopSettingsFields } from '@meatshop/shared/shop-settings';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useShopSettings, useUpdateShopSettings } from '@/features/back-office/api/shop-settings';
import { errorMessage } from '@/lib/api-client';
import { CouponsCard } from '../coupons/coupons-card';
import { DeliverySlotsCard } from './delivery-slots-card';
import { MainOutletCard } from './main-outlet-card';
import { SellByCard, StandingOrderCutoffCard, VatRateCard } from './single-setting-card';
import { MessagesCard } from './messages-card';

const ShopForm = ShopSettingsFields.pick({
  supportPhone: true,
  supportEmail: true,
  hours: true,
  tin: true,
  deliveryFee: true,
  riderRatePerDelivery: true,
  riderRatePerKm: true,
  autoAssignRiders: true,
  maxOpenOrdersPerCustomer: true,
  maxOrdersPerMinute: true,
  chillLimitMinutes: true,
  chillAlertPercent: true,
});
type ShopForm = typeof ShopForm._zod.output;
type Draft = Record<keyof ShopForm, string>;
const FORM_KEYS = Object.keys(ShopForm.shape) as (keyof ShopForm)[];
const TABS = ['shop', 'delivery', 'messages'] as const;

const TEXT_FIELDS = [
  { key: 'supportPhone', label: 'Support phone', type: 'tel' },
  { key: 'supportEmail', label: 'Support email', type: 'email' },
  { key: 'hours', label: 'Opening hours', type: 'text', hint: 'Shown to customers, for example Mon-Sat 8AM-6PM' },
  {
    key: 'tin',
    label: 'TIN',
    type: 'text',
    inputMode: 'numeric',
    hint: 'URA Taxpayer Identification Number, printed on receipts (10 digits)',
  },
] as const;
const MONEY_FIELDS = [
  { key: 'deliveryFee', label: 'Default delivery fee (UGX)', hint: 'Charged when no delivery zone is defined' },
  { key: 'riderRatePerDelivery', label: 'Rider pay per delivery (UGX)' },
  { key: 'riderRatePerKm', label: 'Rider pay per km (UGX)' },
] as const;
/**
 * Whole-number limits: per-customer orders (they stop one account from emptying stock and delivery
 * slots) and the cold chain's default time out of the chiller and its warning point.
 */
const LIMIT_FIELDS = [
  {
    key: 'maxOpenOrdersPerCustomer',
    label: 'Open orders per customer',
    hint: 'Orders not yet delivered or cancelled; a customer at the limit waits before ordering again',
  },
  { key: 'maxOrdersPerMinute', label: 'Orders per customer per minute' },
  {
    key: 'chillLimitMinutes',
    label: 'Time out of the chiller (minutes)',
    hint: 'From packing to delivery, for categories without their own limit',
  },
  {
    key: 'chillAlertPercent',
    label: 'Cold-chain warning at (% of the limit)',
    hint: 'The dispatcher and the outlet are warned when an order reaches this share of its limit',
  },
] as const;

export function SettingsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'shop';
  return (
    <Tabs value={tab} onValueChange={(v) => setParams(v === 'shop' ? {} : { tab: v }, { replace: true })}>
      <TabsList aria-label="Settings sections" className="max-w-full overflow-x-auto">
        <TabsTrigger value="shop">Shop</TabsTrigger>
        <TabsTrigger value="delivery">Delivery slots</TabsTrigger>
        <TabsTrigger value="messages">Messages</TabsTrigger>
      </TabsList>
      <TabsContent value="shop">
        <ShopSettingsTab />
      </TabsContent>
      <TabsContent value="delivery">
        <DeliverySlotsCard />
      </TabsContent>
      <TabsContent value="messages">
        <MessagesCard />
      </TabsContent>
    </Tabs>
  );
}

function ShopSettingsTab() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof ShopForm, string>>>({});

  useEffect(() => {
    const data = settings.data;
    if (data && !draft) setDraft(Object.fromEntries(FORM_KEYS.map((k) => [k, String(data[k])])) as Draft);
  }, [settings.data, draft]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    const parsed = ShopForm.safeParse({
      ...draft,
      deliveryFee: Number(draft.deliveryFee),
      riderRatePerDelivery: Number(draft.riderRatePerDelivery),
      riderRatePerKm: Number(draft.riderRatePerKm),
      maxOpenOrdersPerCustomer: Number(draft.maxOpenOrdersPerCustomer),
      maxOrdersPerMinute: Number(draft.maxOrdersPerMinute),
      chillLimitMinutes: Number(draft.chillLimitMinutes),
      chillAlertPercent: Number(draft.chillAlertPercent),
      autoAssignRiders: draft.autoAssignRiders === 'true',
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
          <CardDescription>
            How customers reach you, what delivery costs and pays, and how many orders one customer may place.
          </CardDescription>
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
                      inputMode={'inputMode' in f ? f.inputMode : undefined}
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
                {LIMIT_FIELDS.map((f) => (
                  <Field key={f.key} id={`settings-${f.key}`} label={f.label} error={errors[f.key]} hint={'hint' in f ? f.hint : undefined}>
                    <Input
                      id={`settings-${f.key}`}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      step={1}
                      value={draft[f.key]}
                      invalid={!!errors[f.key]}
                      onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })}
                    />
                  </Field>
                ))}
              </div>
              <label
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-line p-4 hover:bg-cream"
                htmlFor="settings-autoAssignRiders"
              >
                <input
                  id="settings-autoAssignRiders"
                  type="checkbox"
                  className="mt-1 size-4 accent-brand-700"
                  checked={draft.autoAssignRiders === 'true'}
                  onChange={(e) => setDraft({ ...draft, autoAssignRiders: String(e.target.checked) })}
                />
                <span>
                  <span className="block font-semibold text-ink">Assign riders automatically</span>
                  <span className="block text-sm text-muted">
                    New paid and cash-on-delivery orders go straight to the suggested rider: the nearest to the outlet with the fewest open
                    deliveries. The rider can decline, and the order then returns to the queue.
                  </span>
                </span>
              </label>
              <div className="flex justify-end">
                <Button type="submit" pending={update.isPending} pendingText="Saving...">
                  Save Settings
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
      <MainOutletCard />
      <SellByCard />
      <StandingOrderCutoffCard />
      <VatRateCard />
      <CouponsCard />
    </div>
  );
}
