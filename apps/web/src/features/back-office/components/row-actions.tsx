/** The edit and activate/deactivate buttons of a back-office table row (employees, riders). */
import { Pencil, Power } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function EditRowButton({ name, onEdit }: { name: string; onEdit: () => void }) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label={`Edit ${name}`} onClick={onEdit}>
      <Pencil className="size-4" aria-hidden="true" />
    </Button>
  );
}

export function ActiveToggleButton({
  name,
  isActive,
  pending,
  onToggle,
}: {
  name: string;
  isActive: boolean;
  pending: boolean;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`${isActive ? 'Deactivate' : 'Activate'} ${name}`}
      disabled={pending}
      onClick={onToggle}
    >
      <Power className="size-4" aria-hidden="true" />
    </Button>
  );
}
