/**
 * The install prompt: shown 3 s after the browser offers to install the rider app,
 * with Not Now and Install App. Not Now is remembered on this phone.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { getPreference, setPreference } from '../offline/rider-db';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** An offer made before the app's code had run, kept by public/load-app.js. */
    __installOffer?: Event;
  }
}

const INSTALL_DELAY_MS = 3_000;

export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [visible, setVisible] = useState(false);
  const { t } = useLingui();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      const offered = e as BeforeInstallPromptEvent;
      void getPreference<boolean>('installDismissed').then((dismissed) => {
        if (dismissed) return;
        setEvent(offered);
        timer = setTimeout(() => setVisible(true), INSTALL_DELAY_MS);
      });
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    const early = window.__installOffer;
    if (early) {
      window.__installOffer = undefined;
      onPrompt(early);
    }
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      clearTimeout(timer);
    };
  }, []);

  if (!visible || !event) return null;
  const close = () => {
    setVisible(false);
    setEvent(null);
  };
  return (
    <div
      role="dialog"
      aria-label={t`Install the rider app`}
      className="fixed inset-x-3 bottom-24 z-40 mx-auto max-w-md rounded-2xl bg-brand-950 p-4 text-cream shadow-lift"
    >
      <div className="flex items-start gap-3">
        <Download className="mt-0.5 size-6 shrink-0 text-gold-soft" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            <Trans>Install Prime Rider</Trans>
          </p>
          <p className="text-sm text-cream/80">
            <Trans>Add the app to your home screen for quick access, even with a weak signal.</Trans>
          </p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button
          variant="ghost"
          className="text-cream hover:bg-white/10 hover:text-white"
          onClick={() => {
            void setPreference('installDismissed', true);
            close();
          }}
        >
          <Trans>Not Now</Trans>
        </Button>
        <Button
          variant="inverse"
          onClick={async () => {
            await event.prompt();
            await event.userChoice.catch(() => undefined);
            close();
          }}
        >
          <Trans>Install App</Trans>
        </Button>
      </div>
    </div>
  );
}
