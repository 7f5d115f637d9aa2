/**
 * Packing: a line that is short. The packer says how many units are missing, then picks the
 * substitute (the customer's own alternative first, else the suggestions in stock here, nearest
 * price first) or refunds them, as the customer asked at checkout. Shown before Mark Ready; the
 * server refuses Mark Ready while a short line is unresolved.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUGX } from '@meatshop/shared/money';
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { SUBSTITUTION_PREFERENCE_LABEL } from '@meatshop/shared/substitutions';
import { PackageX, Repeat, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useLineSubstitutes, useShortLine } from '../api/short-line';

type Line = OutletOrderDetail['items'][number];

export function ShortLinePanel({ orderId, line, onClose }: { orderId: string; line: Line; onClose: () => void }) {
  const { t } = useLingui();
  const refundOnly = line.substitution.preference === 'refund';
  const [short, setShort] = useState(line.substitution.shortQuantity ?? line.quantity);
  const [picked, setPicked] = useState<string | null>(null);
  const substitutes = useLineSubstitutes(orderId, line.id, !refundOnly);
  const save = useShortLine(orderId);
  const list = substitutes.data?.suggestions ?? [];
  const choice = picked ?? list[0]?.productId ?? null;
  const mine = line.substitution.alternative?.productId;

  const send = (outcome: 'substituted' | 'refunded') =>
    save.mutate(
      {
        lineId: line.id,
        input: { shortQuantity: short, outcome, substituteProductId: outcome === 'substituted' ? (choice ?? undefined) : undefined },
      },
      {
        onSuccess: () => {
          toast.success(outcome === 'substituted' ? t`Substitute packed: the customer is told` : t`Short units will be refunded`);
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err, t`Could not save the short line`)),
      },
    );

  return (
    <div className="mt-3 space-y-4 rounded-2xl border border-warning/40 bg-warning-soft/60 p-4" data-testid="short-line-panel">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`short-${line.id}`} className="text-sm font-semibold text-ink">
          <Trans>Units missing</Trans>
        </label>
        <Select
          id={`short-${line.id}`}
          className="w-28"
          value={String(short)}
          onChange={(e) => setShort(Number(e.target.value))}
          // A line sold by weight is short as a whole (the server refuses part of one).
          disabled={!!line.weight}
        >
          {Array.from({ length: line.quantity }, (_, k) => k + 1).map((n) => (
            <option key={n} value={n}>
              <Trans>
                {n} of {line.quantity}
              </Trans>
            </option>
          ))}
        </Select>
        <Badge tone={refundOnly ? 'danger' : 'info'}>
          <Trans>Customer: {SUBSTITUTION_PREFERENCE_LABEL[line.substitution.preference]}</Trans>
        </Badge>
      </div>

      {refundOnly ? (
        <p className="text-sm text-ink">
          <Trans>The customer asked for a refund if this is unavailable: refund the missing units.</Trans>
        </p>
      ) : substitutes.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-14 w-full rounded-xl" />
          <Skeleton className="h-14 w-full rounded-xl" />
        </div>
      ) : substitutes.isError ? (
        <p role="alert" className="text-sm text-danger">
          <Trans>Substitutes could not be loaded: {errorMessage(substitutes.error)}</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-ink">
          <PackageX className="size-4 text-warning" aria-hidden="true" />
          <Trans>Nothing similar is in stock here. Refund the missing units.</Trans>
        </p>
      ) : (
        <div role="radiogroup" aria-label={t`Substitute`} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {list.map((s) => {
            const checked = choice === s.productId;
            return (
              <label
                key={s.productId}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border bg-surface p-3 transition-colors',
                  checked ? 'border-brand-700 ring-2 ring-brand-700/15' : 'border-line-strong hover:border-ink/40',
                )}
              >
                <input
                  type="radio"
                  name={`substitute-${line.id}`}
                  value={s.productId}
                  checked={checked}
                  onChange={() => setPicked(s.productId)}
                  className="sr-only"
                />
                {s.imageUrl ? (
                  <img src={s.imageUrl} alt="" className="size-10 rounded-lg bg-cream-deep object-cover" />
                ) : (
                  <span className="size-10 rounded-lg bg-cream-deep" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold text-ink">{s.name}</span>
                  <span className="block text-xs text-muted">
                    <Trans>
                      {formatUGX(s.price)} · {s.stock} in stock
                    </Trans>
                  </span>
                  {s.productId === mine ? (
                    <Badge tone="brand" className="mt-1">
                      <Trans>Customer’s choice</Trans>
                    </Badge>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {!refundOnly && list.length > 0 ? (
          <Button onClick={() => send('substituted')} pending={save.isPending} pendingText={t`Saving…`} disabled={!choice}>
            <Repeat className="size-4" aria-hidden="true" />
            <Trans>Substitute {short}</Trans>
          </Button>
        ) : null}
        <Button variant={refundOnly || list.length === 0 ? 'primary' : 'outline'} onClick={() => send('refunded')} pending={save.isPending}>
          <Undo2 className="size-4" aria-hidden="true" />
          <Trans>Refund {short}</Trans>
        </Button>
        <Button variant="ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
}
