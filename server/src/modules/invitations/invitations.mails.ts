import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';
import type { InvitationKind } from './invitations.kinds.ts';

/** The words of an invitation mail: to someone with an account, or to an address alone. */
interface MailTexts {
  subject: (name: string) => string;
  body: (inviter: string, name: string) => string;
  action: string;
}

// An address alone may belong to an account whose owner has not confirmed it yet: the text holds
// for both, and tells neither apart (the inviter's search does not either).
const texts = {
  calendar: {
    en: {
      toAddress: {
        subject: (calendar) => `You are invited to the calendar ${calendar}`,
        body: (inviter, calendar) =>
          `${inviter} invited you to the calendar "${calendar}" on ${productName}. The invitation waits for this e-mail address to be confirmed: create your free account with it, or confirm it if you already have one, to see the calendar:`,
        action: 'Open the calendar',
      },
      toAccount: {
        subject: (calendar) => `You are invited to the calendar ${calendar}`,
        body: (inviter, calendar) =>
          `${inviter} invited you to the calendar "${calendar}" on ${productName}. Accept or decline the invitation in your requests:`,
        action: 'Open your requests',
      },
    },
    ro: {
      toAddress: {
        subject: (calendar) => `Ești invitat în calendarul ${calendar}`,
        body: (inviter, calendar) =>
          `${inviter} te-a invitat în calendarul „${calendar}” pe ${productName}. Invitația așteaptă confirmarea acestei adrese de e-mail: creează-ți un cont gratuit cu ea sau confirm-o, dacă ai deja un cont, ca să vezi calendarul:`,
        action: 'Deschide calendarul',
      },
      toAccount: {
        subject: (calendar) => `Ești invitat în calendarul ${calendar}`,
        body: (inviter, calendar) =>
          `${inviter} te-a invitat în calendarul „${calendar}” pe ${productName}. Acceptă sau refuză invitația în cererile tale:`,
        action: 'Deschide cererile',
      },
    },
  },
  event: {
    en: {
      toAddress: {
        subject: (event) => `You are invited to ${event}`,
        body: (inviter, event) =>
          `${inviter} invited you to "${event}" on ${productName}. The invitation waits for this e-mail address to be confirmed: create your free account with it, or confirm it if you already have one, to answer:`,
        action: 'Open the event',
      },
      toAccount: {
        subject: (event) => `You are invited to ${event}`,
        body: (inviter, event) =>
          `${inviter} invited you to "${event}" on ${productName}. Answer the invitation in your requests:`,
        action: 'Open your requests',
      },
    },
    ro: {
      toAddress: {
        subject: (event) => `Ești invitat la ${event}`,
        body: (inviter, event) =>
          `${inviter} te-a invitat la „${event}” pe ${productName}. Invitația așteaptă confirmarea acestei adrese de e-mail: creează-ți un cont gratuit cu ea sau confirm-o, dacă ai deja un cont, ca să răspunzi:`,
        action: 'Deschide evenimentul',
      },
      toAccount: {
        subject: (event) => `Ești invitat la ${event}`,
        body: (inviter, event) =>
          `${inviter} te-a invitat la „${event}” pe ${productName}. Răspunde la invitație în cererile tale:`,
        action: 'Deschide cererile',
      },
    },
  },
} as const satisfies Record<
  InvitationKind,
  Record<'en' | 'ro', Record<'toAddress' | 'toAccount', MailTexts>>
>;

/** What an invitation mail says and where it goes. */
export interface InvitationMailInput {
  kind: InvitationKind;
  /** The invitee was picked as a registered person (their requests hold the invitation). */
  hasAccount: boolean;
  language: string;
  to: string;
  inviter: string;
  /** The calendar's or the event's name. */
  name: string;
  link: string;
}

/**
 * The mail of an invitation: to a registered person, leading to their requests; to an address
 * alone, leading to registration and then the calendar, or to the event's page.
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const byLanguage = texts[input.kind];
  const t = (input.language === 'ro' ? byLanguage.ro : byLanguage.en)[
    input.hasAccount ? 'toAccount' : 'toAddress'
  ];
  const body = t.body(input.inviter, input.name);
  return {
    to: input.to,
    subject: t.subject(input.name),
    text: `${body}\n\n${input.link}\n`,
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(input.link)}</p>`,
  };
}
