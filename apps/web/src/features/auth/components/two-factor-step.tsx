/**
 * The second sign-in step of an account guarded by an authenticator app: the password was right,
 * and the 6-digit code (or one of the backup codes) finishes signing in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionResponse } from '@meatshop/shared/auth';
import { TwoFactorBackupCodeInput, TwoFactorCodeInput } from '@meatshop/shared/staff-permissions';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useVerifyTwoFactor } from '../api/two-factor';

export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: (session: SessionResponse) => void; onRestart: () => void }) {
  const verify = useVerifyTwoFactor();
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const { t } = useLingui();

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = (backup ? TwoFactorBackupCodeInput : TwoFactorCodeInput).safeParse({ code });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        verify.mutate(
          { code: parsed.data.code, backup },
          {
            onSuccess: onSignedIn,
            onError: (err) => {
              // The challenge ran out (10 minutes, or too many wrong codes): the password comes first again.
              if (err instanceof ApiError && (err.status === 401 || err.status === 429)) {
                toast.error(err.message);
                return onRestart();
              }
              setError(err instanceof ApiError ? (err.fields?.code ?? err.message) : errorMessage(err));
            },
          },
        );
      }}
    >
      <div className="flex gap-3 rounded-xl bg-cream p-3 text-sm text-ink">
        <ShieldCheck className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <p>{backup ? t`Enter one of the backup codes you saved.` : t`Open your authenticator app and enter the 6-digit code it shows.`}</p>
      </div>
      <TextField
        key={backup ? 'backup' : 'app'}
        id="sign-in-code"
        label={backup ? t`Backup code` : t`Authentication code`}
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        maxLength={backup ? 64 : 6}
        value={code}
        error={error}
        onChange={(e) => setCode(backup ? e.target.value : e.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" size="lg" className="w-full" pending={verify.isPending} pendingText={t`Checking...`}>
        <Trans>Verify</Trans>
      </Button>
      <button
        type="button"
        className="w-full text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        onClick={() => {
          setBackup((b) => !b);
          setCode('');
          setError(undefined);
        }}
      >
        {backup ? t`Use the authenticator app instead` : t`Use a backup code`}
      </button>
    </form>
  );
}
