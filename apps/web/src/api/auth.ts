import { apiRequest } from './client.ts';
import type { Me, MfaSetup, TenantMatch } from './types.ts';

export interface LoginInput {
  tenant: string;
  email: string;
  password: string;
  totp?: string;
}

export const authApi = {
  lookupTenants: (name: string, signal?: AbortSignal) =>
    apiRequest<{ items: TenantMatch[] }>('/tenants/lookup', { query: { name }, signal }),
  login: (input: LoginInput) => apiRequest<Me>('/auth/login', { method: 'POST', body: input }),
  logout: () => apiRequest<undefined>('/auth/logout', { method: 'POST' }),
  changePassword: (input: { currentPassword: string; newPassword: string }) =>
    apiRequest<undefined>('/auth/change-password', { method: 'POST', body: input }),
  forgotPassword: (input: { tenant: string; email: string }) =>
    apiRequest<undefined>('/auth/forgot-password', { method: 'POST', body: input }),
  verifyResetCode: (input: { tenant: string; email: string; code: string }) =>
    apiRequest<{ resetToken: string }>('/auth/forgot-password/verify', { method: 'POST', body: input }),
  resetPassword: (input: { resetToken: string; password: string; totp?: string }) =>
    apiRequest<Me>('/auth/forgot-password/reset', { method: 'POST', body: input }),
  signInWithCode: (code: string) => apiRequest<Me>('/auth/sign-in-code', { method: 'POST', body: { code } }),
};

export const meApi = {
  get: (signal?: AbortSignal) => apiRequest<Me>('/me', { signal }),
  update: (input: { name?: string; language?: string }) =>
    apiRequest<Me>('/me', { method: 'PATCH', body: input }),
  mfaSetup: () => apiRequest<MfaSetup>('/me/mfa/setup', { method: 'POST' }),
  mfaEnable: (code: string) => apiRequest<Me>('/me/mfa/enable', { method: 'POST', body: { code } }),
  mfaDisable: (code: string) => apiRequest<Me>('/me/mfa/disable', { method: 'POST', body: { code } }),
};
