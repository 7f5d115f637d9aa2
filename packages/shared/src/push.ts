/** Web push subscription as the browser's PushSubscription.toJSON() gives it. */
import { z } from 'zod';

export const PushSubscribeInput = z.object({
  endpoint: z.url('Invalid push endpoint').max(2_000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscribeInput = z.infer<typeof PushSubscribeInput>;

export const PushUnsubscribeInput = z.object({ endpoint: z.url().max(2_000) });
