import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

/** What a person wrote in their support thread, for the support team (in English). */
export function supportMessageMail(
  to: string,
  sender: { id: string; name: string; email: string },
  conversationId: string,
  message: { message: string | null; media: string | null },
): MailMessage {
  const lines = [
    `${sender.name} <${sender.email}> (user ${sender.id}) wrote in their support thread ${conversationId}:`,
    '',
    ...(message.message ?? '').split('\n'),
    ...(message.media ? ['', `Attached: ${message.media}`] : []),
    '',
    'Answer in the app, signed in as the support account.',
  ];
  return {
    to,
    subject: `${productName}: support message from ${sender.name}`,
    text: `${lines.join('\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line) || '&nbsp;'}</p>`).join(''),
  };
}
