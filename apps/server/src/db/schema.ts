import type { ColumnType, Generated } from 'kysely';

// Booleans are stored as 0/1 integers and timestamps as ISO-8601 UTC text in both SQLite and
// PostgreSQL, so one set of repositories serves both engines (docs/decisions/0001).
export type Flag = 0 | 1;

export interface TenantsTable {
  id: string;
  name: string;
  name_folded: string;
  slug: string;
  timezone: string;
  organisation_group_id: string;
  is_admin_tenant: Flag;
  mfa_enforced: Flag;
  created_at: string;
  forbidden_extensions: Generated<string>; // JSON array of extensions refused for uploads (spec §3 tenant config)
  default_upload_folder_id: string | null; // where uploads without a chosen folder go; null: the root (0013)
  share_max_valid_days: Generated<number | null>; // §3 share limits; null: §9's default (0023)
  share_max_views: Generated<number | null>;
  translation_primary: Generated<string>; // §3 tenant config: the languages transcripts are translated to (0043)
  translation_secondary: Generated<string | null>;
  auto_analysis: Generated<string>; // JSON { kinds, language }: analyses started after a transcode (0044)
  export_file_name_max: Generated<number | null>; // §3 max file name length for exports; null: the default (0050)
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  email: string;
  email_normalized: string;
  name: string;
  name_folded: string; // fold(name): diacritic- and case-insensitive search on both engines
  password_hash: string | null;
  permissions: string; // JSON array of permission strings
  roles: string; // JSON array of roles
  active: Flag;
  hidden: Flag;
  external: Flag;
  language: string | null;
  mfa_secret: string | null; // encrypted with SECRET_KEY
  mfa_enabled: Flag;
  mfa_last_step: number | null; // the last TOTP time step accepted: a code works once
  primary_group_id: string | null;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
}

export interface GroupsTable {
  id: string;
  tenant_id: string;
  name: string;
  name_folded: string;
  permissions: string; // JSON array
  is_organisation: Flag;
  created_at: string;
}

export interface GroupMembersTable {
  tenant_id: string;
  group_id: string;
  user_id: string;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token; the token itself is never stored
  tenant_id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export type CodePurpose = 'password_reset' | 'reset_token' | 'sign_in';

export interface OneTimeCodesTable {
  id: string;
  tenant_id: string;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface SignInFailuresTable {
  tenant_id: string;
  /** SHA-256 of the normalised e-mail address typed. */
  account: string;
  failures: number;
  last_failure_at: string;
  locked_until: string | null;
}

export interface ApiKeysTable {
  id: string;
  tenant_id: string;
  user_id: string;
  label: string;
  identifier: string;
  secret_hash: string;
  active: Flag;
  expires_at: string | null;
  max_inactive_days: number | null;
  last_used_at: string | null;
  timer_reset_at: string; // the unused timer starts here; any update moves it
  created_at: string;
  updated_at: string;
}

export interface MailOutboxTable {
  id: string;
  tenant_id: string | null;
  to_address: string;
  subject: string;
  text_body: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export type JobRowState = 'queued' | 'active' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  tenant_id: string;
  type: string;
  payload: string; // JSON
  idempotency_key: string | null; // unique per (type, tenant_id)
  state: JobRowState;
  attempts: number; // runs started, a run lost to a crashed worker included
  max_attempts: number;
  background: number; // 1: claimed after the due jobs of its type that are not (EnqueueOptions.background)
  run_at: string; // not claimed before this time (delay, retry backoff)
  lease_owner: string | null; // the worker instance that claimed the current run
  lease_expires_at: string | null; // past it, the run is presumed lost and the job is claimed again
  progress: number; // 0–100
  progress_message: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** 'tenant' | 'owner' | 'selected_groups'; null = no restriction. Groups live in access_groups. */
export type AccessLevelColumn = string | null;

/**
 * A copy of the visibleTo groups of access_groups on the row itself, for the visibility filter:
 * ' g1 g2 ' (sorted, space around each), '' for none (0006-visible-groups.ts).
 */
export type VisibleGroupsColumn = string;

export interface FoldersTable {
  id: string;
  tenant_id: string;
  parent_id: string | null; // null only for the tenant's root
  name: string;
  name_folded: string;
  owner_id: string;
  created_by: string;
  visible_level: AccessLevelColumn;
  updatable_level: AccessLevelColumn;
  created_at: string;
  updated_at: string;
  visible_groups: Generated<VisibleGroupsColumn>;
  auto_analysis: Generated<string | null>; // JSON { kinds, language }; null: the tenant's (0044)
}

export interface AccessGroupsTable {
  tenant_id: string;
  subject_id: string; // an item or a folder
  kind: 'visibleTo' | 'updatableBy';
  group_id: string;
}

export interface ItemsTable {
  id: string;
  tenant_id: string;
  item_type: string;
  title: string;
  title_folded: string;
  folder_id: string;
  owner_id: string;
  created_by: string;
  visible_level: AccessLevelColumn;
  updatable_level: AccessLevelColumn;
  is_archived: Generated<Flag>;
  leading_version_id: string | null;
  duration_ms: number | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
  description: Generated<string>;
  // The title and description folded and split into words (searchTokens), as both search engines
  // index them; ItemsRepository derives them whenever the title or description is written.
  search_title: Generated<string>;
  search_description: Generated<string>;
  visible_groups: Generated<VisibleGroupsColumn>;
  // A virtual clip's source item and range (0013-upload-location-virtual-clips.ts); null for every other item.
  clip_source_id: string | null;
  clip_start_ms: number | null;
  clip_end_ms: number | null;
  // The original file name of the leading version ('' for an item without a file) and its words,
  // which both search engines index as a third field (0014-file-name-search.ts).
  file_name: Generated<string>;
  search_file: Generated<string>;
}

/**
 * Every column of ItemsTable, for reading whole items where `items.*` would also bring
 * PostgreSQL's generated search columns (search_vector, title_vector, search_pairs: over a
 * kilobyte a row, which the database formats as text and Node parses, for nothing).
 */
export const ITEM_COLUMNS = [
  'id',
  'tenant_id',
  'item_type',
  'title',
  'title_folded',
  'folder_id',
  'owner_id',
  'created_by',
  'visible_level',
  'updatable_level',
  'is_archived',
  'leading_version_id',
  'duration_ms',
  'created_at',
  'updated_at',
  'deleted_at',
  'deleted_by',
  'description',
  'search_title',
  'search_description',
  'visible_groups',
  'clip_source_id',
  'clip_start_ms',
  'clip_end_ms',
  'file_name',
  'search_file',
] as const satisfies readonly (keyof ItemsTable)[];
type MissingItemColumns = Exclude<keyof ItemsTable, (typeof ITEM_COLUMNS)[number]>;
// Fails to compile, naming the column, when ItemsTable gains one that ITEM_COLUMNS lacks.
true satisfies [MissingItemColumns] extends [never] ? true : MissingItemColumns;

/** Every word a tenant's items have held (0004-search.ts), for expanding wildcards. */
export interface SearchTermsTable {
  tenant_id: string;
  term: string;
}

export interface ItemVersionsTable {
  id: string;
  tenant_id: string;
  item_id: string;
  number: number;
  filename: string; // shown and used for downloads only; never part of a blob key
  size: number;
  sha256: string | null; // set by the ingest job
  mime_type: string | null;
  technical: string | null; // JSON TechnicalMetadata
  renditions: string | null; // JSON Renditions
  created_by: string;
  created_at: string;
  media_job_id: string | null; // the current media job (0009-version-media.ts)
  item_type: string | null; // ItemType of this version's content; the item takes it while this version leads
  exif: string | null; // JSON, a picture's EXIF as read (0010-version-exif.ts)
}

export interface ItemAnalysesTable {
  tenant_id: string;
  item_id: string;
  kind: string; // transcoding, transcription, personDetection, …
  state: string | null;
  enabled: Flag;
  progress: number;
  error_message: string | null;
  updated_at: string;
}

/** What an analysis found, time-coded (0032-analysis-moments.ts). */
export interface AnalysisMomentsTable {
  id: string;
  tenant_id: string;
  item_id: string;
  version_id: string;
  kind: string; // shot | text | speech | translation | face | celebrity | label
  start_ms: number;
  end_ms: number;
  text: string | null;
  score: number;
  box: string | null; // JSON { x, y, width, height }, fractions of the picture
  words: string | null; // JSON: a line's words with boxes, an utterance's words with times
  blob_key: string | null; // a shot's keyframe
  language: string | null;
  provider: string | null;
  created_at: string;
}

/** A person: named, or unknown until named (0041-persons.ts). */
export interface PersonsTable {
  id: string;
  tenant_id: string;
  name: string | null;
  name_folded: string | null;
  public_figure: number; // 0 | 1
  unknown: number; // 0 | 1
  created_at: string;
  updated_at: string;
}

/** A face a detection found, with its descriptor; a person image when image_key is set. */
export interface PersonFacesTable {
  id: string;
  tenant_id: string;
  person_id: string | null;
  // Null for a picture uploaded for the person (kind upload): it was found in no item.
  item_id: string | null;
  moment_id: string | null;
  kind: string; // face | celebrity | upload
  start_ms: number | null;
  descriptor: string; // JSON, 1024 numbers
  width_pct: number;
  image_key: string | null;
  created_at: string;
}

/** A tenant's face matching and unknown-person registration settings, in percent. */
export interface TenantFaceSettingsTable {
  tenant_id: string;
  match_confidence: number;
  unknown_max_images: number;
  unknown_min_similarity: number;
  unknown_min_face_width_pct: number;
  unknown_zoom_out_pct: number;
  updated_at: string;
}

/** A tenant's speech-to-text provider; the key sealed (0033-speech-providers.ts). */
export interface TenantSpeechProvidersTable {
  tenant_id: string;
  kind: string; // openai | whisper (the installation's model: base_url and model '', no key)
  base_url: string;
  model: string;
  sealed_key: string | null;
  updated_at: string;
}

/** A transcript as it was at one revision: a transcription's or a user's edit (0043). */
export interface TranscriptRevisionsTable {
  id: string;
  tenant_id: string;
  item_id: string;
  revision: number;
  source: string; // transcription | edit
  language: string;
  provider: string | null;
  segments: string; // JSON: utterances with their timed words
  created_by: string | null;
  created_at: string;
}

/** A tenant's translation provider for pairs Apertium does not translate; the key sealed (0043). */
export interface TenantTranslationProvidersTable {
  tenant_id: string;
  kind: string; // libretranslate | deepl
  base_url: string;
  sealed_key: string | null;
  updated_at: string;
}

export interface ItemHistoryTable {
  id: string;
  tenant_id: string;
  item_id: string;
  actor_id: string | null;
  action: string;
  details: string; // JSON object
  created_at: string;
}

export interface UploadsTable {
  id: string; // the tus upload id
  tenant_id: string;
  user_id: string;
  filename: string;
  folder_id: string;
  target_item_id: string | null; // set for a new version of an existing item
  item_id: string; // the item the upload becomes (chosen at creation)
  version_id: string;
  size: number;
  received: number;
  state: 'uploading' | 'complete' | 'rejected' | 'failed';
  error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  form_values: string | null; // JSON { formId: { fieldId: value } } set in the upload dialog (0028)
}

export interface DownloadsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  item_id: string;
  version_id: string;
  kind: 'original' | 'proxy';
  filename: string;
  size: number;
  created_at: string;
}

export interface BookmarksTable {
  id: string;
  tenant_id: string;
  owner_id: string | null; // a private bookmark's owner; null for system bookmarks
  scope: 'private' | 'system';
  title: string;
  kind: string;
  target: string;
  icon: string | null; // null: the kind's default icon
  visibility_level: string | null; // system bookmarks only; groups in bookmark_groups
  position: number;
  created_at: string;
  updated_at: string;
}

export interface BookmarkGroupsTable {
  tenant_id: string;
  bookmark_id: string;
  group_id: string;
}

/** Spec §3 metadata forms (0016-metadata-forms.ts); `definition` is the rest of the form as JSON. */
export interface MetadataFormsTable {
  tenant_id: string;
  form_key: string; // the form's id, its key in every item's values
  label: string;
  label_folded: string;
  built_in: string | null; // BuiltInFormKind, or null for a form an administrator made
  active: Flag;
  definition: string; // JSON: the MetadataForm without id, label, active and builtIn
  created_at: string;
  updated_at: string;
}

export interface OptionListsTable {
  id: string;
  tenant_id: string;
  name: string;
  name_folded: string;
  kind: string; // 'flat' | 'tree'
  options: string; // JSON TreeAlternative[]
  created_at: string;
  updated_at: string;
}

export interface SharesTable {
  id: string;
  tenant_id: string;
  kind: 'share' | 'uploadRequest';
  token_hash: string; // sha256 of the link's token
  token_sealed: string; // the token sealed with SECRET_KEY, for its owner's copy of the link
  owner_id: string | null;
  title: string;
  password_hash: string | null;
  expires_at: string;
  max_uses: number; // unique views (share) or files (upload request)
  used: Generated<number>;
  download: 'proxy' | 'original' | null;
  allow_metadata: Flag;
  allow_edit_metadata: Flag;
  folder_id: string | null;
  revoked_at: string | null;
  password_failures: Generated<number>;
  password_window_start: string | null;
  created_at: string;
  updated_at: string;
}

/** An item's form values but Common's title and description, which stay on the item (0016). */
export interface FolderFormDefaultsTable {
  folder_id: string;
  tenant_id: string;
  forms: string; // JSON { formId: { fieldId: value } }: defaults of items uploaded into the folder
  updated_by: string | null;
  updated_at: string;
}

export interface ExifMappingsTable {
  id: string;
  tenant_id: string;
  exif_path: string; // dotted path into a version's stored EXIF
  form_key: string;
  field_id: string;
  created_at: string;
}

export interface ItemMetadataTable {
  item_id: string;
  tenant_id: string;
  forms: string; // JSON { formId: { fieldId: value } }
  updated_at: string;
}

/** The metadata field index (migration 0024): one row per field and term of an item's form values. */
export interface ItemFieldTermsTable {
  tenant_id: string;
  field_key: string;
  term: string;
  item_id: string;
}

/** The forms an item holds values of (migration 0037), for the search's usage filter. */
export interface ItemFormsTable {
  item_id: string;
  form_id: string;
  tenant_id: string;
}

/** A bulk metadata update and how far its job has come (migration 0025). */
export interface BulkMetadataRunsTable {
  id: string;
  tenant_id: string;
  actor_id: string;
  job_id: string | null;
  principal: string; // JSON SerializedPrincipal
  item_ids: string; // JSON string[]
  operations: string; // JSON BulkOperation[]
  total: number;
  processed: number;
  updated: number;
  skipped: string; // JSON { id, title }[]
  created_at: string;
  finished_at: string | null;
}

export interface ShareItemsTable {
  tenant_id: string;
  share_id: string;
  item_id: string;
  position: number;
}

export interface ShareVisitorsTable {
  share_id: string;
  visitor_hash: string; // sha256 of the visitor cookie
  unlocked: Flag;
  counted: Flag;
  first_seen_at: string;
}

export interface ShareEmailsTable {
  id: string;
  tenant_id: string;
  share_id: string;
  address: string;
  message: string;
  sent_by: string | null;
  sent_at: string;
}

export interface ShareUploadsTable {
  upload_id: string;
  tenant_id: string;
  share_id: string;
  visitor_hash: string;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  tenant_id: string;
  item_id: string;
  parent_id: string | null; // a reply's comment
  author_id: string | null; // null once the author's account is deleted
  text: string;
  text_folded: string; // fold(text), for search
  start_ms: number | null;
  end_ms: number | null;
  region: string | null; // JSON CommentRegion
  assignee_id: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  edited_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: string;
  payload: string; // JSON NotificationPayload
  event_key: string | null; // unique per user: one event notifies once
  read_at: string | null;
  created_at: string;
}

export interface NotificationSettingsTable {
  tenant_id: string;
  user_id: string;
  kind: string;
  mail: number; // 0/1
}

export interface LogEventsTable {
  id: string;
  tenant_id: string;
  item_id: string;
  form_id: string;
  start_ms: number;
  end_ms: number | null;
  text: string;
  text_folded: string; // fold(text), for search
  field_values: string; // JSON { fieldId: value }
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The moment search index (0038-moment-search.ts, docs/SEARCH.md): one row per searchable moment,
 * an analysis moment with text or a log event, written in the transaction of its source. The
 * full-text part is the engine's own (SQLite: search_moments_fts by `doc_id`; PostgreSQL: the
 * generated `vector`), left out here.
 */
export interface SearchMomentsTable {
  doc_id: Generated<number>;
  tenant_id: string;
  item_id: string;
  /** analysis_moments.id or log_events.id. */
  source_id: string;
  /** An analysis moment's kind (speech, text, label, face, …) or `log`. */
  kind: string;
  start_ms: number;
  end_ms: number;
  /** What a hit shows: the moment's text (a log event's with its form values). */
  text: string;
  /** The text folded and tokenised (searchTokens), as the engines index it. */
  words: string;
  /** The item's `created_at`, set by the database (0060-moment-terms.ts): its `moment_terms` key. */
  item_created_at: Generated<string>;
}

/**
 * One word of an indexed moment (0060-moment-terms.ts, written by triggers on search_moments):
 * a kind filter's word read in its items' order (newest first), or looked up for one item. SQLite's
 * rows also hold `item_doc_id`, the item's doc id in the full-text index (0061; itemsInTermOrder).
 */
export interface MomentTermsTable {
  tenant_id: string;
  kind: string;
  term: string;
  item_created_at: string;
  item_id: string;
  doc_id: number;
}

export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  sign_in_failures: SignInFailuresTable;
  api_keys: ApiKeysTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  folders: FoldersTable;
  access_groups: AccessGroupsTable;
  items: ItemsTable;
  search_terms: SearchTermsTable;
  item_versions: ItemVersionsTable;
  item_analyses: ItemAnalysesTable;
  analysis_moments: AnalysisMomentsTable;
  tenant_speech_providers: TenantSpeechProvidersTable;
  persons: PersonsTable;
  person_faces: PersonFacesTable;
  tenant_face_settings: TenantFaceSettingsTable;
  transcript_revisions: TranscriptRevisionsTable;
  tenant_translation_providers: TenantTranslationProvidersTable;
  item_history: ItemHistoryTable;
  uploads: UploadsTable;
  downloads: DownloadsTable;
  bookmarks: BookmarksTable;
  bookmark_groups: BookmarkGroupsTable;
  metadata_forms: MetadataFormsTable;
  option_lists: OptionListsTable;
  item_metadata: ItemMetadataTable;
  folder_form_defaults: FolderFormDefaultsTable;
  exif_mappings: ExifMappingsTable;
  item_field_terms: ItemFieldTermsTable;
  item_forms: ItemFormsTable;
  bulk_metadata_runs: BulkMetadataRunsTable;
  shares: SharesTable;
  share_items: ShareItemsTable;
  share_visitors: ShareVisitorsTable;
  share_emails: ShareEmailsTable;
  share_uploads: ShareUploadsTable;
  comments: CommentsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  log_events: LogEventsTable;
  search_moments: SearchMomentsTable;
  moment_terms: MomentTermsTable;
  presets: PresetsTable;
  renders: RendersTable;
  sequence_clips: SequenceClipsTable;
}

/** Spec §3 Preset (0036-presets-renders.ts). */
export interface PresetsTable {
  id: string;
  tenant_id: string;
  preset_id: string;
  name: string;
  hidden: Flag;
  recipe: string;
  profile_mode: string;
  capabilities: string; // JSON list of PresetCapability
  override_start_timecode: Flag;
  start_timecode: string | null;
  fallback_preset_id: string | null;
  is_default: Flag;
  built_in: Flag;
  created_at: string;
  updated_at: string;
}

/** A subclip or sequence export: the item made from a range of a source through a preset (0036). */
export interface RendersTable {
  id: string;
  tenant_id: string;
  kind: string;
  source_item_id: string;
  preset_id: string;
  target_item_id: string;
  target_version_id: string;
  recipe: string;
  start_timecode: string | null;
  in_frame: number;
  out_frame: number;
  /** A sequence export's clip list when asked for (0045-sequences.ts): JSON [{ sourceItemId, inFrame, outFrame }]; null for a subclip. */
  clips: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: string;
  created_at: string;
}

/** A sequence item's clips in order (0045-sequences.ts). */
export interface SequenceClipsTable {
  tenant_id: string;
  sequence_item_id: string;
  position: number;
  source_item_id: string;
  in_frame: number;
  out_frame: number;
}
