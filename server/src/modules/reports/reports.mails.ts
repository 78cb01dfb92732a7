import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

interface Person {
  id: string;
  name: string;
  email: string;
}

/** The mail telling support about a new user report (in English: it is for the team). */
export function reportMail(to: string, reporter: Person, reported: Person, reason: string): MailMessage {
  const lines = [
    `${reporter.name} <${reporter.email}> (user ${reporter.id}) reported`,
    `${reported.name} <${reported.email}> (user ${reported.id}).`,
    '',
    'Reason:',
    reason,
  ];
  return {
    to,
    subject: `${productName}: user report about ${reported.name}`,
    text: `${lines.join('\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line) || '&nbsp;'}</p>`).join(''),
  };
}
