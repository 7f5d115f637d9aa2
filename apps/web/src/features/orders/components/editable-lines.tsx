/**
 * The lines of an order being changed, one row each: fewer, more, remove. Shared by the customer's
 * "Change items" and the back office's "Edit items"; at least one unit of one line always stays.
 */
import { Minus, Plus, Trash2 } from 'lucide-react';
import type { Dispatch, SetStateAction } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface EditableLine {
  productId: string;
  name: string;
  quantity: number;
}

export function EditableLines({
  lines,
  setLines,
  rowClassName,
  nameClassName,
}: {
  lines: EditableLine[];
  setLines: Dispatch<SetStateAction<EditableLine[]>>;
  rowClassName?: string;
  nameClassName?: string;
}) {
  const setQty = (id: string, q: number) => setLines((ls) => ls.map((l) => (l.productId === id ? { ...l, quantity: Math.max(1, q) } : l)));
  return (
    <ul className="divide-y divide-line">
      {lines.map((l) => (
        <li key={l.productId} className={cn('flex items-center gap-2', rowClassName)}>
          <span className={cn('min-w-0 flex-1 text-ink', nameClassName)}>{l.name}</span>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Fewer ${l.name}`}
            disabled={l.quantity <= 1}
            onClick={() => setQty(l.productId, l.quantity - 1)}
          >
            <Minus className="size-4" aria-hidden="true" />
          </Button>
          <output className="w-8 text-center font-semibold tabular-nums">{l.quantity}</output>
          <Button variant="ghost" size="icon-sm" aria-label={`More ${l.name}`} onClick={() => setQty(l.productId, l.quantity + 1)}>
            <Plus className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove ${l.name}`}
            disabled={lines.length <= 1}
            onClick={() => setLines((ls) => ls.filter((x) => x.productId !== l.productId))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
