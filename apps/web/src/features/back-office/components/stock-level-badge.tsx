/** Low / between / full, with the outlet screen's colours (red, yellow, green). */
import type { StockLevel } from '@meatshop/shared/inventory';
import { Badge } from '@/components/ui/badge';

const LABEL: Record<StockLevel, string> = { low: 'Low', between: 'Between', full: 'Full' };
const TONE = { low: 'danger', between: 'warning', full: 'success' } as const;

export function StockLevelBadge({ level }: { level: StockLevel }) {
  return (
    <Badge tone={TONE[level]}>
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {LABEL[level]}
    </Badge>
  );
}
