import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@skald/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { findMessageKey, translateServerText } from './messageKey.ts';

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
  type Tree = Record<string, string>;
  const bundle = (language: string): Tree => {
    const url = new URL(`../../public/locales/${language}/messages.json`, import.meta.url);
    return JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as Tree;
  };
  const english = bundle('en');
  /** The app's own i18next set-up (interpolation as in i18n.ts) with the real locale files. */
  const t = (language: string) => {
    const i18n = i18next.createInstance();
    void i18n.init({
      lng: language,
      fallbackLng: 'en',
      initAsync: false,
      resources: { en: { messages: english }, [language]: { messages: bundle(language) } },
      interpolation: { escapeValue: false },
    });
    return (key: string): string => i18n.t(key);
  };

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
