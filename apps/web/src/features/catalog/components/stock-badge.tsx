/** Availability (spec 4): Out of Stock at 0, Low Stock below 10, else In Stock. */
import { stockLabel } from '@meatshop/shared/status';
import { Badge } from '@/components/ui/badge';

export function StockBadge({ stock, className }: { stock: number; className?: string }) {
  const label = stockLabel(stock);
  const tone = label === 'Out of Stock' ? 'danger' : label === 'Low Stock' ? 'warning' : 'success';
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
