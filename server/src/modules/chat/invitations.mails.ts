import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

const texts = {
  en: {
    subject: (inviter: string) => `${inviter} invites you to chat on ${productName}`,
    body: (inviter: string) =>
      `${inviter} wants to chat with you on ${productName}. Create your free account with this e-mail address to join the conversation:`,
    action: 'Open the chat',
  },
  ro: {
    subject: (inviter: string) => `${inviter} te invită la o conversație pe ${productName}`,
    body: (inviter: string) =>
      `${inviter} vrea să converseze cu tine pe ${productName}. Creează-ți un cont gratuit cu această adresă de e-mail ca să intri în conversație:`,
    action: 'Deschide conversația',
  },
} as const;

/** The invitation to chat sent to an address with no account, in the inviter's language. */
export function chatInvitationMail(language: string, to: string, inviter: string, link: string): MailMessage {
  const t = language === 'ro' ? texts.ro : texts.en;
  const body = t.body(inviter);
  return {
    to,
    subject: t.subject(inviter),
    text: `${body}\n\n${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(link)}</p>`,
  };
}
