/**
 * The dialog's two forms, loaded on demand: they bring the shared zod schemas and the phone-number
 * library, which a shopper who never signs in should not download.
 */
import type { AuthMode } from '../hooks/use-sign-in-dialog';
import { SignInFormFields } from './sign-in-form';
import { SignUpFormFields } from './sign-up-form';

interface AuthFormsProps {
  mode: AuthMode;
  onDone: (destination?: string) => void;
}

export default function AuthForms({ mode, onDone }: AuthFormsProps) {
  return mode === 'sign-in' ? <SignInFormFields onSignedIn={onDone} /> : <SignUpFormFields onSignedUp={() => onDone()} />;
}
