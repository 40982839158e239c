export {
  ALL_PERMISSIONS,
  DEFAULT_PERMISSIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_GROUPS,
  isPermission,
  permissionGroupOf,
  type Permission,
  type PermissionGroup,
} from './permissions/catalogue.ts';
export { IMPLICATIONS, expandPermissions, impliedBy } from './permissions/implications.ts';
export { AVAILABLE_ITEM_TYPES, AVAILABLE_PERMISSIONS } from './availability.ts';
export {
  SUPER_ADMIN_ONLY_GROUPS,
  adminRank,
  changedEntries,
  mayGrantPermissions,
  mayGrantRoles,
  mayManageUser,
} from './permissions/administration.ts';
export {
  ADMIN_GRANTS,
  ROLES,
  effectivePermissions,
  hasPermission,
  isAdmin,
  isSpecialAdmin,
  isSuperAdmin,
  isSupport,
  isTenantAdmin,
  type Principal,
  type Role,
} from './permissions/roles.ts';
export {
  canChooseUploadLocation,
  canCreateVersion,
  canDeleteFolder,
  canDeleteItem,
  canEditRestrictions,
  canEnforceMfa,
  canRecoverItem,
  canUpdate,
  canUpload,
  versionRefusal,
  type VersionRefusal,
} from './permissions/abilities.ts';
export {
  ACCESS_LEVELS,
  type Access,
  type AccessKind,
  type AccessLevel,
  type AccessOutcome,
  type AccessResult,
  type Guarded,
} from './access/types.ts';
export { checkUpdatable, checkVisibility } from './access/checks.ts';
export { parseAccess } from './access/parse.ts';
export { validateAccessChange } from './access/change.ts';
export { LOG_MESSAGES, MESSAGES, formatMessage, type MessageKey, type MessageParams } from './messages.ts';
export { DAY_MS, DEFAULTS, LIMITS } from './constants.ts';
export {
  areLineLimitsValid,
  isRefineSelectionAllowed,
  isStatisticsRangeAllowed,
  translationRetryDelayMs,
} from './limits.ts';
export {
  ANALYSIS_KINDS,
  ANALYSIS_STATES,
  ITEM_TYPES,
  MEDIA_ITEM_TYPES,
  type AnalysisKind,
  type AnalysisStateName,
  type ItemType,
} from './items/item-types.ts';
export {
  mediaActionRefusal,
  type ItemShape,
  type MediaAction,
  type VirtualClip,
} from './items/media-actions.ts';
export {
  ACCEPTED_EXTENSIONS,
  fileExtension,
  isAcceptedFile,
  itemTypeForExtension,
  type FileItemType,
} from './media/file-types.ts';
export type {
  AnalysisState,
  AnalysisStates,
  DownloadKind,
  DownloadRecord,
  ExifSummary,
  Folder,
  FolderPathEntry,
  HistoryAction,
  HistoryEntry,
  Item,
  ItemSummary,
  ItemVersion,
  Playback,
  Rational,
  StripGeometry,
  TechnicalMetadata,
  ThumbnailStrip,
  UploadRecord,
  UserRef,
  Waveform,
} from './items/item-dto.ts';
export {
  BOOKMARK_ICONS,
  BOOKMARK_KINDS,
  BOOKMARK_LIMITS,
  BOOKMARK_SCOPES,
  BOOKMARK_VISIBILITY_LEVELS,
  SEARCH_FILTER_TYPES,
  type Bookmark,
  type BookmarkAudience,
  type BookmarkIcon,
  type BookmarkKind,
  type BookmarkScope,
  type BookmarkVisibility,
  type BookmarkVisibilityLevel,
  type SearchFilterType,
} from './bookmarks/types.ts';
export {
  bookmarkSection,
  canEditBookmark,
  canManageSystemBookmarks,
  canSeeBookmark,
  canUseBookmarks,
  defaultBookmarkIcon,
  type BookmarkSection,
  type BookmarkView,
} from './bookmarks/rules.ts';
export {
  searchFilterTypeOf,
  validateBookmark,
  type BookmarkDraft,
  type BookmarkFieldError,
  type ValidBookmark,
} from './bookmarks/validation.ts';
export { fold } from './text/fold.ts';
export { EXPORT_FILE_NAME_LENGTH, exportFileName } from './text/file-name.ts';
export {
  createdRange,
  daysRange,
  highlighter,
  inDayRange,
  parseSearchQuery,
  queryMatcher,
  searchTokens,
  tokensWithOffsets,
  userFilterValues,
  type CompareOp,
  type DayRange,
  type ParseResult,
  type QueryNode,
  type ResolvedUsers,
  type SearchDocument,
  type SearchSyntaxCode,
  type SearchSyntaxError,
  type SearchWarning,
  type SearchWarningCode,
  type Span,
  type TextField,
  type TextMatch,
  type TokenWithOffsets,
} from './search/index.ts';
export {
  DATE_TERM_PREFIX,
  FIRST_TOKEN,
  MAX_TERM_LENGTH,
  SORT_TERM_PREFIX,
  metadataTerm,
  metadataTerms,
  type DateBound,
  type MetadataMatch,
  type MetadataTerm,
  type ParseOptions,
  fieldFilterTerms,
  type FieldFilter,
} from './search/index.ts';
export {
  LOG_MOMENT_KIND,
  MOMENT_FILTER_KINDS,
  MOMENTS_PER_HIT,
  MOMENT_SNIPPET_LENGTH,
  logEventMomentText,
  momentHighlighter,
  momentMayMatch,
  momentKindsOf,
  momentSnippet,
  type MomentFilter,
} from './search/index.ts';
export {
  BUILT_IN_FORM_KINDS,
  FIELD_TYPES,
  FORM_VIEWS,
  FORM_VISIBILITY_LEVELS,
  OPTION_LIST_KINDS,
  type Alternative,
  type BuiltInFormKind,
  type DateOffsetRule,
  type FieldGroups,
  type FieldType,
  type FieldValue,
  type FormField,
  type FormView,
  type FormViewName,
  type FormVisibility,
  type FormVisibilityLevel,
  type ItemMetadata,
  type MetadataForm,
  type OptionList,
  type OptionListKind,
  type TreeAlternative,
  type ViewFieldSetting,
} from './forms/types.ts';
export { SYSTEM_SHORTCUTS, normaliseShortcut, shortcutConflicts } from './forms/shortcuts.ts';
export {
  TREE_PATH_SEPARATOR,
  choiceAlternatives,
  treeAlternatives,
  treePath,
  type OptionLists,
} from './forms/options.ts';
export {
  VALUE_RULE_TEXTS,
  canReadField,
  canWriteField,
  defaultValue,
  formView,
  isDateValue,
  isEmptyValue,
  isFileUrl,
  isVisibleIn,
  validateFormValues,
  valueError,
  type FieldReader,
  type FieldValueError,
} from './forms/values.ts';
export {
  FORM_IDENTIFIER,
  FORM_RULE_TEXTS,
  formDeleteRefusal,
  validateForm,
  type FormContext,
  type FormFieldError,
} from './forms/validate-form.ts';
export { BUILT_IN_FORMS, newField, newForm } from './forms/built-in.ts';
export { canSeeForm, fieldReaderOf } from './forms/audience.ts';
export { PREFILL_RULE_TEXTS, givenValueErrors, layerFormValues } from './forms/prefill.ts';
export { buttonUrl, viewFields, withSubtypeViews, type ViewField } from './forms/views.ts';
export {
  EXIF_PATH,
  EXIF_RULE_TEXTS,
  exifAt,
  exifFieldValue,
  exifFormValues,
  type ExifMapping,
} from './forms/exif.ts';
export {
  BULK_METADATA_MAX_ITEMS,
  BULK_RULE_TEXTS,
  applyBulkOperations,
  validateBulkOperations,
  type BulkOperation,
  type BulkOperationError,
} from './forms/bulk.ts';
export {
  OFFSET_KINDS,
  WARNING_LEVELS,
  newUsageContext,
  type OffsetKind,
  type UsageContext,
  type UsageRuleGroup,
  type ValidityEnd,
  type WarningLevel,
} from './usage-rules/types.ts';
export {
  validateUsageRuleGroups,
  type UsageContextDraft,
  type UsageRuleError,
  type UsageRuleGroupDraft,
  type ValidityEndDraft,
} from './usage-rules/validate.ts';
export { usageVerdict, type UsageState, type UsageVerdict } from './usage-rules/verdict.ts';
export {
  itemUsageRows,
  itemUsageSummary,
  rightsSummary,
  usageRows,
  formsHeld,
  type ItemUsageRow,
  type RightsSummary,
} from './usage-rules/item-usage.ts';
export {
  USAGE_FILTERS,
  USAGE_FILTER_DAYS,
  usageFilterContexts,
  type UsageFilter,
  type UsageFilterContext,
  type UsageFilterState,
} from './usage-rules/usage-filter.ts';
export {
  LOG_EVENT_LIMITS,
  canReadLogEvents,
  canWriteLogEvents,
  logEventEnd,
  loggingShortcuts,
  shortcutOfKey,
  type LoggingShortcut,
} from './logging/log-events.ts';
export { SHARE_RECIPIENT, shareViewForms, type SharedField, type SharedForm } from './forms/share-view.ts';
export { guestUploadErrors, guestUploadView, type GuestValueError } from './forms/guest-upload.ts';
export {
  MISSING_QUALITY_CHOICES,
  SHARE_KINDS,
  SHARE_LIMITS,
  SHARE_QUALITIES,
  SHARE_STATES,
  type MissingQualityChoice,
  type ShareKind,
  type ShareLimits,
  type ShareQuality,
  type ShareState,
} from './shares/types.ts';
export {
  canCreateShare,
  canListShares,
  canManageShare,
  latestExpiry,
  missingQuality,
  sharedDownloadPlan,
  shareLimitsOf,
  shareState,
  type QualityAvailability,
  type ShareStatus,
} from './shares/rules.ts';
export { REQUEST_FACT_COMBINATIONS, requestTaskStatus, type RequestFacts } from './shares/request-status.ts';
export {
  SHARE_RULE_TEXTS,
  isShareQuality,
  isValidSharePassword,
  parseEmailList,
  validateShare,
  type ShareDraft,
  type ShareField,
  type ShareFieldError,
} from './shares/validation.ts';
export {
  COMMENT_LIMITS,
  TASK_STATUSES,
  type CommentAnchor,
  type CommentRegion,
  type TaskStatus,
} from './comments/types.ts';
export {
  anchorRefusal,
  canChangeCommentStatus,
  canDeleteComment,
  canEditComment,
  canListAllTasks,
  canReadComments,
  canWriteComments,
  commentTaskStatus,
  type TaskFacts,
} from './comments/rules.ts';
export { mentionCandidates, mentionKey, resolveMentions } from './comments/mentions.ts';
export {
  DEFAULT_MAIL_SETTING,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  commentLink,
  notificationLink,
  type NotificationKind,
  type NotificationPayload,
} from './notifications/kinds.ts';
export {
  ANALYSIS_FAILURES,
  ANALYSIS_JOB_KINDS,
  ANALYSIS_PERMISSIONS,
  TRANSCRIPTION_LANGUAGES,
  analysisApplies,
  analysisRefusal,
  type AnalysisJobKind,
  type TranscriptionLanguage,
} from './analysis/analysis-kinds.ts';
export type { Shot, TextLine, TranscriptSegment } from './analysis/results.ts';
export {
  frameToSeconds,
  framesToTimecode,
  isDropFrame,
  isTimecode,
  nominalFps,
  secondsToFrame,
  SOUND_FRAME_RATE,
  sourceTimecode,
  timecodeAtRate,
  timecodeToFrames,
  type FrameRate,
} from './rendering/timecode.ts';
export {
  PRESET_CAPABILITIES,
  PRESET_PROFILE_MODES,
  RENDER_RECIPES,
  RENDER_RECIPE_NAMES,
  presetCan,
  presetDeletionRefusal,
  presetProblems,
  presetsFor,
  recipeMakesPicture,
  subclipNeeds,
  wholeRenderNeeds,
  type Preset,
  type PresetCapability,
  type PresetDraft,
  type PresetProblem,
  type PresetProfileMode,
  type PresetUses,
  type RenderRecipe,
} from './rendering/presets.ts';
export {
  EDL_MAX_EVENTS,
  MARKER_CSV_COLUMNS,
  MARKER_NAMES,
  markersToCsv,
  markersToEdl,
  type Marker,
} from './rendering/markers.ts';
export {
  CROP_ASPECTS,
  cropPixels,
  type CropArea,
  type CropAspectId,
  type PixelRect,
} from './rendering/crop.ts';
export {
  MAX_SEQUENCE_CLIPS,
  clipSeconds,
  moveClip,
  sequenceRefusal,
  sequenceTimeline,
  usedParts,
  type SequenceClip,
  type UsedPart,
} from './rendering/sequences.ts';
