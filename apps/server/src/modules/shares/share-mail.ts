import type { Mail } from '../mail/mailer.ts';

/** The invitation a share's e-mails carry: the sender, the custom message and the link. */
export function shareInviteMail(input: {
  tenantId: string;
  to: string;
  senderName: string;
  title: string;
  kind: 'share' | 'uploadRequest';
  link: string;
  message: string;
  expiresAt: string;
}): Mail {
  const what = input.kind === 'share' ? 'shared media with you' : 'asks you to upload files';
  return {
    tenantId: input.tenantId,
    to: input.to,
    subject: `${input.senderName} ${what}: ${input.title}`,
    text: [
      `${input.senderName} ${what} on Skald: ${input.title}`,
      ...(input.message.trim() === '' ? [] : ['', input.message.trim()]),
      '',
      input.link,
      '',
      `The link works until ${input.expiresAt.slice(0, 10)}.`,
    ].join('\n'),
  };
}
