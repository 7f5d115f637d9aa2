/** New customer account: full name, phone, email, password (spec sections 2 and 5). */
import { Trans, useLingui } from '@lingui/react/macro';
import { PasswordField, TextField } from '@/components/ui/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { firstName, SignUpInput } from '@meatshop/shared/auth';
import { MESSAGES } from '@meatshop/shared/errors';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { useSignUp } from '../api/sign-up';
import { useSignInDialog } from '../hooks/use-sign-in-dialog';
import { applyServerFieldErrors } from './apply-server-errors';

const FIELDS = ['fullName', 'phone', 'email', 'password'] as const;

export function SignUpFormFields({ onSignedUp }: { onSignedUp: () => void }) {
  const signUp = useSignUp();
  /** Set when the answer came without a session: the email already has an account, whose owner was emailed. */
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(SignUpInput),
    defaultValues: { fullName: '', phone: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: (session) => {
        if (!session.user) {
          setCheckEmail(values.email);
          return;
        }
        const name = firstName(session.user.fullName);
        toast.success(t`Welcome, ${name}! Account created successfully!`);
        onSignedUp();
      },
      onError: (err) => {
        applyServerFieldErrors(err, FIELDS, setError);
        toast.error(errorMessage(err, MESSAGES.authFailed));
      },
    }),
  );

  if (checkEmail) return <CheckEmail email={checkEmail} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        id="sign-up-name"
        label={t`Full Name`}
        error={errors.fullName?.message}
        autoComplete="name"
        placeholder={t`e.g. Sarah Namubiru`}
        required
        {...register('fullName')}
      />
      <TextField
        id="sign-up-phone"
        label={t`Phone Number`}
        error={errors.phone?.message}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0772 123456"
        required
        {...register('phone')}
      />
      <TextField
        id="sign-up-email"
        label={t`Email`}
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t`you@example.com`}
        required
        {...register('email')}
      />
      <PasswordField
        id="sign-up-password"
        label={t`Password`}
        error={errors.password?.message}
        hint={t`At least 6 characters.`}
        autoComplete="new-password"
        required
        minLength={6}
        {...register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" pending={signUp.isPending} pendingText={t`Processing...`}>
        <Trans>Create Account</Trans>
      </Button>
    </form>
  );
}

/** What a sign-up without a session says: true whether the person is the owner or not. */
function CheckEmail({ email }: { email: string }) {
  const { setMode, close } = useSignInDialog();
  return (
    <div className="text-center" role="status">
      <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <h3 className="font-display text-xl font-semibold text-ink">
        <Trans>Check your email</Trans>
      </h3>
      <p className="mt-2 text-sm text-muted">
        <Trans>
          We've sent a message to <span className="font-semibold text-ink">{email}</span>. If you already have an account with this email,
          sign in, or choose a new password if you've forgotten it.
        </Trans>
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Button size="lg" className="w-full" onClick={() => setMode('sign-in')}>
          <Trans>Sign In</Trans>
        </Button>
        <Link to={paths.forgotPassword} onClick={close} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
          <Trans>Forgot password?</Trans>
        </Link>
      </div>
    </div>
  );
}
