import { apiRequest, postTo } from './client.ts';
import type { ApiBody, ApiInput } from './schema.ts';

export type LoginInput = ApiInput<'/api/v1/auth/login', 'post'>;

export const authApi = {
  lookupTenants: (name: string, signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/tenants/lookup', 'get'>>('/tenants/lookup', { query: { name }, signal }),
  /** The demo organisation this server offers on the sign-in page; 404 where there is none. */
  demoOffer: (signal?: AbortSignal) =>
    apiRequest<ApiBody<'/api/v1/tenants/demo', 'get'>>('/tenants/demo', { signal }),
  login: (input: LoginInput) => postTo('/api/v1/auth/login', input),
  logout: () => postTo('/api/v1/auth/logout'),
  changePassword: (input: ApiInput<'/api/v1/auth/change-password', 'post'>) =>
    postTo('/api/v1/auth/change-password', input),
  forgotPassword: (input: ApiInput<'/api/v1/auth/forgot-password', 'post'>) =>
    postTo('/api/v1/auth/forgot-password', input),
  verifyResetCode: (input: ApiInput<'/api/v1/auth/forgot-password/verify', 'post'>) =>
    postTo('/api/v1/auth/forgot-password/verify', input),
  resetPassword: (input: ApiInput<'/api/v1/auth/forgot-password/reset', 'post'>) =>
    postTo('/api/v1/auth/forgot-password/reset', input),
  signInWithCode: (code: string) => postTo('/api/v1/auth/sign-in-code', { code }),
};

export const meApi = {
  get: (signal?: AbortSignal) => apiRequest<ApiBody<'/api/v1/me', 'get'>>('/me', { signal }),
  update: (input: ApiInput<'/api/v1/me', 'patch'>) =>
    apiRequest<ApiBody<'/api/v1/me', 'patch'>>('/me', { method: 'PATCH', body: input }),
  mfaSetup: () => postTo('/api/v1/me/mfa/setup'),
  mfaEnable: (code: string) => postTo('/api/v1/me/mfa/enable', { code }),
  mfaDisable: (code: string) => postTo('/api/v1/me/mfa/disable', { code }),
};
