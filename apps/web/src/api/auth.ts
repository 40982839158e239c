import { apiRequest } from './client.ts';
import type { ApiBody, ApiInput } from './schema.ts';

export type LoginInput = ApiInput<'/api/v1/auth/login', 'post'>;

export const authApi = {
  lookupTenants: (name: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/tenants/lookup', 'get'>>('/tenants/lookup', { query: { name }, signal }),
  login: (input: LoginInput) =>
    apiRequest<ApiBody<'/api/v1/auth/login', 'post'>>('/auth/login', { method: 'POST', body: input }),
  logout: () => apiRequest<ApiBody<'/api/v1/auth/logout', 'post'>>('/auth/logout', { method: 'POST' }),
  changePassword: (input: ApiInput<'/api/v1/auth/change-password', 'post'>) =>
    apiRequest<ApiBody<'/api/v1/auth/change-password', 'post'>>('/auth/change-password', {
      method: 'POST',
      body: input,
    }),
  forgotPassword: (input: ApiInput<'/api/v1/auth/forgot-password', 'post'>) =>
    apiRequest<ApiBody<'/api/v1/auth/forgot-password', 'post'>>('/auth/forgot-password', {
      method: 'POST',
      body: input,
    }),
  verifyResetCode: (input: ApiInput<'/api/v1/auth/forgot-password/verify', 'post'>) =>
    apiRequest<ApiBody<'/api/v1/auth/forgot-password/verify', 'post'>>('/auth/forgot-password/verify', {
      method: 'POST',
      body: input,
    }),
  resetPassword: (input: ApiInput<'/api/v1/auth/forgot-password/reset', 'post'>) =>
    apiRequest<ApiBody<'/api/v1/auth/forgot-password/reset', 'post'>>('/auth/forgot-password/reset', {
      method: 'POST',
      body: input,
    }),
  signInWithCode: (code: string) =>
    apiRequest<ApiBody<'/api/v1/auth/sign-in-code', 'post'>>('/auth/sign-in-code', {
      method: 'POST',
      body: { code },
    }),
};

export const meApi = {
  get: (signal?: AbortSignal) => apiRequest<ApiBody<'/api/v1/me', 'get'>>('/me', { signal }),
  update: (input: ApiInput<'/api/v1/me', 'patch'>) =>
    apiRequest<ApiBody<'/api/v1/me', 'patch'>>('/me', { method: 'PATCH', body: input }),
  mfaSetup: () => apiRequest<ApiBody<'/api/v1/me/mfa/setup', 'post'>>('/me/mfa/setup', { method: 'POST' }),
  mfaEnable: (code: string) =>
    apiRequest<ApiBody<'/api/v1/me/mfa/enable', 'post'>>('/me/mfa/enable', {
      method: 'POST',
      body: { code },
    }),
  mfaDisable: (code: string) =>
    apiRequest<ApiBody<'/api/v1/me/mfa/disable', 'post'>>('/me/mfa/disable', {
      method: 'POST',
      body: { code },
    }),
};
