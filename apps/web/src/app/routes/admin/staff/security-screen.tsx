/**
 * Sign-in Security: a staff member sets up an authenticator app (scan the code or type the key, give
 * the first code, keep the backup codes) or turns it off. When the shop requires it for their role,
 * the back office sends them here first.
 */
import { TwoFactorCodeInput } from '@meatshop/shared/staff-permissions';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { renderSVG } from 'uqr';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordField, TextField } from '@/components/ui/field';
import { applySession, useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor } from '@/features/auth/api/two-factor';
import { ApiError, errorMessage } from '@/lib/api-client';
import { Link } from '@/lib/router';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useShopStore } from '@/stores/shop-store';

export function SecurityScreen() {
  const staff = useShopStore((s) => s.staff);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  if (!staff) return null;
  return (
    <div className="max-w-2xl space-y-6">
      {staff.twoFactorRequired ? (
        <div role="status" className="flex gap-3 rounded-2xl border border-warning/30 bg-warning-soft p-4 text-sm text-ink">
          <ShieldAlert className="size-5 shrink-0 text-warning" aria-hidden="true" />
          <p>
            <span className="font-semibold">The shop asks your role ({staff.roleName}) to use an authenticator app.</span> Set it up below
            to open the rest of the back office.
          </p>
        </div>
      ) : null}
      {backupCodes ? (
        <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />
      ) : staff.twoFactorEnabled ? (
        <EnabledCard />
      ) : (
        <SetUpCard onEnabled={setBackupCodes} />
      )}
    </div>
  );
}

function SetUpCard({ onEnabled }: { onEnabled: (backupCodes: string[]) => void }) {
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const setup = start.data;
  const qr = useMemo(
    () => (setup ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(setup.totpUri, { border: 2, blackColor: '#1f1512' }))}` : null),
    [setup],
  );

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>Two-step sign-in</CardTitle>
          <Badge>Off</Badge>
        </div>
        <CardDescription>
          After your password, the back office will ask for a 6-digit code from an authenticator app on your phone (Google Authenticator,
          Microsoft Authenticator, 1Password…). Someone who learns your password still cannot sign in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {!setup ? (
          <form
            className="space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!password) return setError('Password is required');
              setError(undefined);
              start.mutate(password, { onError: (err) => setError(errorMessage(err)) });
            }}
          >
            <PasswordField
              id="two-factor-password"
              label="Your password"
              hint="To make sure it is you."
              autoComplete="current-password"
              value={password}
              error={error}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" pending={start.isPending} pendingText="Starting...">
              Set Up Authenticator App
            </Button>
          </form>
        ) : (
          <form
            className="space-y-5"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const parsed = TwoFactorCodeInput.safeParse({ code });
              if (!parsed.success) return setError(parsed.error.issues[0]?.message);
              setError(undefined);
              confirm.mutate(parsed.data.code, {
                onSuccess: (session) => {
                  toast.success('Two-step sign-in is on');
                  onEnabled(setup.backupCodes);
                  applySession(session);
                },
                onError: (err) => setError(err instanceof ApiError ? (err.fields?.code ?? err.message) : errorMessage(err)),
              });
            }}
          >
            <ol className="space-y-5 text-sm text-ink">
              <li className="space-y-3">
                <p>
                  <span className="font-semibold">1. Scan this code</span> with your authenticator app.
                </p>
                <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
                  {qr ? (
                    <img
                      src={qr}
                      alt="QR code to add this account to an authenticator app"
                      className="size-44 rounded-xl border border-line bg-white p-2"
                    />
                  ) : null}
                  <div className="min-w-0 space-y-1">
                    <p className="text-muted">Cannot scan? Type this key instead:</p>
                    <code
                      data-testid="two-factor-secret"
                      className="block rounded-lg bg-cream px-3 py-2 font-mono text-sm break-all text-ink"
                    >
                      {setup.secret}
                    </code>
                  </div>
                </div>
              </li>
              <li className="space-y-3">
                <p>
                  <span className="font-semibold">2. Enter the 6-digit code</span> the app shows now.
                </p>
                <TextField
                  id="two-factor-code"
                  label="Code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  fieldClassName="max-w-48"
                  value={code}
                  error={error}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                />
              </li>
            </ol>
            <Button type="submit" pending={confirm.isPending} pendingText="Checking...">
              Turn On
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-success" aria-hidden="true" />
          <CardTitle>Save your backup codes</CardTitle>
        </div>
        <CardDescription>
          If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe: they are shown only
          now.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Backup codes">
          {codes.map((c) => (
            <li key={c} className="rounded-lg bg-cream px-3 py-2 text-center font-mono text-sm text-ink">
              {c}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success('Copied'))}
          >
            Copy Codes
          </Button>
          <Button onClick={onDone} asChild>
            <Link to={paths.admin.root}>I Have Saved Them</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function EnabledCard() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>Two-step sign-in</CardTitle>
          <Badge tone="success">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            On
          </Badge>
        </div>
        <CardDescription>Signing in asks for a code from your authenticator app after your password.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!password) return setError('Password is required');
            setError(undefined);
            disable.mutate(password, {
              onSuccess: () => toast.success('Two-step sign-in is off'),
              onError: (err) => setError(errorMessage(err)),
            });
          }}
        >
          <PasswordField
            id="two-factor-off-password"
            label="Your password"
            hint="To turn it off. A new set-up gives new backup codes."
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" variant="outline" pending={disable.isPending} pendingText="Turning off...">
            Turn Off
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
