import type { BookmarkView } from '@skald/domain';
import type { GroupListParams, UserListParams } from './admin.ts';
import type { ItemListParams } from './items.ts';
import type { SearchParams } from './search.ts';

/** An item list's identity: its folder and order (pages are part of the infinite query). */
type ItemListKey = Pick<ItemListParams, 'folderId' | 'sort' | 'order'>;

export const queryKeys = {
  me: ['me'] as const,
  tenantLookup: (name: string) => ['tenants', 'lookup', name] as const,
  demoOffer: ['tenants', 'demo'] as const,
  users: ['users'] as const,
  userList: (params: UserListParams) => ['users', 'list', params] as const,
  userDirectory: ['users', 'directory'] as const,
  groups: ['groups'] as const,
  groupList: (params: GroupListParams) => ['groups', 'list', params] as const,
  apiKeys: ['apiKeys'] as const,
  apiKeyList: (params: { from: number; itemsPerPage: number }) => ['apiKeys', 'list', params] as const,
  /** Everything item-shaped: lists, details and history (invalidate after a move, delete or restore). */
  items: ['items'] as const,
  itemList: (params: ItemListKey) => ['items', 'list', params] as const,
  item: (id: string) => ['items', 'detail', id] as const,
  /** The placeholders a search finds that a render can fill (the cutter's render into a placeholder). */
  placeholders: ['items', 'placeholders'] as const,
  placeholderChoice: (searchString: string) => ['items', 'placeholders', searchString] as const,
  itemHistory: (id: string) => ['items', 'history', id] as const,
  /** A sequence item's clips, and what an export of it depends on (under items: an edit refreshes them). */
  sequenceClips: (id: string) => ['items', 'sequence', id] as const,
  sequenceDependencies: (id: string) => ['items', 'sequence', id, 'dependencies'] as const,
  /** What an item's analyses found (under items: a new run refreshes it with the item). */
  itemAnalysis: (id: string) => ['items', 'analysis', id] as const,
  persons: (params: object) => ['persons', 'list', params] as const,
  person: (id: string) => ['persons', 'one', id] as const,
  personAppearances: (id: string) => ['persons', 'appearances', id] as const,
  itemTranscript: (id: string) => ['items', 'transcript', id] as const,
  transcriptRevisions: (id: string) => ['items', 'transcript', id, 'revisions'] as const,
  transcriptRevision: (id: string, revision: number) =>
    ['items', 'transcript', id, 'revisions', revision] as const,
  timeToSearchable: (id: string) => ['items', 'history', id, 'searchable'] as const,
  itemTranslation: (id: string) => ['items', 'translation', id] as const,
  translationSettings: ['tenant', 'translation'] as const,
  autoAnalysis: ['tenant', 'auto-analysis'] as const,
  /** Every folder's automatic analyses (those without their own follow the tenant's). */
  folderAutoAnalyses: ['folders', 'auto-analysis'] as const,
  folderAutoAnalysis: (id: string) => ['folders', 'auto-analysis', id] as const,
  speechProvider: ['tenant', 'speechProvider'] as const,
  faceSettings: ['tenant', 'faceSettings'] as const,
  exportSettings: ['tenant', 'exportSettings'] as const,
  /** A search (or the recycle bin's), its pages loaded as the results scroll. */
  search: (params: SearchParams) => ['items', 'search', params] as const,
  folders: ['folders'] as const,
  folderRoot: ['folders', 'root'] as const,
  folder: (id: string) => ['folders', 'detail', id] as const,
  folderChildren: (id: string) => ['folders', 'children', id] as const,
  /** The tenant's default upload location: under folders, as renaming or deleting a folder changes it. */
  uploadLocation: ['folders', 'uploadLocation'] as const,
  /** The caller's upload and download history (activity monitor). */
  uploads: ['uploads'] as const,
  uploadList: (params: { from: number; itemsPerPage: number }) => ['uploads', 'list', params] as const,
  downloads: ['downloads'] as const,
  downloadList: (params: { from: number; itemsPerPage: number }) => ['downloads', 'list', params] as const,
  /** The caller's bookmarks and filters: the navigation's, and the management list's. */
  bookmarks: ['bookmarks'] as const,
  bookmarkList: (view: BookmarkView) => ['bookmarks', 'list', view] as const,
  /** Metadata forms and option lists (settings), and an item's form values. */
  forms: ['forms'] as const,
  optionLists: ['forms', 'optionLists'] as const,
  /** Render presets (Settings → Preset management, the cutter's choice of preset). */
  presets: ['presets'] as const,
  presetChoice: (needs: readonly string[]) => ['presets', 'choice', ...needs] as const,
  itemMetadata: (id: string) => ['items', 'metadata', id] as const,
  folderFormDefaults: (id: string) => ['forms', 'folderDefaults', id] as const,
  exifMappings: ['forms', 'exifMappings'] as const,
  exifJob: (jobId: string) => ['forms', 'exifJob', jobId] as const,
  /** The usage-rule state of a slice of listed items (tile badges). */
  itemsUsage: (ids: readonly string[]) => ['items', 'usage', ids.join(',')] as const,
  bulkMetadataRun: (id: string) => ['bulkMetadata', id] as const,
  /** My shares (the caller's, or with scope all the tenant's) and the tenant's share limits. */
  shares: ['shares'] as const,
  shareList: (params: { scope: string; from: number; itemsPerPage: number }) =>
    ['shares', 'list', params] as const,
  shareLimits: ['shares', 'limits'] as const,
  /** A share link's page, as its visitor sees it. */
  sharePage: (token: string) => ['publicShare', token] as const,
  /** An item's comments (comment changes also change My tasks). */
  comments: ['comments'] as const,
  itemComments: (itemId: string, state: string) => ['comments', 'item', itemId, state] as const,
  tasks: (params: object) => ['comments', 'tasks', params] as const,
  commentSearch: (params: object) => ['comments', 'search', params] as const,
  /** An item's log events, and log event search. */
  logEvents: (itemId: string) => ['logEvents', itemId] as const,
  logEventSearch: (params: object) => ['logEvents', 'search', params] as const,
  notifications: ['notifications'] as const,
  notificationSettings: ['notifications', 'settings'] as const,
};
