import { newField, newForm, type MetadataForm } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { newLogEvent, valuesLine } from './logEventDraft.ts';

const goal: MetadataForm = {
  ...newForm('goal', 'Goal'),
  duration: 5,
  fields: [
    {
      ...newField('team', 'Team', 'Choice'),
      alternatives: [
        { value: 'home', label: 'Home' },
        { value: 'away', label: 'Away' },
      ],
      defaultValue: 'home',
    },
    newField('scorer', 'Scorer', 'Text'),
    newField('penalty', 'Penalty', 'Checkbox'),
  ],
};

describe('newLogEvent', () => {
  it('starts at the player’s time, lasts the form’s duration, with the defaults that say something', () => {
    expect(newLogEvent(goal, 12.3456, new Date())).toEqual({
      formId: 'goal',
      startMs: 12_346,
      endMs: 17_346,
      values: { team: 'home' },
    });
    expect(newLogEvent({ ...goal, duration: null }, 0, new Date()).endMs).toBeNull();
  });
});

describe('valuesLine', () => {
  it('shows the values in field order, a choice by its label', () => {
    expect(valuesLine(goal, { scorer: 'Hegerberg', team: 'away', penalty: true }, new Map())).toBe(
      'Team: Away · Scorer: Hegerberg · Penalty: true',
    );
    expect(valuesLine(undefined, { team: 'home' }, new Map())).toBe('');
  });
});
