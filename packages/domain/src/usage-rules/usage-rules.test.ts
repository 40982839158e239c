import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../constants.ts';
import { newUsageContext, type UsageContext } from './types.ts';
import { validateUsageRuleGroups, type UsageContextDraft } from './validate.ts';
import { usageVerdict } from './verdict.ts';

const group = (contexts: UsageContextDraft[]) => [{ identifier: { key: 'web', label: 'Web' }, contexts }];
const forever = { offsetFrom: 'forever' };

describe('validateUsageRuleGroups', () => {
  it('passes a new context: upon expiry, forever to forever (spec §4 and §9 defaults)', () => {
    const context = newUsageContext('Web');
    expect(context.warningLevel).toBe(DEFAULTS.usageRuleWarningLevel);
    expect(validateUsageRuleGroups(group([context]))).toEqual([]);
  });

  it.each<[UsageContextDraft, string, string]>([
    [{ validity: { from: forever, to: forever } }, 'name', 'A usage rule needs a name'],
    [{ name: 'Web', validity: { from: forever } }, 'validity', 'A usage rule needs both from and to'],
    [
      { name: 'Web', validity: { from: forever, to: { offsetFrom: 'ingest_time', untilNumberOfDays: -1 } } },
      'validity.to',
      'Number of days must be a number of 0 or more',
    ],
    [
      { name: 'Web', validity: { from: forever, to: { offsetFrom: 'ingest_time', untilNumberOfDays: '3' } } },
      'validity.to',
      'Number of days must be a number of 0 or more',
    ],
    [
      { name: 'Web', validity: { from: { offsetFrom: 'absolute' }, to: forever } },
      'validity.from',
      'An absolute validity needs a date',
    ],
    [
      { name: 'Web', validity: { from: forever, to: forever }, warningLevel: 'sometimes' },
      'warningLevel',
      'Warning level must be always, upon_expiry or never',
    ],
  ])('%o: %s', (context, field, message) => {
    expect(validateUsageRuleGroups(group([context]))).toEqual([
      { field: `usageRules.0.contexts.0.${field}`, message },
    ]);
  });

  it('needs an identifier key and label as non-empty strings', () => {
    expect(validateUsageRuleGroups([{ identifier: { key: 'web', label: ' ' }, contexts: [] }])).toEqual([
      { field: 'usageRules.0.identifier', message: 'Identifier key and label are required' },
    ]);
  });
});

describe('usageVerdict', () => {
  const item = { ingestedAt: '2026-11-01T00:00:00Z' };
  const now = new Date('2026-11-25T12:00:00Z');
  const context = (
    validity: UsageContext['validity'],
    warningLevel: UsageContext['warningLevel'],
  ): UsageContext => ({
    name: 'Web',
    validity,
    warningLevel,
  });
  const days = (n: number) => ({ offsetFrom: 'ingest_time' as const, untilNumberOfDays: n });
  const at = (d: string) => ({ offsetFrom: 'absolute' as const, absoluteDate: d });

  it.each<[UsageContext['validity'], UsageContext['warningLevel'], string, boolean]>([
    [{ from: { offsetFrom: 'forever' }, to: { offsetFrom: 'forever' } }, 'upon_expiry', 'valid', false],
    [{ from: { offsetFrom: 'forever' }, to: { offsetFrom: 'forever' } }, 'always', 'valid', true],
    [{ from: { offsetFrom: 'forever' }, to: days(30) }, 'upon_expiry', 'valid', false],
    [{ from: { offsetFrom: 'forever' }, to: days(7) }, 'upon_expiry', 'expired', true],
    [{ from: { offsetFrom: 'forever' }, to: days(7) }, 'never', 'expired', false],
    [{ from: at('2026-12-01'), to: { offsetFrom: 'forever' } }, 'upon_expiry', 'notYetValid', true],
    [{ from: at('2026-11-24'), to: at('2026-11-25T12:00:00Z') }, 'upon_expiry', 'expired', true],
  ])('%o warning %s: %s, warns %s', (validity, level, state, warn) => {
    const verdict = usageVerdict(item, context(validity, level), now);
    expect(verdict.state).toBe(state);
    expect(verdict.warn).toBe(warn);
  });

  it('gives the window, null for forever', () => {
    const verdict = usageVerdict(
      item,
      context({ from: { offsetFrom: 'forever' }, to: days(7) }, 'never'),
      now,
    );
    expect(verdict.from).toBeNull();
    expect(verdict.to?.toISOString()).toBe('2026-11-08T00:00:00.000Z');
  });
});
