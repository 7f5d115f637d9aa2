/** A panel that slides in from a side (mobile menus, filters): a Radix dialog under the hood. */
import { useLingui } from '@lingui/react/macro';
import type { ComponentProps } from 'react';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { cn } from '@/lib/cn';

export const Sheet = RadixDialog.Root;
export const SheetTrigger = RadixDialog.Trigger;
export const SheetClose = RadixDialog.Close;
export const SheetTitle = RadixDialog.Title;
export const SheetDescription = RadixDialog.Description;

interface SheetContentProps extends ComponentProps<typeof RadixDialog.Content> {
  side?: 'left' | 'right';
}

export function SheetContent({ side = 'left', className, children, ...props }: SheetContentProps) {
  const { t } = useLingui();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50 data-[state=open]:animate-fade-in" />
      <RadixDialog.Content
        className={cn(
          'fixed inset-y-0 z-50 flex w-[min(22rem,88vw)] flex-col bg-surface shadow-lift focus:outline-none',
          side === 'left' ? 'left-0 data-[state=open]:animate-slide-in-left' : 'right-0 data-[state=open]:animate-slide-in-right',
          className,
        )}
        {...props}
      >
        {children}
        <RadixDialog.Close
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-muted transition-colors hover:bg-cream-deep hover:text-ink"
          aria-label={t`Close menu`}
        >
          <X className="size-5" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
