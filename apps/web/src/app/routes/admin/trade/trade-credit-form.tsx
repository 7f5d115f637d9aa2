/**
 * Pay on account for one approved business: its terms (net 7, 14 or 30 days) and credit limit, set
 * together or taken away together. The server audits each change; members see On account at checkout.
 */
import { formatUGX } from '@meatshop/shared/money';
import { type AdminTradeAccountRow, AdminTradeCreditInput, TRADE_TERMS, TRADE_TERMS_LABEL } from '@meatshop/shared/trade';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useSetTradeCredit } from '@/features/back-office/api/trade';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function TradeCreditForm({ account: a }: { account: AdminTradeAccountRow }) {
  const save = useSetTradeCredit(a.id);
  const [terms, setTerms] = useState(a.termsDays ? String(a.termsDays) : '');
  const [limit, setLimit] = useState(a.creditLimit ? String(a.creditLimit) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setTerms(a.termsDays ? String(a.termsDays) : '');
    setLimit(a.creditLimit ? String(a.creditLimit) : '');
  }, [a.termsDays, a.creditLimit]);

  const send = (body: { termsDays: number | null; creditLimit: number | null }) => {
    const parsed = AdminTradeCreditInput.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(body.termsDays ? 'Terms saved; members can now order on account' : 'Terms taken away'),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        toast.error(errorMessage(err, 'Failed to save the terms'));
      },
    });
  };
  const digits = limit.replace(/[^\d]/g, '');

  return (
    <section aria-labelledby="trade-credit-title" className="space-y-3">
      <h3 id="trade-credit-title" className="text-sm font-semibold text-ink">
        Pay on account
      </h3>
      <p className="text-sm text-muted">
        {a.termsDays && a.creditLimit
          ? `${TRADE_TERMS_LABEL(a.termsDays)}, credit limit ${formatUGX(a.creditLimit)}.`
          : 'No terms: the business pays for each order at checkout.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="trade-terms" label="Terms" error={errors.termsDays}>
          <Select id="trade-terms" value={terms} onChange={(e) => setTerms(e.target.value)}>
            <option value="">No terms</option>
            {TRADE_TERMS.map((d) => (
              <option key={d} value={d}>
                {TRADE_TERMS_LABEL(d)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="trade-credit-limit" label="Credit limit (UGX)" error={errors.creditLimit}>
          <Input
            id="trade-credit-limit"
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            invalid={!!errors.creditLimit}
            placeholder="2,000,000"
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          pending={save.isPending}
          pendingText="Saving…"
          onClick={() => send({ termsDays: terms ? Number(terms) : null, creditLimit: digits ? Number(digits) : null })}
        >
          Save terms
        </Button>
        {a.termsDays ? (
          <Button variant="outline" disabled={save.isPending} onClick={() => send({ termsDays: null, creditLimit: null })}>
            Take terms away
          </Button>
        ) : null}
      </div>
    </section>
  );
}
