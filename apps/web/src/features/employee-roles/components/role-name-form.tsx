/** One text field and a button: used to add a role and to rename one. */
import { AdminRoleInput } from '@meatshop/shared/employee-roles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';

interface RoleNameFormProps {
  id: string;
  label: string;
  submitLabel: string;
  defaultName?: string;
  pending: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  className?: string;
}

export function RoleNameForm({ id, label, submitLabel, defaultName = '', pending, onSubmit, className }: RoleNameFormProps) {
  const form = useForm<AdminRoleInput>({ resolver: zodResolver(AdminRoleInput), defaultValues: { name: defaultName } });
  const error = form.formState.errors.name?.message;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      form.reset({ name: defaultName });
    } catch (err) {
      // The server's message (a duplicate name) shows under the field.
      form.setError('name', { message: err instanceof ApiError ? (err.fields?.name ?? err.message) : 'Failed to save role' });
    }
  });
  return (
    <form onSubmit={submit} noValidate className={cn('flex flex-col gap-3 sm:flex-row sm:items-start', className)}>
      <Field id={id} label={label} error={error} className="flex-1">
        <Input
          id={id}
          invalid={!!error}
          aria-describedby={fieldDescribedBy(id, error)}
          placeholder="e.g. Supervisor"
          {...form.register('name')}
        />
      </Field>
      <Button type="submit" pending={pending} className="sm:mt-6.5">
        {submitLabel}
      </Button>
    </form>
  );
}
