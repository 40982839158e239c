import type { UploadRecord } from '../../api/items.ts';
import type { ActivityTab } from '../../routing/paths.ts';

export interface ActivityAccess {
  /** systemActivity.upload (default true; admins always). */
  upload: boolean;
  /** systemActivity.download (default true; admins always). */
  download: boolean;
}

/** The activity monitor's tabs built so far (spec §2 also names the on-premise agent's). */
export function activityTabs(access: ActivityAccess): ActivityTab[] {
  const tabs: ActivityTab[] = [];
  if (access.upload) tabs.push('upload');
  if (access.download) tabs.push('download');
  return tabs;
}

/** The tab for `?tab=`: the asked one when the user may see it, else the first they may; null if none. */
export function resolveActivityTab(raw: string | null, access: ActivityAccess): ActivityTab | null {
  const tabs = activityTabs(access);
  return tabs.find((tab) => tab === raw) ?? tabs[0] ?? null;
}

/** Upload history is polled every 5 s while one of its rows is still uploading, and not otherwise. */
export const UPLOAD_POLL_MS = 5000;

export function uploadsPollInterval(records: readonly UploadRecord[] | undefined): number | false {
  return records?.some((record) => record.state === 'uploading') ? UPLOAD_POLL_MS : false;
}
