import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

const texts = {
  en: {
    subject: (calendar: string) => `You are invited to the calendar ${calendar}`,
    body: (inviter: string, calendar: string) =>
      `${inviter} invited you to the calendar "${calendar}" on ${productName}. Create your free account with this e-mail address to see it:`,
    action: 'Open the calendar',
  },
  ro: {
    subject: (calendar: string) => `Ești invitat în calendarul ${calendar}`,
    body: (inviter: string, calendar: string) =>
      `${inviter} te-a invitat în calendarul „${calendar}” pe ${productName}. Creează-ți un cont gratuit cu această adresă de e-mail ca să îl vezi:`,
    action: 'Deschide calendarul',
  },
} as const;

/** The invitation sent to someone without an account; the link leads to registration, then the calendar. */
export function calendarInvitationMail(
  language: string,
  to: string,
  inviter: string,
  calendar: string,
  link: string,
): MailMessage {
  const t = language === 'ro' ? texts.ro : texts.en;
  const body = t.body(inviter, calendar);
  return {
    to,
    subject: t.subject(calendar),
    text: `${body}\n\n${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(link)}</p>`,
  };
}
