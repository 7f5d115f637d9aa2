/** Sign out of every device, this one included, say so, and go to the storefront. */
import { useNavigate } from '@/lib/router';
import { toast } from '@/lib/toast';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

export function useSignOutEverywhereFlow(to = '/') {
  const navigate = useNavigate();
  const mutation = useSignOutEverywhere();
  return {
    isPending: mutation.isPending,
    signOutEverywhere: () =>
      mutation.mutate(undefined, {
        onSuccess: () => {
          toast.success('Signed out on every device');
          navigate(to, { replace: true });
        },
        onError: () => toast.error('Failed to sign out everywhere'),
      }),
  };
}
