/** The web's languages (spec §1), which mails are written in; English is the fallback. */
export const MAIL_LANGUAGES = ['en', 'nb', 'nn', 'fr'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** A stored or chosen language as one mails are written in; anything else (or none) is English. */
export const mailLanguageOf = (language: string | null | undefined): MailLanguage =>
  MAIL_LANGUAGES.find((l) => l === language) ?? 'en';
