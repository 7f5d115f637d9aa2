/** Menu that drops from a trigger (Radix): keyboard navigable, closes on select. */
import type { ComponentProps } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { cn } from '@/lib/cn';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({ className, sideOffset = 10, ...props }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-56 rounded-2xl border border-line bg-surface p-2 shadow-lift data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return (
    <RadixMenu.Item
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-sm text-ink outline-none select-none data-[highlighted]:bg-cream-deep',
        className,
      )}
      {...props}
    />
  );
}
