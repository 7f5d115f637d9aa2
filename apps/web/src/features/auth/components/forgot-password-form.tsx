/** Asks for the email of a forgotten password; the answer is the same whether or not it has an account. */
import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInput } from '@meatshop/shared/passwords';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm({ onSignIn }: { onSignIn: () => void }) {
  const request = useForgotPassword();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) =>
    request.mutate(values, { onError: (err) => toast.error(errorMessage(err, 'Could not send the link. Please try again.')) }),
  );

  if (request.isSuccess) {
    return (
      <div className="text-center" role="status">
        <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <h2 className="font-display text-2xl font-semibold text-ink">Check your email</h2>
        <p className="mt-2 text-sm text-muted">
          If an account uses <span className="font-semibold text-ink">{getValues('email')}</span>, we have sent it a link to choose a new
          password. The link works once, for 30 minutes.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button size="lg" onClick={onSignIn}>
            Back to Sign In
          </Button>
          <Button size="lg" variant="outline" onClick={() => request.reset()}>
            Use another email
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        id="forgot-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        {...register('email')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" pending={request.isPending} pendingText="Sending...">
        Send reset link
      </Button>
    </form>
  );
}
