/** Change password (My Account): the current one, then the new one twice. Other devices are signed out. */
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordInput } from '@meatshop/shared/passwords';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { applyServerFieldErrors } from './apply-server-errors';

const ChangeForm = ChangePasswordInput.and(z.object({ confirm: z.string() })).refine((v) => v.newPassword === v.confirm, {
  path: ['confirm'],
  message: 'The passwords do not match',
});

export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ChangeForm), defaultValues: { currentPassword: '', newPassword: '', confirm: '' } });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast.success('Password changed. Your other devices were signed out.');
        },
        onError: (err) => {
          if (!applyServerFieldErrors(err, ['currentPassword', 'newPassword'], setError))
            toast.error(errorMessage(err, 'Could not change the password.'));
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <PasswordField
        id="current-password"
        label="Current password"
        error={errors.currentPassword?.message}
        autoComplete="current-password"
        required
        {...register('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          id="new-password"
          label="New password"
          error={errors.newPassword?.message}
          hint="At least 6 characters."
          autoComplete="new-password"
          required
          minLength={6}
          {...register('newPassword')}
        />
        <PasswordField
          id="confirm-password"
          label="Type it again"
          error={errors.confirm?.message}
          autoComplete="new-password"
          required
          {...register('confirm')}
        />
      </div>
      <Button type="submit" pending={change.isPending} pendingText="Saving...">
        Change password
      </Button>
    </form>
  );
}
