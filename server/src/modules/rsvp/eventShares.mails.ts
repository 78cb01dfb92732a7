import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

const texts = {
  en: {
    subject: (event: string) => `You are invited to ${event}`,
    body: (inviter: string, event: string) =>
      `${inviter} invited you to "${event}" on ${productName}. Create your free account with this e-mail address to answer:`,
    action: 'Open the event',
  },
  ro: {
    subject: (event: string) => `Ești invitat la ${event}`,
    body: (inviter: string, event: string) =>
      `${inviter} te-a invitat la „${event}” pe ${productName}. Creează-ți un cont gratuit cu această adresă de e-mail ca să răspunzi:`,
    action: 'Deschide evenimentul',
  },
} as const;

/** The event invitation sent to someone without an account; the link leads to the event. */
export function eventInvitationMail(
  language: string,
  to: string,
  inviter: string,
  event: string,
  link: string,
): MailMessage {
  const t = language === 'ro' ? texts.ro : texts.en;
  const body = t.body(inviter, event);
  return {
    to,
    subject: t.subject(event),
    text: `${body}\n\n${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(link)}</p>`,
  };
}
