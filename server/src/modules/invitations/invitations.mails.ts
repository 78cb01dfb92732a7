import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';
import type { InvitationKind } from './invitations.kinds.ts';

const texts = {
  calendar: {
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
  },
  event: {
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
  },
} as const satisfies Record<InvitationKind, unknown>;

/**
 * The invitation mailed to someone without an account: to a calendar (the link leads to
 * registration, then the calendar) or to an event (the link is the event's page).
 */
export function invitationMail(
  kind: InvitationKind,
  language: string,
  to: string,
  inviter: string,
  name: string,
  link: string,
): MailMessage {
  const t = language === 'ro' ? texts[kind].ro : texts[kind].en;
  const body = t.body(inviter, name);
  return {
    to,
    subject: t.subject(name),
    text: `${body}\n\n${link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(link)}</p>`,
  };
}
