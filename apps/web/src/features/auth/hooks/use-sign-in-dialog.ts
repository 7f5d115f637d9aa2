/**
 * The one sign-in dialog's state. `openSignIn({ onSuccess })` keeps a pending action to run once the
 * visitor is signed in (e.g. add the product they clicked to the cart).
 */
import { create } from 'zustand';

export type AuthMode = 'sign-in' | 'sign-up';

interface SignInDialogState {
  open: boolean;
  mode: AuthMode;
  pendingAction: (() => void) | null;
  openSignIn: (options?: { mode?: AuthMode; onSuccess?: () => void }) => void;
  setMode: (mode: AuthMode) => void;
  close: () => void;
  /** Runs and forgets the pending action. */
  runPendingAction: () => void;
}

export const useSignInDialog = create<SignInDialogState>()((set, get) => ({
  open: false,
  mode: 'sign-in',
  pendingAction: null,
  openSignIn: (options) => set({ open: true, mode: options?.mode ?? 'sign-in', pendingAction: options?.onSuccess ?? null }),
  setMode: (mode) => set({ mode }),
  close: () => set({ open: false, pendingAction: null }),
  runPendingAction: () => {
    const action = get().pendingAction;
    set({ pendingAction: null });
    action?.();
  },
}));
