import { MESSAGES } from '../messages.ts';
import { WARNING_LEVELS } from './types.ts';

/** A usage rule group as a request or the editor states it, before it is checked. */
export interface UsageRuleGroupDraft {
  identifier?: { key?: unknown; label?: unknown } | null;
  contexts?: readonly UsageContextDraft[] | null;
}

export interface UsageContextDraft {
  name?: unknown;
  validity?: { from?: ValidityEndDraft | null; to?: ValidityEndDraft | null } | null;
  warningLevel?: unknown;
}

export interface ValidityEndDraft {
  offsetFrom?: unknown;
  untilNumberOfDays?: unknown;
  absoluteDate?: unknown;
}

export interface UsageRuleError {
  /** Path of the offending value, e.g. 'usageRules.0.contexts.1.validity.to'. */
  field: string;
  message: string;
}

const nonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function endError(end: ValidityEndDraft): string | null {
  switch (end.offsetFrom) {
    case 'ingest_time':
      return typeof end.untilNumberOfDays === 'number' &&
        Number.isFinite(end.untilNumberOfDays) &&
        end.untilNumberOfDays >= 0
        ? null
        : MESSAGES.usageRuleDaysInvalid;
    case 'absolute':
      return nonEmptyString(end.absoluteDate) && !Number.isNaN(Date.parse(end.absoluteDate))
        ? null
        : MESSAGES.usageRuleDateRequired;
    case 'forever':
      return null;
    default:
      return MESSAGES.usageRuleValidityRequired;
  }
}

/** Spec §5 usage rules, every group and context, each error at its place under `prefix`. */
export function validateUsageRuleGroups(
  groups: readonly UsageRuleGroupDraft[],
  prefix = 'usageRules',
): UsageRuleError[] {
  const errors: UsageRuleError[] = [];
  groups.forEach((group, g) => {
    const at = `${prefix}.${String(g)}`;
    if (!nonEmptyString(group.identifier?.key) || !nonEmptyString(group.identifier.label)) {
      errors.push({ field: `${at}.identifier`, message: MESSAGES.usageRuleIdentifierRequired });
    }
    (group.contexts ?? []).forEach((context, c) => {
      const here = `${at}.contexts.${String(c)}`;
      if (!nonEmptyString(context.name))
        errors.push({ field: `${here}.name`, message: MESSAGES.usageRuleNameRequired });
      const { from, to } = context.validity ?? {};
      if (!from || !to)
        errors.push({ field: `${here}.validity`, message: MESSAGES.usageRuleValidityRequired });
      for (const [side, end] of [
        ['from', from],
        ['to', to],
      ] as const) {
        const message = end ? endError(end) : null;
        if (message) errors.push({ field: `${here}.validity.${side}`, message });
      }
      if (
        context.warningLevel !== undefined &&
        !(WARNING_LEVELS as readonly unknown[]).includes(context.warningLevel)
      ) {
        errors.push({ field: `${here}.warningLevel`, message: MESSAGES.usageRuleWarningLevelInvalid });
      }
    });
  });
  return errors;
}
