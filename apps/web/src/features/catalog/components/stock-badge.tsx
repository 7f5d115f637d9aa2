/** Availability (spec 4): Out of Stock at 0, Low Stock below 10, else In Stock. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { stockLabel } from '@meatshop/shared/catalog-constants';
import { weighedStockLabel } from '@meatshop/shared/weighing-rules';
import { Badge } from '@/components/ui/badge';

// The words of stockLabel / weighedStockLabel, in the page's language.
const STOCK_LABELS = {
  'Out of Stock': msg`Out of Stock`,
  'Low Stock': msg`Low Stock`,
  'In Stock': msg`In Stock`,
} as const;

/** `grams`: a product sold by weight, whose stock is grams. */
export function StockBadge({ stock, className, grams }: { stock: number; className?: string; grams?: boolean }) {
  const label = grams ? weighedStockLabel(stock) : stockLabel(stock);
  const tone = label === 'Out of Stock' ? 'danger' : label === 'Low Stock' ? 'warning' : 'success';
  const { i18n } = useLingui();
  return (
    <Badge tone={tone} className={className}>
      {i18n._(STOCK_LABELS[label])}
    </Badge>
  );
}
