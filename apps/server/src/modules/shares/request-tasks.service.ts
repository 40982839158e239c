import { MESSAGES, canListAllTasks, requestTaskStatus, type TaskStatus } from '@skald/domain';
import type { Identity } from '../../identity/identity.ts';
import type { Page, Paging } from '../../lib/paging.ts';
import { nowIso } from '../../lib/time.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import type { RequestTasksRepository } from './request-tasks.repository.ts';

export interface RequestTaskDto {
  id: string;
  kind: 'uploadRequest';
  status: TaskStatus;
  title: string;
  owner: { id: string; name: string } | null;
  folderId: string | null;
  /** Files that arrived, of the maxUses it allows. */
  received: number;
  maxUses: number;
  expiresAt: string;
  createdAt: string;
}

/** My tasks' requests (spec §2 /userTasks, §4 statuses): the upload requests I own; with task.listAll, everyone's. */
export class RequestTasksService {
  readonly #requests: RequestTasksRepository;
  readonly #users: Pick<UserDirectory, 'names'>;
  constructor(deps: { requests: RequestTasksRepository; users: Pick<UserDirectory, 'names'> }) {
    this.#requests = deps.requests;
    this.#users = deps.users;
  }

  async list(
    caller: Identity,
    o: { scope: 'mine' | 'all'; status: TaskStatus | undefined },
    q: Paging,
  ): Promise<Page<RequestTaskDto> & { counts: Record<TaskStatus, number> }> {
    if (o.scope === 'all' && !canListAllTasks(caller.principal)) {
      throw forbidden(MESSAGES.noTaskListAllPermission);
    }
    const tenantId = caller.tenant.id;
    const ownerId = o.scope === 'mine' ? caller.user.id : undefined;
    const now = nowIso();
    const [page, counts] = await Promise.all([
      this.#requests.list(tenantId, { ownerId, status: o.status, now }, q),
      this.#requests.counts(tenantId, ownerId, now),
    ]);
    const ownerIds = [...new Set(page.items.flatMap((r) => (r.owner_id === null ? [] : [r.owner_id])))];
    const names = await this.#users.names(tenantId, ownerIds);
    return {
      ...page,
      counts,
      items: page.items.map((r) => ({
        id: r.id,
        kind: 'uploadRequest',
        status: requestTaskStatus(r.facts),
        title: r.title,
        owner: r.owner_id === null ? null : { id: r.owner_id, name: names.get(r.owner_id) ?? '' },
        folderId: r.folder_id,
        received: r.received,
        maxUses: r.max_uses,
        expiresAt: r.expires_at,
        createdAt: r.created_at,
      })),
    };
  }
}
