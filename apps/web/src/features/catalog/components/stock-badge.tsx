/** Availability (spec 4): Out of Stock at 0, Low Stock below 10, else In Stock. */
import { stockLabel } from '@meatshop/shared/catalog-constants';
import { weighedStockLabel } from '@meatshop/shared/weighing-rules';
import { Badge } from '@/components/ui/badge';

/** `grams`: a product sold by weight, whose stock is grams. */
export function StockBadge({ stock, className, grams }: { stock: number; className?: string; grams?: boolean }) {
  const label = grams ? weighedStockLabel(stock) : stockLabel(stock);
  const tone = label === 'Out of Stock' ? 'danger' : label === 'Low Stock' ? 'warning' : 'success';
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
