import type { SessionResponse, SignInInput } from '@meatshop/shared/auth';
import type { RiderSignUpInput } from '@meatshop/shared/rider';
import { api } from '@/lib/api-client';

export const riderSignUp = (input: RiderSignUpInput) => api.post<SessionResponse>('/api/rider/sign-up', input);
/** The server signs out an account with no rider profile and answers 'No rider profile found…'. */
export const riderSignIn = (input: SignInInput) => api.post<SessionResponse>('/api/rider/sign-in', input);
