import { newForm } from '../forms/built-in.ts';
import type { MetadataForm } from '../forms/types.ts';
import { describe, expect, it } from 'vitest';
import { rightsSummary, usageRows } from './item-usage.ts';

const rights: MetadataForm = {
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
const now = new Date('2026-11-25T12:00:00Z');

describe('usageRows', () => {
  it('judges the rules of the forms the item holds values of', () => {
    const rows = usageRows([rights], { rights: { holder: 'NTB' } }, '2026-11-01T00:00:00Z', now);
    expect(rows.map((r) => [r.group.label, r.context.name, r.verdict.state, r.verdict.warn])).toEqual([
      ['Web', 'Online', 'expired', true],
    ]);
  });

  it('leaves out forms the item holds nothing of, and inactive ones', () => {
    expect(usageRows([rights], {}, '2026-11-01T00:00:00Z', now)).toEqual([]);
    expect(
      usageRows([{ ...rights, active: false }], { rights: { a: 1 } }, '2026-11-01T00:00:00Z', now),
    ).toEqual([]);
  });
});

describe('rightsSummary', () => {
  it('is outside the window and warns once a context has expired, with the earliest end', () => {
    const summary = rightsSummary(usageRows([rights], { rights: { a: 1 } }, '2026-11-01T00:00:00Z', now));
    expect(summary).toEqual({ outside: true, warn: true, expiredAt: new Date('2026-11-24') });
  });

  it('is inside and quiet without rules, or before the end of a rule that warns upon expiry', () => {
    expect(rightsSummary([])).toEqual({ outside: false, warn: false, expiredAt: null });
    const before = new Date('2026-11-20T00:00:00Z');
    expect(rightsSummary(usageRows([rights], { rights: { a: 1 } }, '2026-11-01T00:00:00Z', before))).toEqual({
      outside: false,
      warn: false,
      expiredAt: null,
    });
  });
});
