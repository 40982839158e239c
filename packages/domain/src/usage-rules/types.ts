/** Spec §4 usage-rule warning levels and offset kinds. */
export const WARNING_LEVELS = ['always', 'upon_expiry', 'never'] as const;
export type WarningLevel = (typeof WARNING_LEVELS)[number];

export const OFFSET_KINDS = ['ingest_time', 'absolute', 'forever'] as const;
export type OffsetKind = (typeof OFFSET_KINDS)[number];

export type ValidityEnd =
  | { offsetFrom: 'ingest_time'; untilNumberOfDays: number }
  | { offsetFrom: 'absolute'; absoluteDate: string }
  | { offsetFrom: 'forever' };

export interface UsageContext {
  name: string;
  validity: { from: ValidityEnd; to: ValidityEnd };
  warningLevel: WarningLevel;
}

export interface UsageRuleGroup {
  identifier: { key: string; label: string };
  contexts: readonly UsageContext[];
}

/** Spec §4: a new rule warns upon expiry and is valid from forever to forever. */
export function newUsageContext(name: string): UsageContext {
  return {
    name,
    validity: { from: { offsetFrom: 'forever' }, to: { offsetFrom: 'forever' } },
    warningLevel: 'upon_expiry',
  };
}
