import { describe, expect, it } from 'vitest';
import { LOG_MESSAGES, MESSAGES, formatMessage, type MessageKey } from './messages.ts';

// The messages the spec quotes, copied from it again here so that an edit to either side fails.
describe('the spec-quoted messages', () => {
  it.each<[MessageKey, string]>([
    ['itemArchived', 'Item is archived'],
    ['archiveComplete', 'The highres of this item is in an archive bucket'],
    ['archiveInitiated', 'File transfer to archive bucket is pending'],
    ['archiveProgressing', 'File transfer to archive bucket is in progress'],
    ['archiveError', 'Failed to transfer file to archive bucket.'],
    ['archiveClickToRetry', ' Click to retry.'],
    ['archiveNeedPermissionToRetry', ' Need permission to retry.'],
    ['selectDate', 'Please select a date'],
    ['selectFutureDate', 'Please select a date in the future'],
    ['invalidOptionValue', 'Invalid value found - please select a new one.'],
    ['valueRequired', 'Value required'],
    [
      'ownerOnlyAccess',
      "Only owner/admins with required permissions are allowed to set access to 'owner only'!",
    ],
    ['restrictToGroups', "User doesn't have enough permissions to restrict visibility to specific groups!"],
    ['badVisibleTo', 'Bad visibleTo'],
    ['badUpdatableBy', 'Bad updatableBy'],
    ['noUploadPermission', 'You do not have permission to upload'],
    ['noUpdateExistingPermission', 'You do not have permission to update existing items'],
    ['noUpdateThisItemPermission', "You don't have permission to update this item"],
    ['imageLoadFailed', 'Unable to load the requested image at this time'],
    ['saveCropFailed', 'Save crop failed. Missing crop data'],
    ['noHighResImage', 'No high resolution version of the image found'],
    ['storageScanFailed', 'Failed to initialize scanning of storage'],
    ['storageScanInitFailed', 'Failed to initialize storage scan'],
    ['fetchTenantsFailed', 'Failed fetching list of tenants'],
    ['fetchStatisticsFailed', 'Failed fetching statistics data'],
    ['failedToCreateForm', 'Failed to create form, please try again later'],
    ['failedToDeleteForm', 'Failed to delete form, please try again later'],
    ['failedToUpdateUser', 'Failed to update user, please try again later'],
    ['failedToFetchAllItems', 'failed to fetch all items'],
    ['failedToUpdateList', 'Failed to update: {list}'],
    ['crashRecordingUnavailable', 'Cannot create crash recording now'],
    ['noOngoingRecording', 'No ongoing recording to preview'],
    ['cannotDownloadSequence', 'Cannot download sequence'],
    ['itemHasNoMedia', 'Item has no media yet'],
    ['accountDeactivated', 'Your account is currently deactivated'],
    ['uploadFailed', 'Upload failed'],
    ['uploadRejected', 'Upload rejected'],
    ['deniedExtension', 'Files with the denied extension cannot be uploaded'],
    ['copyMediaFailed', 'Failed to initiate copy of media'],
    ['cancelCentralRenderFailed', 'Error cancelling central render'],
    ['noCentralRenderRequest', 'No central render request found'],
    ['unscheduleHighresDeletionFailed', 'Error while unscheduling highres deletion'],
    ['copyTranscriptFailed', 'Failed to copy selected transcript to clipboard'],
    ['transcriptProcessingError', 'Error processing transcript'],
    ['noTimedTranscript', 'No timed transcript available'],
    ['invalidConfiguration', 'Invalid configuration'],
    ['noRenderPresets', 'No render presets found'],
    ['noPresetsWithCapabilities', 'No presets available with the required capabilities'],
    ['reprocessNotSupported', 'Reprocess not supported'],
    ['virtualClipVersioning', 'Versioning virtual clips is not supported'],
    ['virtualClipDownload', 'Virtual clips cannot be versioned or downloaded directly'],
    ['noDeletePermission', 'No permission to delete items'],
    ['noApiKeyPermission', 'no permission to execute API key operations'],
  ])('%s reads exactly %j', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });
});

describe('the archive error message', () => {
  it.each([
    [true, 'Failed to transfer file to archive bucket. Click to retry.'],
    [false, 'Failed to transfer file to archive bucket. Need permission to retry.'],
  ])('with permission to retry %s reads %j once its suffix is appended', (mayRetry, text) => {
    const suffix = mayRetry ? MESSAGES.archiveClickToRetry : MESSAGES.archiveNeedPermissionToRetry;
    expect(MESSAGES.archiveError + suffix).toBe(text);
  });
});

describe('the internal failure messages', () => {
  it.each<[keyof typeof LOG_MESSAGES, string]>([
    ['itemIdMissing', 'Item ID missing'],
    ['blobGenerationFailed', "Couldn't generate blob"],
    ['noSignedUrl', 'No signed URL in response'],
    ['exifFetchFailed', 'Failed to fetch EXIF embedded image URL:'],
  ])('%s reads exactly %j', (key, text) => {
    expect(LOG_MESSAGES[key]).toBe(text);
  });
});

describe('the message catalogue', () => {
  it.each(Object.entries(MESSAGES))('%s is a non-empty text of its own', (key, text) => {
    expect(text.trim()).not.toBe('');
    expect(
      Object.entries(MESSAGES)
        .filter(([, other]) => other === text)
        .map(([k]) => k),
    ).toEqual([key]);
  });
});

describe('formatMessage', () => {
  it.each<[string, Record<string, string | number>, string]>([
    [MESSAGES.failedToUpdateList, { list: 'title, owner' }, 'Failed to update: title, owner'],
    [LOG_MESSAGES.missingSegmentUrl, { index: 7 }, 'No URL for segment 7'],
    [LOG_MESSAGES.missingSegmentUrl, { index: 0 }, 'No URL for segment 0'],
    ['{a} and {a}', { a: 'x' }, 'x and x'],
    ['{a} and {b}', { a: 'x' }, 'x and {b}'],
    ['no placeholders', { a: 'x' }, 'no placeholders'],
    ['{list}', { list: '{list}' }, '{list}'],
    ['{toString}', {}, '{toString}'],
  ])('fills %j with %j as %j', (template, values, text) => {
    expect(formatMessage(template, values)).toBe(text);
  });
});
