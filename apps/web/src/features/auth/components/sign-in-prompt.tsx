/** Card asking a visitor to sign in, for screens that need an account (account, orders). */
import { Trans, useLingui } from '@lingui/react/macro';
import { LockKeyhole } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSignInDialog } from '../hooks/use-sign-in-dialog';

interface SignInPromptProps {
  title?: string;
  description?: string;
}

export function SignInPrompt({ title, description }: SignInPromptProps) {
  const { t } = useLingui();
  const openSignIn = useSignInDialog((s) => s.openSignIn);
  // A visitor looking at this card is about to sign in: fetch the form now.
  // (Imported lazily so the dialog's code stays out of the first visit; see bench/bundle.)
  useEffect(() => {
    void import('./sign-in-dialog').then((m) => m.preloadAuthForms());
  }, []);
  return (
    <Card className="mx-auto max-w-lg overflow-hidden">
      <div className="h-1.5 bg-gradient-to-r from-brand-800 via-brand-600 to-gold" aria-hidden="true" />
      <div className="flex flex-col items-center px-6 py-10 text-center sm:px-10 sm:py-12">
        <span className="mb-5 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <LockKeyhole className="size-6" aria-hidden="true" />
        </span>
        <h2 className="font-display text-2xl font-semibold text-ink">{title ?? t`Sign in to your account`}</h2>
        <p className="mt-2 max-w-sm text-sm text-muted">
          {description ?? t`See your orders, save delivery addresses and check out faster.`}
        </p>
        <div className="mt-7 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button size="lg" onClick={() => openSignIn()}>
            <Trans>Sign In</Trans>
          </Button>
          <Button size="lg" variant="outline" onClick={() => openSignIn({ mode: 'sign-up' })}>
            <Trans>Create an account</Trans>
          </Button>
        </div>
      </div>
    </Card>
  );
}
