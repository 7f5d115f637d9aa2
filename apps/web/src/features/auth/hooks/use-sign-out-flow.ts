/** Sign out, say so, and leave for `to` (the storefront by default; spec: "After sign-out goes to /"). */
import { useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { useSignOut } from '../api/sign-out';

export function useSignOutFlow(to = '/') {
  const navigate = useNavigate();
  const mutation = useSignOut();
  return {
    isPending: mutation.isPending,
    signOut: () =>
      mutation.mutate(undefined, {
        onSuccess: () => {
          toast.success('Signed out successfully');
          navigate(to, { replace: true });
        },
        onError: () => toast.error('Failed to sign out'),
      }),
  };
}
