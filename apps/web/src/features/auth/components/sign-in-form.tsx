/** Email and password sign-in in the sign-in dialog. */
import { Trans, useLingui } from '@lingui/react/macro';
import { PasswordField, TextField } from '@/components/ui/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { firstName, password, SignInInput } from '@meatshop/shared/auth';
import { MESSAGES } from '@meatshop/shared/errors';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { useSignIn } from '../api/sign-in';
import { useSignInDialog } from '../hooks/use-sign-in-dialog';
import { applyServerFieldErrors } from './apply-server-errors';
import { TwoFactorStep } from './two-factor-step';
import type { SessionResponse } from '@meatshop/shared/auth';
import { useState } from 'react';

/** The dialog asks for at least 6 characters, like sign-up. */
const SignInForm = SignInInput.extend({ password });

export function SignInFormFields({ onSignedIn }: { onSignedIn: (destination?: string) => void }) {
  const signIn = useSignIn();
  const closeDialog = useSignInDialog((s) => s.close);
  const [askCode, setAskCode] = useState(false);
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(SignInForm), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (session) => {
        // An authenticator app guards this account: the code comes next.
        if (session.twoFactorPending) return setAskCode(true);
        welcome(session);
      },
      onError: (err) => {
        applyServerFieldErrors(err, ['email', 'password'], setError);
        toast.error(errorMessage(err, MESSAGES.authFailed));
      },
    }),
  );

  function welcome(session: SessionResponse) {
    if (session.user) {
      const name = firstName(session.user.fullName);
      toast.success(t`Welcome back, ${name}!`);
      onSignedIn();
    } else {
      // A rider account signed in from the shop: their home is the rider app.
      toast.success(t`Welcome back!`);
      onSignedIn(session.rider ? '/rider' : undefined);
    }
  }

  if (askCode) return <TwoFactorStep onSignedIn={welcome} onRestart={() => setAskCode(false)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        id="sign-in-email"
        label={t`Email`}
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t`you@example.com`}
        required
        {...register('email')}
      />
      <div>
        <PasswordField
          id="sign-in-password"
          label={t`Password`}
          error={errors.password?.message}
          autoComplete="current-password"
          placeholder={t`At least 6 characters`}
          required
          minLength={6}
          {...register('password')}
        />
        <p className="mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} onClick={closeDialog} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            <Trans>Forgot password?</Trans>
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" className="mt-2 w-full" pending={signIn.isPending} pendingText={t`Processing...`}>
        <Trans>Sign In</Trans>
      </Button>
    </form>
  );
}
