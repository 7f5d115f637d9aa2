/**
 * The order's receipt: a link to the PDF the server builds (nothing is drawn in the browser, so the
 * first visit carries no PDF code). Shown only for orders that have one: paid or delivered.
 */
import { hasReceipt, receiptUrl } from '@meatshop/shared/receipts';
import { FileDown, Printer } from 'lucide-react';
import { type ButtonSize, type ButtonVariant, buttonClasses } from '@/components/ui/button';

interface ReceiptLinkProps {
  order: { id: string; status: string; paymentStatus: string };
  /** `download` saves the PDF; `print` opens it in a new tab, in the browser's viewer, to print. */
  mode?: 'download' | 'print';
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function ReceiptLink({ order, mode = 'download', variant = 'outline', size = 'md', className }: ReceiptLinkProps) {
  if (!hasReceipt(order)) return null;
  const classes = buttonClasses(variant, size, className);
  if (mode === 'print') {
    return (
      <a href={receiptUrl(order.id, 'print')} target="_blank" rel="noopener" className={classes} data-testid="print-receipt">
        <Printer className="size-4" aria-hidden="true" />
        Print receipt
      </a>
    );
  }
  return (
    <a href={receiptUrl(order.id)} download className={classes} data-testid="download-receipt">
      <FileDown className="size-4" aria-hidden="true" />
      Download receipt
    </a>
  );
}
