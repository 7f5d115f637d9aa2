/**
 * The packing step of an order with weighed lines: one big numeric field per line for the grams on
 * the scale. Outside the product's tolerance the server asks for a confirmation, shown here with
 * "Use it anyway" or "Weigh another piece"; the order can be marked ready once every line is weighed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { formatUGX } from '@meatshop/shared/money';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { CheckCircle2, Scale } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useWeighOrderLine } from '@/features/outlet/api/weigh-order-line';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Line = OutletOrderDetail['items'][number];

function WeighLine({ orderId, line, editable }: { orderId: string; line: Line; editable: boolean }) {
  const { t } = useLingui();
  const w = line.weight!;
  const [grams, setGrams] = useState(w.weighedGrams ? String(w.weighedGrams) : '');
  const [question, setQuestion] = useState<string | null>(null);
  const weigh = useWeighOrderLine();
  const value = Number.parseInt(grams, 10);

  const save = (confirmOutside = false) => {
    if (!Number.isFinite(value) || value <= 0) {
      toast.error(t`Enter the weight in grams`);
      return;
    }
    weigh.mutate(
      { orderId, itemId: line.id, grams: value, confirmOutside },
      {
        onSuccess: () => {
          setQuestion(null);
          toast.success(t`${line.productName}: ${formatGrams(value)} recorded`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.confirmOutside) setQuestion(err.fields.confirmOutside);
          else toast.error(errorMessage(err, t`Could not record the weight`));
        },
      },
    );
  };

  return (
    <li className="space-y-3 py-4" data-testid="weigh-line">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-semibold text-ink">
          {line.quantity} × {line.productName}
        </p>
        <p className="text-sm text-muted">
          <Trans>
            About <strong className="text-ink">{formatGrams(w.estimatedGrams)}</strong> asked · {formatUGX(w.pricePerKg)} / kg
          </Trans>
        </p>
      </div>
      {w.weighedGrams != null ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-success">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          <Trans>
            Weighed {formatGrams(w.weighedGrams)} · charged {formatUGX(w.finalPrice ?? 0)}
          </Trans>
        </p>
      ) : null}
      {editable ? (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label className="flex-1">
            <span className="mb-1 block text-sm font-medium text-ink">
              <Trans>Weight on the scale (grams)</Trans>
            </span>
            <input
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              aria-label={t`Weight of ${line.productName} in grams`}
              value={grams}
              onChange={(e) => {
                setGrams(e.target.value.replace(/\D/g, ''));
                setQuestion(null);
              }}
              className="h-16 w-full rounded-2xl border border-line bg-surface px-4 text-3xl font-semibold tabular-nums text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
              placeholder={String(w.estimatedGrams)}
            />
          </label>
          <Button type="submit" size="lg" className="h-16 px-8 text-lg" pending={weigh.isPending} pendingText={t`Saving…`}>
            {w.weighedGrams != null ? t`Weigh again` : t`Save weight`}
          </Button>
        </form>
      ) : null}
      {question ? (
        <div
          role="alertdialog"
          aria-label={t`Weight outside tolerance`}
          className="space-y-3 rounded-2xl border border-warning/40 bg-warning-soft p-4"
        >
          <p className="font-medium text-ink">{question}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => save(true)} pending={weigh.isPending} pendingText={t`Saving…`}>
              <Trans>Use it anyway</Trans>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setQuestion(null);
                setGrams('');
              }}
            >
              <Trans>Weigh another piece</Trans>
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

export function PackingStep({ order }: { order: OutletOrderDetail }) {
  // A weighed line marked short as a whole has nothing to weigh.
  const { t } = useLingui();
  const weighed = order.items.filter((i) => i.weight && !i.substitution.shortQuantity);
  if (weighed.length === 0) return null;
  const editable = order.canMarkReady;
  return (
    <Card data-testid="packing-step">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale className="size-5 text-brand-700" aria-hidden="true" />
          <Trans>Weigh at packing</Trans>
        </CardTitle>
        <p className="text-sm text-muted">
          {order.unweighedLines > 0
            ? t`${order.unweighedLines} of ${weighed.length} to weigh before the order can be marked ready.`
            : t`Every weighed line is weighed. The customer pays the weighed price, never more than the estimate.`}
        </p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-line">
          {weighed.map((l) => (
            <WeighLine key={l.id} orderId={order.id} line={l} editable={editable} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
