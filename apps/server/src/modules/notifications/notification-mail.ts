import {
  formatMessage,
  notificationLink,
  type NotificationKind,
  type NotificationPayload,
} from '@skald/domain';
import type { UserRow } from '../../db/rows.ts';
import { mailLanguageOf, type MailLanguage } from '../mail/mail-language.ts';
import type { Mail } from '../mail/mailer.ts';

interface Words {
  subjects: Record<NotificationKind, string>;
  hello: string;
  open: string;
  footer: string;
}

// The web's languages (spec §1), one set of words each; `{actor}` and `{item}` are filled in.
const WORDS: Record<MailLanguage, Words> = {
  en: {
    subjects: {
      assigned: '{actor} assigned you a comment on {item}',
      reply: '{actor} replied to a comment on {item}',
      mention: '{actor} mentioned you on {item}',
      jobFinished: '{item} is processed and ready',
      jobFailed: 'Processing {item} failed',
      shareOpened: 'Your share {item} was opened',
      uploadReceived: 'A file arrived through your upload request {item}',
    },
    hello: 'Hello {name},',
    open: 'Open it in Skald:',
    footer: 'You can turn these e-mails off under User settings → Notifications.',
  },
  nb: {
    subjects: {
      assigned: '{actor} har tildelt deg en kommentar på {item}',
      reply: '{actor} svarte på en kommentar på {item}',
      mention: '{actor} nevnte deg på {item}',
      jobFinished: '{item} er behandlet og klar',
      jobFailed: 'Behandlingen av {item} mislyktes',
      shareOpened: 'Delingen din {item} ble åpnet',
      uploadReceived: 'En fil kom inn via opplastingsforespørselen din {item}',
    },
    hello: 'Hei {name},',
    open: 'Åpne i Skald:',
    footer: 'Du kan slå av disse e-postene under Brukerinnstillinger → Varsler.',
  },
  nn: {
    subjects: {
      assigned: '{actor} har tildelt deg ein kommentar på {item}',
      reply: '{actor} svarte på ein kommentar på {item}',
      mention: '{actor} nemnde deg på {item}',
      jobFinished: '{item} er handsama og klar',
      jobFailed: 'Handsaminga av {item} mislukkast',
      shareOpened: 'Delinga di {item} vart opna',
      uploadReceived: 'Ei fil kom inn via opplastingsførespurnaden din {item}',
    },
    hello: 'Hei {name},',
    open: 'Opne i Skald:',
    footer: 'Du kan slå av desse e-postane under Brukarinnstillingar → Varsel.',
  },
  fr: {
    subjects: {
      assigned: '{actor} vous a assigné un commentaire sur {item}',
      reply: '{actor} a répondu à un commentaire sur {item}',
      mention: '{actor} vous a mentionné sur {item}',
      jobFinished: '{item} est traité et prêt',
      jobFailed: 'Le traitement de {item} a échoué',
      shareOpened: 'Votre partage {item} a été ouvert',
      uploadReceived: 'Un fichier est arrivé par votre demande de dépôt {item}',
    },
    hello: 'Bonjour {name},',
    open: 'Ouvrir dans Skald :',
    footer: 'Vous pouvez désactiver ces e-mails dans Paramètres utilisateur → Notifications.',
  },
};

const languageOf = (user: Pick<UserRow, 'language'>): MailLanguage => mailLanguageOf(user.language);

/** The subject of a notification in the user's language (the in-app centre words it the same way). */
export function notificationSubject(
  user: Pick<UserRow, 'language'>,
  kind: NotificationKind,
  p: NotificationPayload,
): string {
  return formatMessage(WORDS[languageOf(user)].subjects[kind], {
    actor: p.actorName ?? '',
    item: p.itemTitle ?? '',
  });
}

/** The e-mail for a notification, in the recipient's language, with a link to where it happened. */
export function notificationMail(
  tenantId: string,
  user: Pick<UserRow, 'email' | 'name' | 'language'>,
  kind: NotificationKind,
  p: NotificationPayload,
  publicUrl: string,
): Mail {
  const words = WORDS[languageOf(user)];
  const subject = notificationSubject(user, kind, p);
  const lines = [formatMessage(words.hello, { name: user.name }), '', `${subject}.`];
  if (p.excerpt) lines.push('', ...p.excerpt.split('\n').map((line) => `> ${line}`));
  lines.push('', words.open, new URL(notificationLink(kind, p), publicUrl).href, '', words.footer);
  return { tenantId, to: user.email, subject, text: lines.join('\n') };
}
