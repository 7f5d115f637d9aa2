/** New customer account: full name, phone, email, password (spec sections 2 and 5). */
import { zodResolver } from '@hookform/resolvers/zod';
import { firstName, SignUpInput } from '@meatshop/shared/auth';
import { MESSAGES } from '@meatshop/shared/errors';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, fieldDescribedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
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
      <Field id="sign-up-name" label="Full Name" error={errors.fullName?.message}>
        <Input
          id="sign-up-name"
          autoComplete="name"
          placeholder="e.g. Sarah Namubiru"
          required
          invalid={!!errors.fullName}
          aria-describedby={fieldDescribedBy('sign-up-name', errors.fullName?.message)}
          {...register('fullName')}
        />
      </Field>
      <Field id="sign-up-phone" label="Phone Number" error={errors.phone?.message}>
        <Input
          id="sign-up-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0772 123456"
          required
          invalid={!!errors.phone}
          aria-describedby={fieldDescribedBy('sign-up-phone', errors.phone?.message)}
          {...register('phone')}
        />
      </Field>
      <Field id="sign-up-email" label="Email" error={errors.email?.message}>
        <Input
          id="sign-up-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          invalid={!!errors.email}
          aria-describedby={fieldDescribedBy('sign-up-email', errors.email?.message)}
          {...register('email')}
        />
      </Field>
      <Field id="sign-up-password" label="Password" error={errors.password?.message} hint="At least 6 characters.">
        <PasswordInput
          id="sign-up-password"
          autoComplete="new-password"
          required
          minLength={6}
          invalid={!!errors.password}
          aria-describedby={fieldDescribedBy('sign-up-password', errors.password?.message, true)}
          {...register('password')}
        />
      </Field>
      <Button type="submit" size="lg" className="mt-2 w-full" pending={signUp.isPending} pendingText="Processing...">
        Create Account
      </Button>
    </form>
  );
}
