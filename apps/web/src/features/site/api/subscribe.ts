/** POST /api/subscriptions: the coming-soon email sign-up (409 when already subscribed). */
import type { SubscribeInput } from '@meatshop/shared/catalog';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function subscribe(input: SubscribeInput) {
  return api.post<{ id: string; email: string }>('/api/subscriptions', input);
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
