/** The one button: variants for every area, a pending state that shows a spinner and blocks clicks. */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'link' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon' | 'icon-sm';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors duration-150 select-none disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'rounded-full bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'rounded-full bg-brand-50 text-brand-800 hover:bg-brand-100',
  outline: 'rounded-full border border-line-strong bg-surface text-ink hover:border-ink/40 hover:bg-cream-deep',
  ghost: 'rounded-full text-ink-soft hover:bg-cream-deep hover:text-ink',
  danger: 'rounded-full bg-danger text-white hover:bg-brand-800',
  link: 'rounded-sm text-brand-700 underline-offset-4 hover:underline',
  inverse: 'rounded-full bg-cream text-brand-900 hover:bg-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-13 px-7 text-base',
  icon: 'size-11',
  'icon-sm': 'size-9',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and announces busy; `pendingText` replaces the label. */
  pending?: boolean;
  pendingText?: ReactNode;
  /** Render the child (a link) with button styles. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(base, variants[variant], variant === 'link' ? 'h-auto p-0' : sizes[size], className);
}

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  pendingText,
  asChild = false,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button type={type} className={classes} disabled={disabled || pending} aria-busy={pending || undefined} {...props}>
      {pending ? <Spinner className="text-[1.1em]" /> : null}
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
