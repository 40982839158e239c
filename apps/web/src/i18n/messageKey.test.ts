import { MESSAGES } from '@skald/domain';
import { describe, expect, it } from 'vitest';
import { findMessageKey, translateServerText } from './messageKey.ts';
import { messagesBundle, messagesT } from './messageBundles.testing.ts';

const english = {
  accountDeactivated: 'Your account is currently deactivated',
  apiKeys: { selectFutureDate: 'Please select a date in the future', selectDate: 'Please select a date' },
};

describe('findMessageKey', () => {
  it('finds the key of a spec message, nested or not', () => {
    expect(findMessageKey(english, 'Your account is currently deactivated')).toBe('accountDeactivated');
    expect(findMessageKey(english, 'Please select a date')).toBe('apiKeys.selectDate');
  });

  it('needs the exact text', () => {
    expect(findMessageKey(english, 'Please select a date in the future.')).toBeUndefined();
    expect(findMessageKey(english, 'please select a date')).toBeUndefined();
    expect(findMessageKey(english, '')).toBeUndefined();
  });

  it('copes with a bundle that is not loaded', () => {
    expect(findMessageKey(undefined, 'Please select a date')).toBeUndefined();
  });
});

describe('translateServerText', () => {
  const english = messagesBundle('en');
  const t = messagesT;

  it.each([
    ['nb', 'Transcoding failed', 'Transkodingen mislyktes'],
    ['fr', 'The file content is not an accepted type', 'Le contenu du fichier n’est pas d’un type accepté'],
    ['nn', 'This picture could not be read', 'Dette biletet kunne ikkje lesast'],
    ['fr', MESSAGES.jobWorkerLost, 'Le processus qui exécutait cette tâche s’est arrêté avant la fin'],
  ])('says a stored media refusal in %s by its English text', (language, message, expected) => {
    expect(translateServerText(english, t(language), { message })).toBe(expected);
  });

  it.each([
    ['nb', 'searchNeedsTermAfter', { operator: 'AND', position: 6 }, 'AND må følges av et søkeord'],
    [
      'fr',
      'searchNotADate',
      { date: '2026-02-30', position: 9 },
      '2026-02-30 n’est pas une date du calendrier',
    ],
    [
      'nn',
      'searchWildcardTooBroad',
      { pattern: 't*e' },
      'Jokerteiknet t*e passar til for mange ord; gjer det meir presist',
    ],
  ])(
    'says a search refusal in %s from its message id and values',
    (language, messageId, params, expected) => {
      const message = 'English text as the server wrote it (at character 6)';
      expect(translateServerText(english, t(language), { message, messageId, params })).toBe(expected);
    },
  );

  it('falls back to the English text when the message id is unknown, and to nothing when that is too', () => {
    const nb = t('nb');
    expect(translateServerText(english, nb, { message: 'Transcoding failed', messageId: 'notAKey' })).toBe(
      'Transkodingen mislyktes',
    );
    expect(
      translateServerText(english, nb, { message: 'Something else', messageId: 'toString' }),
    ).toBeUndefined();
    expect(translateServerText(undefined, nb, { message: 'Transcoding failed' })).toBeUndefined();
  });
});
