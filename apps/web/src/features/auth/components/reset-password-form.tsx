/** Chooses a new password with the token of an emailed link (typed twice, so a slip does not lock the person out). */
import { zodResolver } from '@hookform/resolvers/zod';
import { password } from '@meatshop/shared/auth';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';

const ResetForm = z
  .object({ newPassword: password, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });

export function ResetPasswordForm({ token, onSignIn }: { token: string; onSignIn: () => void }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ResetForm), defaultValues: { newPassword: '', confirm: '' } });

  const onSubmit = handleSubmit(({ newPassword }) =>
    reset.mutate({ token, newPassword }, { onError: (err) => toast.error(errorMessage(err, 'Could not change the password.')) }),
  );

  if (reset.isSuccess) {
    return (
      <div className="text-center" role="status">
        <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-full bg-success-soft text-success">
          <CircleCheck className="size-6" aria-hidden="true" />
        </span>
        <h2 className="font-display text-2xl font-semibold text-ink">Password changed</h2>
        <p className="mt-2 text-sm text-muted">Every device was signed out. Sign in with your new password.</p>
        <Button size="lg" className="mt-6" onClick={onSignIn}>
          Sign In
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {reset.isError ? (
        <p className="rounded-xl bg-danger-soft p-3 text-sm font-medium text-danger" role="alert">
          {errorMessage(reset.error, 'Could not change the password.')}
        </p>
      ) : null}
      <PasswordField
        id="reset-password"
        label="New password"
        error={errors.newPassword?.message}
        hint="At least 6 characters."
        autoComplete="new-password"
        required
        minLength={6}
        {...register('newPassword')}
      />
      <PasswordField
        id="reset-confirm"
        label="Type it again"
        error={errors.confirm?.message}
        autoComplete="new-password"
        required
        {...register('confirm')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" pending={reset.isPending} pendingText="Saving...">
        Set new password
      </Button>
    </form>
  );
}
