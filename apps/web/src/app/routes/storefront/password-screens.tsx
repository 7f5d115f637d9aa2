/**
 * Forgot password (ask for a link) and reset password (the emailed link lands here with its token):
 * one narrow card under the page header, like the sign-in card of My Account.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useSignInDialog } from '@/features/auth/hooks/use-sign-in-dialog';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { paths } from '@/lib/paths';
import { PageHeader } from './page-header';

function PasswordCard({ children }: { children: ReactNode }) {
  return (
    <div className="container-page py-10 sm:py-14">
      <Card className="mx-auto max-w-lg overflow-hidden">
        <div className="h-1.5 bg-gradient-to-r from-brand-800 via-brand-600 to-gold" aria-hidden="true" />
        <div className="px-6 py-8 sm:px-10 sm:py-10">{children}</div>
      </Card>
    </div>
  );
}

/** Back to the storefront with the sign-in dialog open. */
function useSignInAtHome() {
  const navigate = useNavigate();
  const openSignIn = useSignInDialog((s) => s.openSignIn);
  return () => {
    navigate(paths.home);
    openSignIn();
  };
}

export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const signIn = useSignInAtHome();
  return (
    <>
      <PageHeader
        eyebrow={t`Account`}
        title={t`Forgot your password?`}
        description={t`Enter your email and we'll send you a link to choose a new one.`}
      />
      <PasswordCard>
        <ForgotPasswordForm onSignIn={signIn} />
      </PasswordCard>
    </>
  );
}

export function ResetPasswordScreen() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useSignInAtHome();
  return (
    <>
      <PageHeader
        eyebrow={t`Account`}
        title={t`Choose a new password`}
        description={t`After this, every device signed in to your account is signed out.`}
      />
      <PasswordCard>
        {token ? (
          <ResetPasswordForm token={token} onSignIn={signIn} />
        ) : (
          <div className="text-center">
            <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <KeyRound className="size-6" aria-hidden="true" />
            </span>
            <p className="text-sm text-muted">
              <Trans>This link is incomplete. Open the link from the email again, or ask for a new one.</Trans>
            </p>
            <Link to={paths.forgotPassword} className="mt-4 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline">
              <Trans>Ask for a new link</Trans>
            </Link>
          </div>
        )}
      </PasswordCard>
    </>
  );
}
