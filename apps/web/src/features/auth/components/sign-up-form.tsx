/** New customer account: full name, phone, email, password (spec sections 2 and 5). */
import { PasswordField, TextField } from '@/components/ui/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { firstName, SignUpInput } from '@meatshop/shared/auth';
import { MESSAGES } from '@meatshop/shared/errors';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';
import { applyServerFieldErrors } from './apply-server-errors';

const FIELDS = ['fullName', 'phone', 'email', 'password'] as const;

export function SignUpFormFields({ onSignedUp }: { onSignedUp: () => void }) {
  const signUp = useSignUp();
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
        const name = session.user?.fullName ?? values.fullName;
        toast.success(`Welcome, ${firstName(name)}! Account created successfully!`);
        onSignedUp();
      },
      onError: (err) => {
        applyServerFieldErrors(err, FIELDS, setError);
        toast.error(errorMessage(err, MESSAGES.authFailed));
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextField
        id="sign-up-name"
        label="Full Name"
        error={errors.fullName?.message}
        autoComplete="name"
        placeholder="e.g. Sarah Namubiru"
        required
        {...register('fullName')}
      />
      <TextField
        id="sign-up-phone"
        label="Phone Number"
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
        label="Email"
        error={errors.email?.message}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        {...register('email')}
      />
      <PasswordField
        id="sign-up-password"
        label="Password"
        error={errors.password?.message}
        hint="At least 6 characters."
        autoComplete="new-password"
        required
        minLength={6}
        {...register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" pending={signUp.isPending} pendingText="Processing...">
        Create Account
      </Button>
    </form>
  );
}
