/** Changing, forgetting and resetting a password, and signing out everywhere. */
import { z } from 'zod';
import { email, password } from './auth.ts';

export const ChangePasswordInput = z
  .object({ currentPassword: z.string().min(1, 'Current password is required').max(128), newPassword: password })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
  });
export type ChangePasswordInput = z.input<typeof ChangePasswordInput>;

export const ForgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

/** The token comes from the emailed link (better-auth makes 24 characters). */
export const ResetPasswordInput = z.object({
  token: z.string().trim().min(1, 'This reset link is incomplete').max(128),
  newPassword: password,
});
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const OkResponse = z.object({ ok: z.literal(true) });

/** How long an emailed reset link works. */
export const RESET_LINK_MINUTES = 30;

/** Said for every reset request, whether or not the email has an account. */
export const RESET_REQUESTED =
  'If an account uses this email, we have sent it a link to choose a new password. The link works for 30 minutes.';
export const RESET_LINK_INVALID = 'This reset link is invalid, already used or expired. Please ask for a new one.';
