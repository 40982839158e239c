import type { ApiBody, Schema } from './schema.ts';

/** Shapes of docs/API.md, from the server's OpenAPI document (schema.ts). */

/** Every list answer: a page of `items` (docs/API.md "Lists"). */
export interface Page<T> {
  items: T[];
  total: number;
  from: number;
  itemsPerPage: number;
}

export type Me = Schema<'Me'>;
export type MeUser = Me['user'];
export type Tenant = Me['tenant'];
export type Roles = Me['roles'];
export type UserRole = MeUser['roles'][number];
export type GroupRef = MeUser['groups'][number];
export type User = Schema<'User'>;
export type Group = Schema<'Group'>;
export type ApiKey = Schema<'ApiKey'>;
export type TenantMatch = ApiBody<'/api/v1/tenants/lookup', 'get'>['items'][number];
export type MfaSetup = ApiBody<'/api/v1/me/mfa/setup', 'post'>;
