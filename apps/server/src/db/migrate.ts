import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import * as foundation from './migrations/0001-foundation.ts';
import * as jobs from './migrations/0002-jobs.ts';
import * as items from './migrations/0003-items.ts';
import * as search from './migrations/0004-search.ts';
import * as bookmarks from './migrations/0005-bookmarks.ts';
import * as visibleGroups from './migrations/0006-visible-groups.ts';
import * as phrasePairs from './migrations/0007-phrase-pairs.ts';
import * as phraseFieldGap from './migrations/0008-phrase-field-gap.ts';
import * as versionMedia from './migrations/0009-version-media.ts';
import * as versionExif from './migrations/0010-version-exif.ts';
import * as signInBackoff from './migrations/0011-sign-in-backoff.ts';
import * as searchFilterStatistics from './migrations/0012-search-filter-statistics.ts';
import * as uploadLocationVirtualClips from './migrations/0013-upload-location-virtual-clips.ts';
import * as fileNameSearch from './migrations/0014-file-name-search.ts';
import * as metadataForms from './migrations/0016-metadata-forms.ts';
import * as commentsNotifications from './migrations/0020-comments-notifications.ts';
import * as shares from './migrations/0023-shares.ts';
import * as metadataSearch from './migrations/0024-metadata-search.ts';
import * as bulkMetadata from './migrations/0025-bulk-metadata.ts';
import * as logEvents from './migrations/0026-log-events.ts';
import * as formPrefillExifMappings from './migrations/0028-form-prefill-exif-mappings.ts';
import * as shareEditMetadata from './migrations/0030-share-edit-metadata.ts';
import * as analysisMoments from './migrations/0032-analysis-moments.ts';
import * as speechProviders from './migrations/0033-speech-providers.ts';
import * as presetsRenders from './migrations/0036-presets-renders.ts';
import * as itemForms from './migrations/0037-item-forms.ts';
import * as momentSearch from './migrations/0038-moment-search.ts';
import * as persons from './migrations/0041-persons.ts';
import * as transcriptsTranslation from './migrations/0043-transcripts-translation.ts';
import * as autoAnalysis from './migrations/0044-auto-analysis.ts';
import * as sequences from './migrations/0045-sequences.ts';
import * as exportFileNames from './migrations/0050-export-file-names.ts';
import * as personItems from './migrations/0054-person-items.ts';
import * as dropMomentTextFolded from './migrations/0058-drop-moment-text-folded.ts';
import * as itemsLiveCreatedId from './migrations/0059-items-live-created-id.ts';
import * as momentTerms from './migrations/0060-moment-terms.ts';
import * as momentTermsItemDoc from './migrations/0061-moment-terms-item-doc.ts';
import * as shortFieldTerms from './migrations/0062-short-field-terms.ts';
import * as textFieldIndexes from './migrations/0063-text-field-indexes.ts';
import * as itemMomentWords from './migrations/0064-item-moment-words.ts';
import * as jobsBackground from './migrations/0065-jobs-background.ts';

// Listed in code, not read from a folder, so the order is explicit and bundling cannot lose one.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-foundation': foundation,
  '0002-jobs': jobs,
  '0003-items': items,
  '0004-search': search,
  '0005-bookmarks': bookmarks,
  '0006-visible-groups': visibleGroups,
  '0007-phrase-pairs': phrasePairs,
  '0008-phrase-field-gap': phraseFieldGap,
  '0009-version-media': versionMedia,
  '0010-version-exif': versionExif,
  '0011-sign-in-backoff': signInBackoff,
  '0012-search-filter-statistics': searchFilterStatistics,
  '0013-upload-location-virtual-clips': uploadLocationVirtualClips,
  '0014-file-name-search': fileNameSearch,
  '0016-metadata-forms': metadataForms,
  '0020-comments-notifications': commentsNotifications,
  '0023-shares': shares,
  '0024-metadata-search': metadataSearch,
  '0025-bulk-metadata': bulkMetadata,
  '0026-log-events': logEvents,
  '0028-form-prefill-exif-mappings': formPrefillExifMappings,
  '0030-share-edit-metadata': shareEditMetadata,
  '0032-analysis-moments': analysisMoments,
  '0033-speech-providers': speechProviders,
  '0036-presets-renders': presetsRenders,
  '0037-item-forms': itemForms,
  '0038-moment-search': momentSearch,
  '0041-persons': persons,
  '0043-transcripts-translation': transcriptsTranslation,
  '0044-auto-analysis': autoAnalysis,
  '0045-sequences': sequences,
  '0050-export-file-names': exportFileNames,
  '0054-person-items': personItems,
  '0058-drop-moment-text-folded': dropMomentTextFolded,
  '0059-items-live-created-id': itemsLiveCreatedId,
  '0060-moment-terms': momentTerms,
  '0061-moment-terms-item-doc': momentTermsItemDoc,
  '0062-short-field-terms': shortFieldTerms,
  '0063-text-field-indexes': textFieldIndexes,
  '0064-item-moment-words': itemMomentWords,
  '0065-jobs-background': jobsBackground,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve({ ...MIGRATIONS }) };

/** Brings the schema up to date; runs at every start (concurrent starters wait on the migration lock). */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const cause =
      error instanceof Error
        ? error
        : new Error(failed ? `migration ${failed.migrationName}` : 'unknown error');
    throw new Error(
      `Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${cause.message}`,
      {
        cause,
      },
    );
  }
}

/** Brings the schema up (or down) to the named migration: for tests of what a migration does to existing rows. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error !== undefined) throw error instanceof Error ? error : new Error(`migration to ${name} failed`);
}
