/**
 * The packing slip: what goes in the bag and where it goes, laid out for paper. Hidden on screen
 * and shown only when printing (the portal's chrome is hidden in print by the layout).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { substitutionText } from '@/features/substitutions/components/line-substitution';
import { SHOP } from '@meatshop/shared/constants';
import type { OutletOrderDetail } from '@meatshop/shared/outlet';
import { shortOrderId } from '@meatshop/shared/status';
import { formatUGX } from '@meatshop/shared/money';
import { formatDateTime, formatDay, formatPhone } from '@/lib/format';
import { formatGrams } from '@meatshop/shared/weighing-rules';
import { describeOptions } from '@meatshop/shared/option-rules';
import { PAYMENT_METHOD_TEXT, PAYMENT_STATUS_TEXT } from '@/features/orders/status-texts';

export function PackingSlip({ order }: { order: OutletOrderDetail }) {
  const { t, i18n } = useLingui();
  const unknown = t`unknown`;
  const a = order.address;
  const units = order.items.reduce((s, i) => s + i.quantity, 0);
  return (
    <section aria-label={t`Packing slip`} className="packing-slip hidden bg-white text-[12pt] leading-snug text-black print:block">
      <header className="flex items-start justify-between border-b-2 border-black pb-3">
        <div>
          <p className="text-[18pt] font-bold">
            <Trans>Packing Slip</Trans>
          </p>
          <p>
            {SHOP.name} · {order.outlet.name}
          </p>
          <p className="text-[10pt]">
            {order.outlet.address} · {formatPhone(order.outlet.phone)}
          </p>
        </div>
        <div className="text-right">
          <p className="font-mono text-[18pt] font-bold">#{shortOrderId(order.id)}</p>
          <p className="text-[10pt]">{formatDateTime(order.createdAt)}</p>
        </div>
      </header>

      <div className="mt-4 grid grid-cols-2 gap-6">
        <div>
          <p className="text-[9pt] font-bold uppercase">
            <Trans>Deliver to</Trans>
          </p>
          <p className="font-semibold">{order.customer.fullName}</p>
          <p>{formatPhone(order.customer.phone)}</p>
          <p>{a.street}</p>
          <p>{[a.city, a.state, a.postalCode].filter(Boolean).join(', ')}</p>
          <p>{a.country}</p>
          {a.instructions ? (
            <p className="mt-1 italic">
              <Trans>Note: {a.instructions}</Trans>
            </p>
          ) : null}
        </div>
        <div>
          <p className="text-[9pt] font-bold uppercase">
            <Trans>Payment</Trans>
          </p>
          <p>{i18n._(PAYMENT_METHOD_TEXT[order.paymentMethod])}</p>
          <p>{i18n._(PAYMENT_STATUS_TEXT[order.paymentStatus])}</p>
          <p className="mt-1 font-semibold">
            {order.paymentMethod === 'cash_on_delivery' && order.paymentStatus !== 'paid'
              ? t`Collect ${formatUGX(order.totalAmount)}`
              : t`Total ${formatUGX(order.totalAmount)}`}
          </p>
        </div>
      </div>

      <table className="mt-5 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-black text-[10pt] uppercase">
            <th className="w-10 py-1.5">✓</th>
            <th className="py-1.5">
              <Trans>Item</Trans>
            </th>
            <th className="py-1.5 text-right">
              <Trans>Qty</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((i) => (
            <tr key={i.id} className="border-b border-black/30">
              <td className="py-2">
                <span className="inline-block size-4 border border-black" />
              </td>
              <td className="py-2">
                {i.productName}
                {i.options.length > 0 ? <div className="text-sm font-semibold">{describeOptions(i.options)}</div> : null}
                {i.note ? <div className="text-sm italic">“{i.note}”</div> : null}
                <div className="text-sm">{substitutionText(i.substitution, i.productName)}</div>
                {i.batches.map((b) => (
                  <div key={b.batchId} className="text-[10pt]" data-testid="slip-batch">
                    {t`Batch ${b.lotNumber ?? unknown}`}
                    {b.useBy ? `, ${t`use by ${formatDay(b.useBy)}`}` : ''}: {i.weight ? formatGrams(b.quantity) : b.quantity}
                  </div>
                ))}
              </td>
              <td className="py-2 text-right font-semibold">{i.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <td className="py-2 font-semibold">
              <Trans>Total units</Trans>
            </td>
            <td className="py-2 text-right font-bold">{units}</td>
          </tr>
        </tfoot>
      </table>

      <div className="mt-10 grid grid-cols-2 gap-10 text-[10pt]">
        <p className="border-t border-black pt-1">
          <Trans>Packed by</Trans>
        </p>
        <p className="border-t border-black pt-1">
          <Trans>Handed to rider</Trans>
        </p>
      </div>
    </section>
  );
}
