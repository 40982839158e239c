import { request, type APIRequestContext } from 'playwright-core';
import { baseUrl } from './run.ts';
import { DEMO_PASSWORD } from './sign-in.ts';

export interface NewUser {
  id: string;
  email: string;
  name: string;
  password: string;
}

let counter = 0;

/** An e-mail address in the demo tenant that no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${++counter}@demo.test`;
}

/**
 * Creates a user of the demo tenant through the API, as the demo admin, so a spec has an account
 * of its own to change (the demo users are shared by every spec).
 */
export async function createUser(options: {
  name: string;
  email?: string;
  password?: string;
  /** Granted to the user themself, besides what the organisation group gives everyone. */
  permissions?: string[];
}): Promise<NewUser> {
  const email = options.email ?? uniqueEmail(options.name.toLowerCase().replace(/\W+/g, '-'));
  const password = options.password ?? 'first-password-1';
  const api = await adminApi();
  try {
    const created = await api.post('/api/v1/users', {
      data: { email, name: options.name, password, permissions: options.permissions ?? [] },
    });
    if (created.status() !== 201) throw new Error(`create user: ${created.status()} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    return { id, email, name: options.name, password };
  } finally {
    await api.dispose();
  }
}

/** An API client signed in as the demo administrator, for arranging what a spec needs. Dispose it. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: baseUrl() });
  const login = await api.post('/api/v1/auth/login', {
    data: { tenant: 'demo', email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  if (login.status() !== 200) throw new Error(`admin login: ${login.status()} ${await login.text()}`);
  return api;
}
