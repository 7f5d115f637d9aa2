/** A label, its control and its error message, wired together with ids for screen readers. */
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input, type InputProps } from './input';
import { Label } from './label';
import { PasswordInput } from './password-input';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Ids to put on the control: `aria-describedby` pointing at the hint and error. */
export function fieldDescribedBy(id: string, error?: string, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function Field({ id, label, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = InputProps & { id: string; label: ReactNode; error?: string | undefined; hint?: ReactNode; fieldClassName?: string };

/** A labelled text input with its hint and error wired for screen readers (`invalid` follows `error`). */
export function TextField({ id, label, error, hint, fieldClassName, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <Input id={id} invalid={!!error} aria-describedby={fieldDescribedBy(id, error, !!hint)} {...input} />
    </Field>
  );
}

/** The same for a password, with its show/hide toggle. */
export function PasswordField({ id, label, error, hint, fieldClassName, ...input }: Omit<TextFieldProps, 'type'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <PasswordInput id={id} invalid={!!error} aria-describedby={fieldDescribedBy(id, error, !!hint)} {...input} />
    </Field>
  );
}
