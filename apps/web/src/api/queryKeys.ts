import type { GroupListParams, UserListParams } from './admin.ts';

export const queryKeys = {
  me: ['me'] as const,
  tenantLookup: (name: string) => ['tenants', 'lookup', name] as const,
  users: ['users'] as const,
  userList: (params: UserListParams) => ['users', 'list', params] as const,
  groups: ['groups'] as const,
  groupList: (params: GroupListParams) => ['groups', 'list', params] as const,
  apiKeys: ['apiKeys'] as const,
  apiKeyList: (params: { from: number; itemsPerPage: number }) => ['apiKeys', 'list', params] as const,
};
