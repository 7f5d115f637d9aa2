/**
 * Admin > Recalls: find a batch (a product's batch number, or its production dates), see every
 * outlet holding it and every order and customer that received it, stop its sale everywhere in one
 * action, send the customers the recall message and see who was reached, and export the list.
 */
import { BATCH_STATUS_LABELS } from '@meatshop/shared/batches';
import { RecallTarget, type RecallTrace } from '@meatshop/shared/recalls';
import { ORDER_STATUS_LABEL, shortOrderId } from '@meatshop/shared/status';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { Ban, Download, FileText, Megaphone, Search, ShieldAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import {
  recallCsvUrl,
  recallPdfUrl,
  useNotifyRecall,
  useOpenRecall,
  useRecall,
  useRecallProducts,
  useRecallTrace,
  useRecalls,
} from '@/features/back-office/api/recalls';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDay } from '@/lib/format';
import { toast } from '@/lib/toast';

export function RecallsScreen() {
  const [params, setParams] = useSearchParams();
  const recallId = params.get('recall');
  const [target, setTarget] = useState<RecallTarget | null>(null);
  const trace = useRecallTrace(recallId ? null : target);
  const recall = useRecall(recallId);
  const open = (id: string | null) => setParams(id ? { recall: id } : {});
  const shown = recallId ? recall.data?.trace : trace.data;
  const loading = recallId ? recall.isLoading : target !== null && trace.isLoading;
  const failed = recallId ? recall.isError : trace.isError;
  const error = recallId ? recall.error : trace.error;

  return (
    <div className="space-y-4">
      {recallId ? <RecallBanner id={recallId} onBack={() => open(null)} /> : <FindCard onFind={setTarget} />}
      {failed ? (
        <Card>
          <ErrorState
            title="Failed to trace the batch"
            message={errorMessage(error)}
            onRetry={() => (recallId ? recall.refetch() : trace.refetch())}
          />
        </Card>
      ) : loading ? (
        <Card>
          <TableSkeleton cols={4} rows={4} />
        </Card>
      ) : shown ? (
        <>
          {!recallId && target ? <StopSaleBar target={target} trace={shown} onOpened={(id) => open(id)} /> : null}
          <Totals trace={shown} />
          <BatchesTable trace={shown} />
          <OrdersTable trace={shown} withReach={!!recallId} />
        </>
      ) : null}
      {!recallId ? <PastRecalls onOpen={open} /> : null}
    </div>
  );
}

function FindCard({ onFind }: { onFind: (t: RecallTarget) => void }) {
  const products = useRecallProducts();
  const [productId, setProductId] = useState('');
  const [lotNumber, setLotNumber] = useState('');
  const [producedFrom, setFrom] = useState('');
  const [producedTo, setTo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RecallTarget.safeParse({
      productId,
      lotNumber: lotNumber.trim() || undefined,
      producedFrom: producedFrom || undefined,
      producedTo: producedTo || undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    onFind(parsed.data);
  };
  return (
    <Card className="p-5 sm:p-6">
      <div className="mb-4 flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger">
          <ShieldAlert className="size-5" aria-hidden="true" />
        </span>
        <div>
          <CardTitle>Find a batch</CardTitle>
          <CardDescription>Every outlet holding it and every order that received it, from the stock ledger.</CardDescription>
        </div>
      </div>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1.5fr_1fr_1fr_auto] lg:items-end" noValidate>
        <Field id="recall-product" label="Product" error={errors.productId}>
          <Select id="recall-product" value={productId} invalid={!!errors.productId} onChange={(e) => setProductId(e.target.value)}>
            <option value="">{products.isLoading ? 'Loading products…' : 'Choose a product'}</option>
            {products.data?.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="recall-lot" label="Batch number" error={errors.lotNumber}>
          <Input
            id="recall-lot"
            value={lotNumber}
            invalid={!!errors.lotNumber}
            placeholder="e.g. L2611-04"
            onChange={(e) => setLotNumber(e.target.value)}
          />
        </Field>
        <Field id="recall-from" label="Produced from" error={errors.producedFrom}>
          <Input id="recall-from" type="date" value={producedFrom} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="recall-to" label="Produced to" error={errors.producedTo}>
          <Input id="recall-to" type="date" value={producedTo} invalid={!!errors.producedTo} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Button type="submit" className="sm:col-span-2 lg:col-span-1">
          <Search className="size-4" aria-hidden="true" />
          Find
        </Button>
      </form>
      {products.isError ? <p className="mt-2 text-sm text-danger">Failed to load products</p> : null}
    </Card>
  );
}

function StopSaleBar({ target, trace, onOpened }: { target: RecallTarget; trace: RecallTrace; onOpened: (id: string) => void }) {
  const [confirm, setConfirm] = useState(false);
  const onSale = trace.batches.filter((b) => b.status === 'live').reduce((n, b) => n + b.quantity, 0);
  return (
    <Card className="flex flex-col gap-3 border-danger/30 bg-danger-soft/40 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="text-sm text-ink">
        <span className="font-semibold">{trace.productName}</span>
        {target.lotNumber ? `, batch ${target.lotNumber}` : ''}:{' '}
        {onSale > 0 ? `${amount(trace, onSale)} still on sale at the outlets.` : 'nothing of it is on sale now.'}
      </p>
      <Button variant="danger" onClick={() => setConfirm(true)} disabled={trace.batches.length === 0}>
        <Ban className="size-4" aria-hidden="true" />
        Stop sale everywhere
      </Button>
      <FormDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Stop Sale Everywhere"
        description="Every outlet's stock of these batches leaves sale at once and is listed for disposal. The recall is recorded with its reason."
      >
        <OpenRecallForm target={target} onClose={() => setConfirm(false)} onOpened={onOpened} />
      </FormDialog>
    </Card>
  );
}

function OpenRecallForm({ target, onClose, onOpened }: { target: RecallTarget; onClose: () => void; onOpened: (id: string) => void }) {
  const openRecall = useOpenRecall();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setError('Please give the reason for the recall (at least 3 characters)');
      return;
    }
    try {
      const d = await openRecall.mutateAsync({ ...target, reason: reason.trim() });
      toast.success(`Sale stopped: ${d.recall.stoppedUnits} taken off sale`);
      onClose();
      onOpened(d.recall.id);
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to stop the sale'));
    }
  };
  return (
    <DialogForm onSubmit={submit} serverError={serverError} pending={openRecall.isPending} submitLabel="Stop Sale" onCancel={onClose}>
      <Field
        id="recall-reason"
        label="Reason"
        error={error}
        hint="Shown to customers in the recall message, e.g. Listeria found in a factory test"
      >
        <Input id="recall-reason" value={reason} invalid={!!error} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </DialogForm>
  );
}

function RecallBanner({ id, onBack }: { id: string; onBack: () => void }) {
  const recall = useRecall(id);
  const notify = useNotifyRecall(id);
  const r = recall.data?.recall;
  const send = async () => {
    try {
      const res = await notify.mutateAsync();
      toast.success(`Recall message queued for ${res.customers} customer${res.customers === 1 ? '' : 's'}`);
      void recall.refetch();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to send the recall message'));
    }
  };
  return (
    <Card className="space-y-3 p-5 sm:p-6" data-testid="recall-banner">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          ← All recalls
        </Button>
        {r ? <Badge tone="danger">Sale stopped {r.stoppedAt ? formatDateTime(r.stoppedAt) : ''}</Badge> : null}
      </div>
      {r ? (
        <>
          <div>
            <CardTitle>
              Recall: {r.productName}
              {r.lotNumber ? `, batch ${r.lotNumber}` : ''}
            </CardTitle>
            <CardDescription>
              {r.producedFrom || r.producedTo
                ? `Produced ${r.producedFrom ? formatDay(r.producedFrom) : '…'} to ${r.producedTo ? formatDay(r.producedTo) : '…'}. `
                : ''}
              {r.reason}. {r.stoppedUnits} taken off sale.
              {r.notifiedAt ? ` Customers told ${formatDateTime(r.notifiedAt)}.` : ''} Opened {formatDateTime(r.createdAt)}
              {r.openedBy ? ` by ${r.openedBy}` : ''}.
            </CardDescription>
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <Button onClick={send} disabled={notify.isPending} className="col-span-2 sm:col-auto">
              <Megaphone className="size-4" aria-hidden="true" />
              {r.notifiedAt ? 'Send again' : 'Send recall message'}
            </Button>
            <a href={recallCsvUrl(r.id)} download className={buttonClasses('outline', 'md')}>
              <Download className="size-4" aria-hidden="true" />
              Export CSV
            </a>
            <a href={recallPdfUrl(r.id)} download className={buttonClasses('outline', 'md')}>
              <FileText className="size-4" aria-hidden="true" />
              Download PDF
            </a>
          </div>
        </>
      ) : null}
    </Card>
  );
}

const amount = (t: RecallTrace, n: number) => (t.grams ? formatGrams(n) : String(n));

function Totals({ trace }: { trace: RecallTrace }) {
  const outlets = new Set(trace.batches.filter((b) => b.quantity > 0).map((b) => b.outletName)).size;
  const stats = [
    ['Orders', String(trace.orderCount)],
    ['Customers', String(trace.customers)],
    [trace.grams ? 'Sold' : 'Units sold', amount(trace, trace.units)],
    ['Outlets holding', String(outlets)],
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="recall-totals">
      {stats.map(([label, value]) => (
        <Card key={label} className="p-4">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums text-ink">{value}</p>
        </Card>
      ))}
    </div>
  );
}

function BatchesTable({ trace }: { trace: RecallTrace }) {
  return (
    <Card className="overflow-hidden">
      <div className="p-5 sm:p-6">
        <CardTitle>Batches at the outlets</CardTitle>
      </div>
      {trace.batches.length === 0 ? (
        <EmptyState icon={Search} title="No batch found" description="Check the batch number or the production dates." className="py-10" />
      ) : (
        <OpsTable className="min-w-0 sm:min-w-[36rem]">
          <thead>
            <tr>
              <Th>Outlet</Th>
              <Th className="max-sm:hidden">Use by</Th>
              <Th>State</Th>
              <Th className="text-right">Held</Th>
            </tr>
          </thead>
          <tbody>
            {trace.batches.map((b) => (
              <tr key={b.id} data-testid="recall-batch">
                <Td>
                  <span className="font-medium">{b.outletName}</span>
                  <span className="block text-xs text-muted">
                    {b.lotNumber ?? 'Unknown batch'}
                    {b.useBy ? <span className="sm:hidden"> · use by {formatDay(b.useBy)}</span> : null}
                  </span>
                </Td>
                <Td className="whitespace-nowrap max-sm:hidden">{b.useBy ? formatDay(b.useBy) : '—'}</Td>
                <Td>
                  <Badge tone={b.status === 'live' ? 'success' : b.status === 'stopped' ? 'danger' : 'warning'}>
                    {BATCH_STATUS_LABELS[b.status]}
                  </Badge>
                </Td>
                <Td className="text-right font-semibold tabular-nums">
                  {amount(trace, b.quantity)}
                  <span className="block text-xs font-normal text-muted">of {amount(trace, b.received)}</span>
                </Td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
    </Card>
  );
}

const REACH_TONE = { sent: 'success', failed: 'danger', skipped: 'neutral' } as const;

function OrdersTable({ trace, withReach }: { trace: RecallTrace; withReach: boolean }) {
  return (
    <Card className="overflow-hidden">
      <div className="p-5 sm:p-6">
        <CardTitle>Orders that received it</CardTitle>
        <CardDescription>
          What each order took of these batches, less what a cancel or return brought back.
          {trace.orderCount > trace.orders.length
            ? ` The latest ${trace.orders.length} of ${trace.orderCount} are shown; the CSV export lists every one.`
            : ''}
        </CardDescription>
      </div>
      {trace.orders.length === 0 ? (
        <EmptyState
          icon={ShieldAlert}
          title="No order received it"
          description="Nothing of these batches has left an outlet in an order."
          className="py-10"
        />
      ) : (
        <OpsTable className="min-w-0 sm:min-w-[44rem]">
          <thead>
            <tr>
              <Th>Order</Th>
              <Th className="max-sm:hidden">Customer</Th>
              <Th className="max-sm:hidden">Outlet</Th>
              <Th className="text-right">Qty</Th>
              {withReach ? <Th>Reached</Th> : null}
            </tr>
          </thead>
          <tbody>
            {trace.orders.map((o) => (
              <tr key={o.orderId} data-testid="recall-order">
                <Td>
                  <span className="font-mono font-semibold">#{shortOrderId(o.orderId)}</span>
                  <span className="block text-xs text-muted">
                    {formatDateTime(o.createdAt)} · {ORDER_STATUS_LABEL[o.status as keyof typeof ORDER_STATUS_LABEL] ?? o.status}
                  </span>
                  <span className="block text-xs text-ink-soft sm:hidden">
                    {o.customerName}
                    {o.phone ? ` · ${o.phone}` : ''}
                  </span>
                </Td>
                <Td className="max-sm:hidden">
                  <span className="font-medium">{o.customerName}</span>
                  <span className="block text-xs text-muted">{[o.phone, o.email].filter(Boolean).join(' · ')}</span>
                </Td>
                <Td className="max-sm:hidden">
                  {o.outletName ?? '—'}
                  <span className="block text-xs text-muted">{o.lots.join(', ')}</span>
                </Td>
                <Td className="text-right font-semibold tabular-nums">{amount(trace, o.quantity)}</Td>
                {withReach ? (
                  <Td>
                    <div className="flex flex-wrap gap-1">
                      {o.reached.length === 0 ? <Badge>Not told yet</Badge> : null}
                      {o.reached.map((r) => (
                        <Badge key={r.channel} tone={REACH_TONE[r.status as keyof typeof REACH_TONE] ?? 'info'}>
                          {r.channel === 'sms' ? 'SMS' : 'Email'} {r.status}
                        </Badge>
                      ))}
                    </div>
                  </Td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
    </Card>
  );
}

function PastRecalls({ onOpen }: { onOpen: (id: string) => void }) {
  const list = useRecalls();
  return (
    <Card className="overflow-hidden">
      <div className="p-5 sm:p-6">
        <CardTitle>Recalls</CardTitle>
      </div>
      {list.isError ? (
        <ErrorState title="Failed to load recalls" message={errorMessage(list.error)} onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <TableSkeleton cols={3} rows={2} />
      ) : list.data.recalls.length === 0 ? (
        <EmptyState
          icon={ShieldAlert}
          title="No recalls yet"
          description="A recall you open appears here with who was reached."
          className="py-10"
        />
      ) : (
        <ul className="divide-y divide-line">
          {list.data.recalls.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                onClick={() => onOpen(r.id)}
                className="flex w-full items-center justify-between gap-3 px-5 py-3 text-left hover:bg-cream/60 sm:px-6"
              >
                <span>
                  <span className="font-medium">
                    {r.productName}
                    {r.lotNumber ? `, batch ${r.lotNumber}` : ''}
                  </span>
                  <span className="block text-xs text-muted">
                    {formatDateTime(r.createdAt)} · {r.reason}
                  </span>
                </span>
                <Badge tone={r.notifiedAt ? 'success' : 'warning'}>{r.notifiedAt ? 'Customers told' : 'Not told yet'}</Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
