/**
 * Toasts without putting sonner in the first visit's JavaScript: `toast.success/error/info/warning` load
 * sonner and mount its Toaster on first use, then show the message (the Toaster only shows toasts
 * published after it subscribed, so each call waits until it is mounted).
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';

type Message = Parameters<typeof import('sonner').toast.success>[0];

let requestMount: (() => void) | undefined;
let mounted = false;
let pending = false;
let resolveReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

const Toaster = lazy(() =>
  import('sonner').then((m) => ({
    default: (() => (
      <m.Toaster
        position="bottom-right"
        richColors
        closeButton
        toastOptions={{
          classNames: {
            // Room on the right for the close button, top-right and 40 px across (sonner hangs a 20 px one off the top-left corner).
            toast: 'font-sans !rounded-2xl !pr-14',
            title: '!text-[0.9rem]',
            closeButton:
              '!top-2 !right-2 !left-auto !size-10 !transform-none !border-0 !bg-transparent opacity-70 hover:!bg-black/5 hover:opacity-100 [&>svg]:size-4',
          },
        }}
      />
    )) as ComponentType,
  })),
);

/** Runs after the Toaster (its earlier sibling) has subscribed to sonner's store. */
function Ready(): ReactNode {
  useEffect(() => {
    mounted = true;
    resolveReady();
  }, []);
  return null;
}

/** Mounted once by the app's providers; renders nothing until the first toast. */
export function LazyToaster() {
  const [show, setShow] = useState(false);
  useEffect(() => {
    requestMount = () => setShow(true);
    if (pending) setShow(true);
    return () => {
      requestMount = undefined;
    };
  }, []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <Ready />
    </Suspense>
  );
}

function show(kind: 'success' | 'error' | 'info' | 'warning', message: Message, data?: ExternalToast) {
  const sonner = import('sonner');
  if (!mounted) {
    if (requestMount) requestMount();
    else pending = true;
  }
  void Promise.all([sonner, ready]).then(([m]) => m.toast[kind](message, data));
}

export const toast = {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  warning: (message: Message, data?: ExternalToast) => show('warning', message, data),
};
