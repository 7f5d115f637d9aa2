/**
 * Admin > Trade accounts > Price lists: pick a tier or an account, see its lines (product, price or
 * percentage off, dates, minimum quantity, case size), add, change or remove one; add a tier. The
 * server checks every line again and says which field is wrong.
 */
import { formatUGX, unitPrice } from '@meatshop/shared/money';
import type { AdminPriceLine, AdminPriceLineInput } from '@meatshop/shared/trade-prices';
import { Pencil, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type PriceListOwner,
  useAddTier,
  usePriceList,
  usePriceProducts,
  useRemovePriceLine,
  useSavePriceLine,
  useTradeAccounts,
  useTradeTiers,
} from '@/features/back-office/api/trade';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { toast } from '@/lib/toast';

const ownerValue = (o: PriceListOwner | null) => (!o ? '' : 'tierId' in o ? `tier:${o.tierId}` : `account:${o.accountId}`);
const ownerOf = (v: string): PriceListOwner | null =>
  v.startsWith('tier:') ? { tierId: v.slice(5) } : v.startsWith('account:') ? { accountId: v.slice(8) } : null;

export function PriceLists() {
  const tiers = useTradeTiers();
  const accounts = useTradeAccounts('approved');
  const [owner, setOwner] = useState<PriceListOwner | null>({ tierId: 'restaurant' });
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
      <Card>
        <CardContent className="space-y-5">
          <Field id="price-list" label="Price list">
            <Select id="price-list" value={ownerValue(owner)} onChange={(e) => setOwner(ownerOf(e.target.value))}>
              <optgroup label="Tiers">
                {(tiers.data ?? []).map((t) => (
                  <option key={t.id} value={`tier:${t.id}`}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Accounts (their own prices)">
                {(accounts.data ?? []).map((a) => (
                  <option key={a.id} value={`account:${a.id}`}>
                    {a.businessName}
                  </option>
                ))}
              </optgroup>
            </Select>
          </Field>
          <p className="text-sm text-muted">
            An account's own line beats its tier's, which beats the retail price. A trade price is never above retail.
          </p>
          <AddTier />
        </CardContent>
      </Card>
      {owner ? <Lines owner={owner} key={ownerValue(owner)} /> : null}
    </div>
  );
}

function AddTier() {
  const add = useAddTier();
  const [name, setName] = useState('');
  return (
    <form
      className="flex items-end gap-2 border-t border-line pt-5"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(
          { name },
          {
            onSuccess: () => {
              toast.success(`Tier ${name} added`);
              setName('');
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to add the tier')),
          },
        );
      }}
    >
      <Field id="new-tier" label="New tier" className="flex-1">
        <Input id="new-tier" value={name} onChange={(e) => setName(e.target.value)} placeholder="Bakery" />
      </Field>
      <Button type="submit" variant="outline" pending={add.isPending} disabled={name.trim().length < 2}>
        Add
      </Button>
    </form>
  );
}

function Lines({ owner }: { owner: PriceListOwner }) {
  const lines = usePriceList(owner);
  const remove = useRemovePriceLine(owner);
  const [editing, setEditing] = useState<AdminPriceLine | 'new' | null>(null);
  return (
    <Card>
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="font-display text-xl font-semibold text-ink">Lines</h2>
          <Button size="sm" onClick={() => setEditing('new')}>
            Add a line
          </Button>
        </div>
        {editing ? <LineForm owner={owner} line={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
        <div className="mt-4">
          {lines.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : lines.isError ? (
            <ErrorState message="Failed to load the price list" onRetry={() => void lines.refetch()} retrying={lines.isFetching} />
          ) : lines.data.length === 0 ? (
            <EmptyState icon={Tags} title="No lines yet" description="Everything is at the retail price on this list." className="py-8" />
          ) : (
            <ul className="divide-y divide-line" data-testid="price-lines">
              {lines.data.map((l) => (
                <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{l.productName}</p>
                    <p className="text-muted">
                      {l.fixedPrice != null ? formatUGX(l.fixedPrice) : `${l.percentOff}% off`} · retail {formatUGX(l.retailPrice)}
                      {l.minQuantity > 1 ? ` · at least ${l.minQuantity}` : ''}
                      {l.caseSize > 1 ? ` · cases of ${l.caseSize}` : ''}
                      {l.validFrom || l.validTo
                        ? ` · ${l.validFrom ? formatDay(l.validFrom) : '…'} to ${l.validTo ? formatDay(l.validTo) : '…'}`
                        : ''}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <Button size="icon-sm" variant="ghost" aria-label={`Change ${l.productName}`} onClick={() => setEditing(l)}>
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon-sm"
                      variant="ghost"
                      aria-label={`Remove ${l.productName}`}
                      onClick={() =>
                        remove.mutate(l.id, {
                          onSuccess: () => toast.success(`${l.productName} removed from the list`),
                          onError: (err) => toast.error(errorMessage(err, 'Failed to remove the line')),
                        })
                      }
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

const num = (s: string) => (s.trim() === '' ? null : Number(s.replace(/[,\s]/g, '')));

function LineForm({ owner, line, onDone }: { owner: PriceListOwner; line: AdminPriceLine | null; onDone: () => void }) {
  const products = usePriceProducts();
  const save = useSavePriceLine(owner);
  const [productId, setProductId] = useState(line?.productId ?? '');
  const [kind, setKind] = useState<'fixed' | 'percent'>(line?.percentOff != null ? 'percent' : 'fixed');
  const [amount, setAmount] = useState(String(line?.fixedPrice ?? line?.percentOff ?? ''));
  const [validFrom, setValidFrom] = useState(line?.validFrom ?? '');
  const [validTo, setValidTo] = useState(line?.validTo ?? '');
  const [minQuantity, setMin] = useState(String(line?.minQuantity ?? 1));
  const [caseSize, setCase] = useState(String(line?.caseSize ?? 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const product = products.data?.find((p) => p.id === productId);

  const submit = () => {
    const value = num(amount);
    const input: AdminPriceLineInput & { id?: string } = {
      ...(line ? { id: line.id } : {}),
      productId,
      fixedPrice: kind === 'fixed' ? value : null,
      percentOff: kind === 'percent' ? value : null,
      validFrom: validFrom || null,
      validTo: validTo || null,
      minQuantity: num(minQuantity) ?? 1,
      caseSize: num(caseSize) ?? 1,
    };
    save.mutate(input, {
      onSuccess: () => {
        toast.success(line ? 'Price line changed' : 'Price line added');
        onDone();
      },
      onError: (err) => {
        setErrors(err instanceof ApiError && err.fields ? err.fields : {});
        toast.error(errorMessage(err, 'Failed to save the price line'));
      },
    });
  };

  return (
    <form
      className="mt-4 grid gap-4 rounded-2xl bg-cream-deep p-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label={line ? `Change the line of ${line.productName}` : 'New price line'}
    >
      <Field id="line-product" label="Product" error={errors.productId} className="sm:col-span-2">
        <Select id="line-product" value={productId} onChange={(e) => setProductId(e.target.value)} invalid={!!errors.productId}>
          <option value="" disabled>
            {products.isPending ? 'Loading products…' : 'Choose a product'}
          </option>
          {(products.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({formatUGX(unitPrice(p))})
            </option>
          ))}
        </Select>
      </Field>
      <Field id="line-kind" label="Price">
        <Select id="line-kind" value={kind} onChange={(e) => setKind(e.target.value as 'fixed' | 'percent')}>
          <option value="fixed">A price (UGX)</option>
          <option value="percent">A percentage off retail</option>
        </Select>
      </Field>
      <Field
        id="line-amount"
        label={kind === 'fixed' ? 'Trade price (UGX)' : 'Percentage off'}
        error={errors.fixedPrice ?? errors.percentOff}
      >
        <Input
          id="line-amount"
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          invalid={!!(errors.fixedPrice ?? errors.percentOff)}
          placeholder={product && kind === 'fixed' ? String(unitPrice(product)) : undefined}
        />
      </Field>
      <Field id="line-from" label="Valid from" hint="Empty: from now" error={errors.validFrom}>
        <Input
          id="line-from"
          type="date"
          value={validFrom}
          onChange={(e) => setValidFrom(e.target.value)}
          aria-describedby="line-from-hint"
        />
      </Field>
      <Field id="line-to" label="Valid to" hint="Empty: until changed" error={errors.validTo}>
        <Input id="line-to" type="date" value={validTo} onChange={(e) => setValidTo(e.target.value)} aria-describedby="line-to-hint" />
      </Field>
      <Field id="line-min" label="Minimum quantity" error={errors.minQuantity}>
        <Input id="line-min" inputMode="numeric" value={minQuantity} onChange={(e) => setMin(e.target.value)} />
      </Field>
      <Field id="line-case" label="Case size" hint="Orders in multiples of this" error={errors.caseSize}>
        <Input
          id="line-case"
          inputMode="numeric"
          value={caseSize}
          onChange={(e) => setCase(e.target.value)}
          aria-describedby="line-case-hint"
        />
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" pending={save.isPending} pendingText="Saving…" disabled={!productId}>
          {line ? 'Save line' : 'Add line'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
