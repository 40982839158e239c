import { ANALYSIS_MESSAGES } from './analysis/messages.ts';
import { COMMENT_MESSAGES } from './comments/messages.ts';
import { MEDIA_MESSAGES } from './media-messages.ts';
import { PLACEHOLDER_MESSAGES } from './rendering/placeholder-messages.ts';
import { SEARCH_MESSAGES, SEARCH_SYNTAX_MESSAGES } from './search/messages.ts';

/**
 * Every user-visible message of the spec (§4 archive messages, §5, §8), and at the end the product's
 * own where the spec quotes none. Where the spec quotes a message it is copied character for
 * character, including its case and punctuation; where it only names one, the text is the spec's own
 * words. `{name}` marks a value filled in by formatMessage.
 * The web translates by key; these English texts are the en source and what the API answers.
 */
export const MESSAGES = {
  // §4 archive transfer states; the error text is followed by one of the two retry suffixes.
  itemArchived: 'Item is archived',
  archiveComplete: 'The highres of this item is in an archive bucket',
  archiveInitiated: 'File transfer to archive bucket is pending',
  archiveProgressing: 'File transfer to archive bucket is in progress',
  archiveError: 'Failed to transfer file to archive bucket.',
  archiveClickToRetry: ' Click to retry.',
  archiveNeedPermissionToRetry: ' Need permission to retry.',

  // §5 bookmarks, shares, dates
  bookmarkTitleRequired: 'Bookmark title is required',
  selectedGroupsEmpty: 'Selected groups cannot be empty',
  invalidEmail: 'Invalid email address',
  selectDate: 'Please select a date',
  selectFutureDate: 'Please select a date in the future',
  statisticsRangeTooLong: 'Statistics date range must be less than 90 days',
  selectTenant: 'A tenant must be selected',
  sharePasswordRequired: 'A valid password is required',
  sharePendingInvites: 'Pending invites must be sent or discarded first',
  shareEmailsForCustomMessage: 'Emails are needed to add a custom message',

  // §5 forms and fields
  formLabelCharacters: 'Label may not contain a period or quotes',
  formExists: 'A form with that name already exists',
  buttonFieldRequiredOrReadOnly: 'Button fields cannot be required or read only',
  checkboxRequired: 'Checkboxes cannot be required',
  fileFieldRequiredOrReadOnly: 'File fields cannot be required or read only',
  readOnlyFieldRequired: 'A read only field cannot be required',
  titleMustBeRequired: 'Title must be required',
  qcFormRequiredField: 'Required fields cannot be added to the built-in QC form',
  createdOnInitialization: 'createdOn cannot be initialized',
  invalidShortcut: 'Invalid shortcut',
  shortcutConflict: 'Shortcut conflicts with another form or a system shortcut',
  defaultTypeProtected: 'Common type and folder default type cannot be deactivated or deleted',
  builtInFormProtected: 'Detected Text and Restricted Material forms cannot be deleted',
  systemDefaultFieldProtected: 'System default fields cannot be deleted',
  technicalMetadataFields:
    'Technical metadata fields support no permissions, validation or editing by default',
  savedFieldTypeLocked: 'The field type of saved fields cannot be changed',
  linesOutOfRange: 'Max and min lines must be between 1 and 100',
  minLinesNotBelowMax: 'Min lines must be below max lines',
  invalidOptionValue: 'Invalid value found - please select a new one.',
  valueRequired: 'Value required',

  // §5 usage rules
  usageRuleNameRequired: 'A usage rule needs a name',
  usageRuleValidityRequired: 'A usage rule needs both from and to',
  usageRuleDaysInvalid: 'Number of days must be a number of 0 or more',
  usageRuleDateRequired: 'An absolute validity needs a date',
  usageRuleWarningLevelInvalid: 'Warning level must be always, upon_expiry or never',
  usageRuleIdentifierRequired: 'Identifier key and label are required',
  // Logging (timed metadata); the spec names the entity, not this refusal.
  logEventEndBeforeStart: 'A log event cannot end before it starts',

  // §5 access
  ownerOnlyAccess: "Only owner/admins with required permissions are allowed to set access to 'owner only'!",
  restrictToGroups: "User doesn't have enough permissions to restrict visibility to specific groups!",
  badVisibleTo: 'Bad visibleTo',
  badUpdatableBy: 'Bad updatableBy',

  // §5 items, uploads and others
  noUploadPermission: 'You do not have permission to upload',
  noUpdateExistingPermission: 'You do not have permission to update existing items',
  noUpdateThisItemPermission: "You don't have permission to update this item",
  // §6 item.chooseUploadLocation and the tenant's default upload location; the spec names the
  // permission and the setting, not the refusals.
  noChooseUploadLocationPermission: 'You do not have permission to choose the upload location',
  defaultUploadLocationNotWritable:
    "You do not have permission to upload to the default upload location '{folder}'",
  presetReferencedByPreset: 'A preset cannot be deleted while another preset references it',
  presetUsedForSubclipping: 'A preset cannot be deleted while it is used for subclipping',
  presetUsedByLiveSource: 'A preset cannot be deleted while a live source uses it',
  // Not in the spec: a preset's own checks and the renders' failures, worded for the person acting.
  presetIdTaken: 'Another preset already has this preset ID',
  presetCapabilityUnsupported: 'The chosen format cannot provide every selected capability',
  presetNeedsCapability: 'Choose at least one capability',
  presetRewrapMismatch: 'Re-wrap formats go with the re-wrap profile mode, and only they do',
  presetStartTimecodeInvalid: 'Enter the start timecode as HH:MM:SS:FF',
  presetFallbackToItself: 'A preset cannot fall back to itself',
  presetNotFound: 'Preset not found',
  builtInPresetKept: 'Built-in presets cannot be deleted; hide the preset to stop offering it',
  builtInPresetFixed: 'The preset ID and format of a built-in preset cannot be changed',
  renderSourceHasNoVideo: 'The source has no picture to render',
  renderSourceHasNoAudio: 'The source has no sound to render',
  renderRangeInvalid: 'The out point must come after the in point, within the source',
  renderSourceNotReady: 'The source is still being processed; try again when it is ready',
  renderSourceGone: 'The source was deleted before the render could start',
  renderNeedsOwnMedia: 'Subclips are made from items with media of their own',
  renderCodecsNotRewrappable: 'This format cannot hold the source as it is; choose a preset that converts it',
  renderFailed: 'The render failed; the source could not be converted with this preset',
  renderTimedOut: 'The render took too long and was stopped',
  renderRightsExpired: 'The usage rights of {count} of the sources have expired or are not yet valid',
  sequenceEmpty: 'Add at least one clip to the sequence',
  sequenceNotASequence: 'This item is not a sequence',
  transcriptionLanguageRequired: 'A transcription language must be chosen',
  sequenceVideoOnly: 'Adding items to a sequence requires all items to be video',
  refineSelectionLimit: 'Selection for refine is limited to 32 items',
  externalUserProtected: 'External users cannot be deleted or logged out',
  svgCropNotSupported: 'Cropping is not supported for SVG images',
  virtualClipDownload: 'Virtual clips cannot be versioned or downloaded directly',
  searchWildcardsWithOperators: 'Wildcards and operators are mixed in this search',

  // §8 images and crops
  imageLoadFailed: 'Unable to load the requested image at this time',
  saveCropFailed: 'Save crop failed. Missing crop data',
  noHighResImage: 'No high resolution version of the image found',

  // §8 storage, tenants, statistics
  storageScanFailed: 'Failed to initialize scanning of storage',
  storageScanInitFailed: 'Failed to initialize storage scan',
  fetchTenantsFailed: 'Failed fetching list of tenants',
  fetchStatisticsFailed: 'Failed fetching statistics data',

  // §8 forms, users, items
  failedToCreateForm: 'Failed to create form, please try again later',
  failedToDeleteForm: 'Failed to delete form, please try again later',
  failedToUpdateUser: 'Failed to update user, please try again later',
  failedToFetchAllItems: 'failed to fetch all items',
  failedToUpdateList: 'Failed to update: {list}',

  // §8 live, sequences, media
  crashRecordingUnavailable: 'Cannot create crash recording now',
  noOngoingRecording: 'No ongoing recording to preview',
  cannotDownloadSequence: 'Cannot download sequence',
  itemHasNoMedia: 'Item has no media yet',

  // §8 account
  accountDeactivated: 'Your account is currently deactivated',
  contactAdministrator: 'Contact your administrator',

  // §8 uploads and copies
  uploadFailed: 'Upload failed',
  uploadRejected: 'Upload rejected',
  deniedExtension: 'Files with the denied extension cannot be uploaded',
  copyMediaFailed: 'Failed to initiate copy of media',

  // §8 render requests and high-res deletion
  cancelCentralRenderFailed: 'Error cancelling central render',
  noCentralRenderRequest: 'No central render request found',
  unscheduleHighresDeletionFailed: 'Error while unscheduling highres deletion',

  // §8 transcripts
  copyTranscriptFailed: 'Failed to copy selected transcript to clipboard',
  transcriptProcessingError: 'Error processing transcript',
  noTimedTranscript: 'No timed transcript available',

  // §8 configuration and presets
  invalidConfiguration: 'Invalid configuration',
  noRenderPresets: 'No render presets found',
  informTenantAdministrator: 'Please inform the tenant administrator',
  noPresetsWithCapabilities: 'No presets available with the required capabilities',
  reprocessNotSupported: 'Reprocess not supported',
  virtualClipVersioning: 'Versioning virtual clips is not supported',
  // Not in the spec: a sequence is a list of clips, so no file becomes its version (worded as the one above).
  sequenceVersioning: 'Versioning sequences is not supported',

  // §8 shared download whose selected quality is missing, with its three choices
  sharedQualityMissing: 'The selected quality is not available for some of the files',
  sharedQualitySkip: 'Skip',
  sharedQualityContinue: 'Continue',
  sharedQualityTryAnother: 'Try another quality',
  // Not in the spec: sharing items outside their usage rights asks first (issue 13).
  shareRightsExpired: 'The usage rights of {count} of these items have expired or are not yet valid',

  // §8 permissions
  noDeletePermission: 'No permission to delete items',
  noApiKeyPermission: 'no permission to execute API key operations',
  // §6 general.bookmarks and "System bookmarks: manage"; the spec names the permissions, not the refusals.
  noBookmarksPermission: 'You do not have permission to use bookmarks',
  noSystemBookmarksPermission: 'You do not have permission to manage system bookmarks',
  // §6 item.editRestrictions (changing visible-to or updatable-by); the spec names the permission only.
  noEditRestrictionsPermission: 'You do not have permission to edit access restrictions',

  // §8 editing panel
  noClipUnderPlayhead: 'No clip found in the current sequence position',

  // Not in the spec: media and upload refusals, search syntax errors and refusals.
  ...MEDIA_MESSAGES,
  ...COMMENT_MESSAGES,
  ...ANALYSIS_MESSAGES,
  ...SEARCH_SYNTAX_MESSAGES,
  ...SEARCH_MESSAGES,
  ...PLACEHOLDER_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Values filled into a message's `{name}` placeholders. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Spec §8 internal failures: thrown or logged, never shown as such. Kept here so the thrower and the
 * test that expects it quote the same text.
 */
export const LOG_MESSAGES = {
  itemIdMissing: 'Item ID missing',
  blobGenerationFailed: "Couldn't generate blob",
  noSignedUrl: 'No signed URL in response',
  exifFetchFailed: 'Failed to fetch EXIF embedded image URL:',
  missingSegmentUrl: 'No URL for segment {index}',
} as const;

/**
 * Fills `{name}` placeholders; a placeholder without a value is left as is so the gap shows. Only
 * own keys count, so `{toString}` is not filled from the prototype.
 */
export function formatMessage(template: string, values: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? placeholder : String(value);
  });
}
