import { describe, expect, it } from 'vitest';
import { BUILT_IN_FORMS, newForm } from '../forms/built-in.ts';
import type { MetadataForm } from '../forms/types.ts';
import { itemUsageRows, itemUsageSummary, rightsSummary, usageRows } from './item-usage.ts';
import type { UsageContext } from './types.ts';

const now = new Date('2026-11-25T12:00:00Z');
const context = (name: string, to: string, warningLevel: UsageContext['warningLevel'] = 'upon_expiry') => ({
  name,
  validity: {
    from: { offsetFrom: 'forever' as const },
    to: { offsetFrom: 'absolute' as const, absoluteDate: to },
  },
  warningLevel,
});
const rights = (contexts: UsageContext[]): MetadataForm => ({
  ...newForm('rights', 'Rights'),
  usageRules: [{ identifier: { key: 'web', label: 'Web' }, contexts }],
});

describe('itemUsageRows', () => {
  it('judges the rules of the active forms the item holds values of', () => {
    const form = rights([context('Online', '2026-11-24')]);
    const rows = itemUsageRows([form], (id) => id === 'rights', '2026-11-01T00:00:00Z', now);
    expect(rows.map((r) => [r.formId, r.context.name, r.verdict.state, r.verdict.warn])).toEqual([
      ['rights', 'Online', 'expired', true],
    ]);
    expect(itemUsageRows([form], () => false, '2026-11-01T00:00:00Z', now)).toEqual([]);
    expect(itemUsageRows([{ ...form, active: false }], () => true, '2026-11-01T00:00:00Z', now)).toEqual([]);
  });

  it('applies the Common form’s rules to every item', () => {
    const common = BUILT_IN_FORMS.find((f) => f.builtIn === 'common');
    if (!common) throw new Error('no Common form');
    const withRule = { ...common, usageRules: rights([context('Print', '2026-12-24')]).usageRules };
    expect(itemUsageRows([withRule], () => false, '2026-11-01T00:00:00Z', now)).toHaveLength(1);
  });
});

describe('itemUsageSummary', () => {
  const rows = (contexts: UsageContext[]) =>
    itemUsageRows([rights(contexts)], () => true, '2026-11-01T00:00:00Z', now);
  it.each<[UsageContext[], string, boolean]>([
    [[], 'valid', false],
    [[context('Online', '2026-12-24')], 'valid', false],
    [[context('Online', '2026-12-24', 'always')], 'valid', true],
    [[context('Online', '2026-12-24'), context('Print', '2026-11-24', 'never')], 'expired', false],
    [[context('Online', '2026-11-24')], 'expired', true],
  ])('%j is %s, warns %s', (contexts, state, warn) => {
    expect(itemUsageSummary(rows(contexts))).toEqual({ state, warn });
  });
});

const rightsForm: MetadataForm = {
  ...newForm('rights', 'Rights'),
  usageRules: [
    {
      identifier: { key: 'web', label: 'Web' },
      contexts: [
        {
          name: 'Online',
          validity: {
            from: { offsetFrom: 'forever' },
            to: { offsetFrom: 'absolute', absoluteDate: '2026-11-24' },
          },
          warningLevel: 'upon_expiry',
        },
      ],
    },
  ],
};

describe('usageRows', () => {
  it('judges the rules of the forms the item holds values of', () => {
    const rows = usageRows([rightsForm], { rights: { holder: 'NTB' } }, '2026-11-01T00:00:00Z', now);
    expect(rows.map((r) => [r.group.label, r.context.name, r.verdict.state, r.verdict.warn])).toEqual([
      ['Web', 'Online', 'expired', true],
    ]);
  });

  it('leaves out forms the item holds nothing of, and inactive ones', () => {
    expect(usageRows([rightsForm], {}, '2026-11-01T00:00:00Z', now)).toEqual([]);
    expect(
      usageRows([{ ...rightsForm, active: false }], { rights: { a: 1 } }, '2026-11-01T00:00:00Z', now),
    ).toEqual([]);
  });
});

describe('rightsSummary', () => {
  it('is outside the window and warns once a context has expired, with the earliest end', () => {
    const summary = rightsSummary(usageRows([rightsForm], { rights: { a: 1 } }, '2026-11-01T00:00:00Z', now));
    expect(summary).toEqual({ outside: true, warn: true, expiredAt: new Date('2026-11-24') });
  });

  it('is inside and quiet without rules, or before the end of a rule that warns upon expiry', () => {
    expect(rightsSummary([])).toEqual({ outside: false, warn: false, expiredAt: null });
    const before = new Date('2026-11-20T00:00:00Z');
    expect(
      rightsSummary(usageRows([rightsForm], { rights: { a: 1 } }, '2026-11-01T00:00:00Z', before)),
    ).toEqual({
      outside: false,
      warn: false,
      expiredAt: null,
    });
  });
});
