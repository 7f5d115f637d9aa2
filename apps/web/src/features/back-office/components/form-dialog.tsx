/**
 * The back office's add/edit dialog: a titled dialog whose form shows the server's message above its
 * fields and Cancel / Save at the bottom. The form is mounted only while the dialog is open, so each
 * opening starts from the row's current values.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  focusFirstField = true,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  /**
   * Off for forms whose first field is a search box or a long list: on a phone, focusing it would
   * open the keyboard over the list before the user chose where to type. The dialog itself takes focus.
   */
  focusFirstField?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={cn('max-w-lg', className)}
        onOpenAutoFocus={
          focusFirstField
            ? undefined
            : (e) => {
                e.preventDefault();
                (e.currentTarget as HTMLElement | null)?.focus();
              }
        }
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}

/** The form inside a `FormDialog`: the server's message, the fields, then Cancel and the submit button. */
export function DialogForm({
  onSubmit,
  serverError,
  pending,
  submitLabel,
  onCancel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  serverError?: string;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {serverError ? (
        <p role="alert" className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger">
          {serverError}
        </p>
      ) : null}
      {children}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending} pendingText="Saving...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
