/**
 * An outlet's batches: what is on sale lot by lot (first to sell at the top), and the list for
 * disposal (past the sell-by cut-off, or stopped by a recall), where a manager records each
 * write-off with its reason. The outlet portal and the back office pass their own queries and
 * write-off call; across outlets each row names its outlet.
 */
import { BATCH_STATUS_LABELS, type StockBatch, type StockBatchList } from '@meatshop/shared/batches';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { PackageX, Layers } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { DialogForm, FormDialog } from '@/features/back-office/components/form-dialog';
import { OpsTable, TableSkeleton, Td, Th } from '@/features/back-office/components/ops-table';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { toast } from '@/lib/toast';

export const batchAmount = (b: StockBatch, n: number) => (b.grams ? formatGrams(n) : String(n));
export const batchLot = (b: StockBatch) => b.lotNumber ?? 'Unknown batch';

/** A batches query as react-query gives it (the portal's and the back office's hooks both fit). */
export interface BatchesSource {
  data?: StockBatchList | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Records a batch's disposal with its reason; absent for staff who may only read. */
export type WriteOffBatch = (batch: StockBatch, reason: string) => Promise<unknown>;

/** Rows shown before "Show all": on a phone the whole shelf would push the ledger far down. */
const FIRST_ROWS = 8;

export function BatchesCard({ source: q, showOutlet = false }: { source: BatchesSource; showOutlet?: boolean }) {
  const [all, setAll] = useState(false);
  const batches = q.data?.batches;
  const rows = all ? batches : batches?.slice(0, FIRST_ROWS);
  return (
    <Card className="overflow-hidden" data-testid="stock-batches">
      <div className="space-y-1 p-5 sm:p-6">
        <CardTitle>Batches on sale</CardTitle>
        <CardDescription>
          Orders take the batch with the earliest use-by first. A batch leaves sale {q.data ? sellByText(q.data.sellByDays) : ''}.
        </CardDescription>
      </div>
      {q.isError ? (
        <ErrorState title="Failed to load batches" message={errorMessage(q.error)} onRetry={() => q.refetch()} />
      ) : !batches ? (
        <TableSkeleton cols={4} rows={3} />
      ) : batches.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="No batches on the shelves"
          description="Deliveries you record appear here with their batch number and dates."
          className="py-10"
        />
      ) : (
        <OpsTable className="min-w-0 sm:min-w-[36rem]">
          <thead>
            <tr>
              <Th>Batch</Th>
              <Th className="max-sm:hidden">Use by</Th>
              <Th className="max-sm:hidden">Sell until</Th>
              <Th className="text-right">On shelf</Th>
            </tr>
          </thead>
          <tbody>
            {rows!.map((b) => (
              <tr key={b.id} data-testid="batch-row">
                <Td>
                  <span className="font-medium">{b.productName}</span>
                  <span className="block text-xs text-muted">
                    {showOutlet ? `${b.outletName} · ` : ''}
                    {batchLot(b)}
                    {b.productionDate ? ` · made ${formatDay(b.productionDate)}` : ''}
                  </span>
                  <span className="block text-xs text-muted sm:hidden">
                    {b.useBy ? `Use by ${formatDay(b.useBy)} · sell until ${formatDay(b.sellBy!)}` : 'No use-by date recorded'}
                  </span>
                </Td>
                <Td className="whitespace-nowrap max-sm:hidden">{b.useBy ? formatDay(b.useBy) : '—'}</Td>
                <Td className="whitespace-nowrap max-sm:hidden">{b.sellBy ? formatDay(b.sellBy) : '—'}</Td>
                <Td className="text-right font-semibold tabular-nums">{batchAmount(b, b.quantity)}</Td>
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      {batches && !all && batches.length > FIRST_ROWS ? (
        <div className="border-t border-line p-3 text-center">
          <Button variant="ghost" size="sm" onClick={() => setAll(true)}>
            Show all ({batches.length} batches)
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

export function sellByText(days: number) {
  return days === 0 ? 'after its use-by day' : `${days} day${days === 1 ? '' : 's'} before its use-by date`;
}

export function DisposalCard({
  source: q,
  writeOff,
  showOutlet = false,
}: {
  source: BatchesSource;
  writeOff?: WriteOffBatch | undefined;
  showOutlet?: boolean;
}) {
  const canChange = !!writeOff;
  const [writing, setWriting] = useState<StockBatch | null>(null);
  const batches = q.data?.batches;
  return (
    <Card className="overflow-hidden" data-testid="disposal-list">
      <div className="space-y-1 p-5 sm:p-6">
        <CardTitle>For disposal</CardTitle>
        <CardDescription>
          Batches past their sell-by date or stopped by a recall. They are out of sellable stock; record each one as written off once
          disposed of.
        </CardDescription>
      </div>
      {q.isError ? (
        <ErrorState title="Failed to load the disposal list" message={errorMessage(q.error)} onRetry={() => q.refetch()} />
      ) : !batches ? (
        <TableSkeleton cols={4} rows={2} />
      ) : batches.length === 0 ? (
        <EmptyState
          icon={PackageX}
          title="Nothing to dispose of"
          description="Batches that pass their sell-by date appear here."
          className="py-10"
        />
      ) : (
        <OpsTable className="min-w-0 sm:min-w-[36rem]">
          <thead>
            <tr>
              <Th>Batch</Th>
              <Th className="max-sm:hidden">Why</Th>
              <Th className="text-right max-sm:px-1.5">Quantity</Th>
              {canChange ? (
                <Th className="text-right max-sm:pr-3 max-sm:pl-1.5">
                  <span className="max-sm:sr-only">Action</span>
                </Th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {batches.map((b) => (
              <tr key={b.id} data-testid="disposal-row">
                <Td>
                  <span className="font-medium">{b.productName}</span>
                  <span className="block text-xs text-muted">
                    {showOutlet ? `${b.outletName} · ` : ''}
                    {batchLot(b)}
                    {b.useBy ? ` · use by ${formatDay(b.useBy)}` : ''}
                  </span>
                  <span className="mt-1 block sm:hidden">
                    <Badge tone={b.status === 'stopped' ? 'danger' : 'warning'}>{BATCH_STATUS_LABELS[b.status]}</Badge>
                  </span>
                </Td>
                <Td className="max-sm:hidden">
                  <Badge tone={b.status === 'stopped' ? 'danger' : 'warning'}>{BATCH_STATUS_LABELS[b.status]}</Badge>
                </Td>
                <Td className="text-right font-semibold tabular-nums max-sm:px-1.5">{batchAmount(b, b.quantity)}</Td>
                {canChange ? (
                  <Td className="text-right max-sm:pr-3 max-sm:pl-1.5">
                    <Button size="sm" variant="outline" onClick={() => setWriting(b)}>
                      Write off
                    </Button>
                  </Td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </OpsTable>
      )}
      {writeOff ? <WriteOffDialog batch={writing} onClose={() => setWriting(null)} writeOff={writeOff} /> : null}
    </Card>
  );
}

/** Asks for the reason a batch held for disposal was disposed of, for the food-safety record. */
export function WriteOffDialog({ batch, onClose, writeOff }: { batch: StockBatch | null; onClose: () => void; writeOff: WriteOffBatch }) {
  return (
    <FormDialog
      open={!!batch}
      onOpenChange={(o) => !o && onClose()}
      title="Write Off Batch"
      description={batch ? `${batch.productName}, ${batchLot(batch)}: ${batchAmount(batch, batch.quantity)} disposed of.` : undefined}
    >
      {batch ? <WriteOffForm batch={batch} onClose={onClose} writeOff={writeOff} /> : null}
    </FormDialog>
  );
}

function WriteOffForm({ batch, onClose, writeOff }: { batch: StockBatch; onClose: () => void; writeOff: WriteOffBatch }) {
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState(batch.status === 'stopped' ? 'Recalled: returned to the factory' : 'Past use-by: disposed of');
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setError('Please give a reason (at least 3 characters)');
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await writeOff(batch, reason.trim());
      toast.success('Batch written off');
      onClose();
    } catch (err) {
      setServerError(errorMessage(err, 'Failed to write off the batch'));
    } finally {
      setPending(false);
    }
  };
  return (
    <DialogForm onSubmit={submit} serverError={serverError} pending={pending} submitLabel="Write Off" onCancel={onClose}>
      <Field id="write-off-reason" label="Reason" error={error} hint="How it was disposed of, for the food-safety record">
        <Input id="write-off-reason" value={reason} invalid={!!error} onChange={(e) => setReason(e.target.value)} />
      </Field>
    </DialogForm>
  );
}
