/**
 * The /api/auth calls (docs/product.md#api Auth): sign in, who am I, sign out, change password.
 * Sign-in goes without the stored token, so a stale token can never block it.
 */
import { api } from '../../../lib/api-client';
import type { LoginResponse, User } from '../../../../shared/schemas/auth';

export interface LoginBody {
  email: string;
  password: string;
  turnstileToken?: string;
}

export const loginRequest = (body: LoginBody) => api.post<LoginResponse>('/auth/login', body, { auth: false });

/** The signed-in user, and when the session ends (ISO); a refused token is reported to the caller (no redirect: used at start-up). */
export const meRequest = (signal?: AbortSignal) =>
  api.get<{ user: User; expiresAt?: string | null }>('/auth/me', { signal, on401: 'throw', registrant: false });

export interface ChangePasswordBody {
  current_password: string;
  new_password: string;
}

export const changePasswordRequest = (body: ChangePasswordBody) =>
  api.post<{ message: string }>('/auth/change-password', body, { registrant: false });
