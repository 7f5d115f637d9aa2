/** Create or edit a coupon: code (create only), percentage, optional expiry and usage limit, active. */
import { type AdminCoupon, AdminCreateCouponInput, AdminUpdateCouponInput } from '@meatshop/shared/admin-coupons';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCreateCoupon, useUpdateCoupon } from '@/features/back-office/api/coupons';
import { errorMessage } from '@/lib/api-client';

interface Draft {
  code: string;
  percent: string;
  expiresAt: string;
  usageLimit: string;
  isActive: boolean;
}

/** `datetime-local` works in the browser's zone; the admin's browser is in Kampala in practice. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function CouponDialog({ coupon, onClose }: { coupon: AdminCoupon | 'new' | null; onClose: () => void }) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const isNew = coupon === 'new';
  const [draft, setDraft] = useState<Draft>({ code: '', percent: '10', expiresAt: '', usageLimit: '', isActive: true });
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    setErrors({});
    if (coupon === 'new') setDraft({ code: '', percent: '10', expiresAt: '', usageLimit: '', isActive: true });
    else if (coupon)
      setDraft({
        code: coupon.code,
        percent: String(coupon.percent),
        expiresAt: toLocalInput(coupon.expiresAt),
        usageLimit: coupon.usageLimit == null ? '' : String(coupon.usageLimit),
        isActive: coupon.isActive,
      });
  }, [coupon]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const common = {
      percent: Number(draft.percent),
      expiresAt: draft.expiresAt ? new Date(draft.expiresAt).toISOString() : null,
      usageLimit: draft.usageLimit ? Number(draft.usageLimit) : null,
      isActive: draft.isActive,
    };
    const parsed = isNew ? AdminCreateCouponInput.safeParse({ ...common, code: draft.code }) : AdminUpdateCouponInput.safeParse(common);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    const done = {
      onSuccess: () => {
        toast.success(isNew ? 'Coupon created successfully' : 'Coupon updated successfully');
        onClose();
      },
      onError: (err: unknown) => toast.error(errorMessage(err, isNew ? 'Failed to create coupon' : 'Failed to update coupon')),
    };
    if (isNew) create.mutate(parsed.data as AdminCreateCouponInput, done);
    else if (coupon) update.mutate({ code: coupon.code, patch: parsed.data as AdminUpdateCouponInput }, done);
  };

  return (
    <Dialog open={coupon !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isNew ? 'New Coupon' : `Edit ${draft.code}`}</DialogTitle>
          <DialogDescription>A percentage off the order subtotal.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          {isNew ? (
            <Field id="coupon-code" label="Code" error={errors.code}>
              <Input
                id="coupon-code"
                value={draft.code}
                autoCapitalize="characters"
                invalid={!!errors.code}
                onChange={(e) => setDraft({ ...draft, code: e.target.value.toUpperCase() })}
              />
            </Field>
          ) : null}
          <Field id="coupon-percent" label="Percentage off" error={errors.percent}>
            <Input
              id="coupon-percent"
              type="number"
              min={1}
              max={100}
              value={draft.percent}
              invalid={!!errors.percent}
              onChange={(e) => setDraft({ ...draft, percent: e.target.value })}
            />
          </Field>
          <Field id="coupon-expires" label="Expires (optional)" error={errors.expiresAt}>
            <Input
              id="coupon-expires"
              type="datetime-local"
              value={draft.expiresAt}
              onChange={(e) => setDraft({ ...draft, expiresAt: e.target.value })}
            />
          </Field>
          <Field id="coupon-limit" label="Usage limit (optional)" error={errors.usageLimit} hint="Leave empty for unlimited uses">
            <Input
              id="coupon-limit"
              type="number"
              min={1}
              value={draft.usageLimit}
              invalid={!!errors.usageLimit}
              onChange={(e) => setDraft({ ...draft, usageLimit: e.target.value })}
            />
          </Field>
          <label className="flex items-center gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={draft.isActive}
              onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
            />
            Active
          </label>
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" pending={create.isPending || update.isPending} pendingText="Saving...">
              {isNew ? 'Create Coupon' : 'Update Coupon'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
