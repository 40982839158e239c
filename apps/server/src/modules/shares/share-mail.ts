import { formatMessage } from '@skald/domain';
import type { MailLanguage } from '../mail/mail-language.ts';
import type { Mail } from '../mail/mailer.ts';

interface Words {
  share: string;
  uploadRequest: string;
  until: string;
}

// One set of words per language of the web (spec §1); `{sender}`, `{title}` and `{date}` are filled in.
const WORDS: Record<MailLanguage, Words> = {
  en: {
    share: '{sender} shared media with you: {title}',
    uploadRequest: '{sender} asks you to upload files: {title}',
    until: 'The link works until {date}.',
  },
  nb: {
    share: '{sender} har delt media med deg: {title}',
    uploadRequest: '{sender} ber deg laste opp filer: {title}',
    until: 'Lenken virker til {date}.',
  },
  nn: {
    share: '{sender} har delt media med deg: {title}',
    uploadRequest: '{sender} ber deg lasta opp filer: {title}',
    until: 'Lenkja verkar til {date}.',
  },
  fr: {
    share: '{sender} a partagé des médias avec vous : {title}',
    uploadRequest: '{sender} vous demande de déposer des fichiers : {title}',
    until: "Le lien fonctionne jusqu'au {date}.",
  },
};

/** The invitation a share's e-mails carry, in the language the sender chose: who, the custom message, the link. */
export function shareInviteMail(input: {
  tenantId: string;
  to: string;
  language: MailLanguage;
  senderName: string;
  title: string;
  kind: 'share' | 'uploadRequest';
  link: string;
  message: string;
  expiresAt: string;
}): Mail {
  const words = WORDS[input.language];
  const subject = formatMessage(words[input.kind], { sender: input.senderName, title: input.title });
  return {
    tenantId: input.tenantId,
    to: input.to,
    subject,
    text: [
      subject,
      ...(input.message.trim() === '' ? [] : ['', input.message.trim()]),
      '',
      input.link,
      '',
      formatMessage(words.until, { date: input.expiresAt.slice(0, 10) }),
    ].join('\n'),
  };
}
