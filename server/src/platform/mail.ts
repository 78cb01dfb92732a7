import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

/** One e-mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends a message; rejects on failure so the outbox retries it. */
export type SendMail = (message: MailMessage) => Promise<void>;

/**
 * Mail over SMTP_URL, or, without it, one RFC 822 file per message in `<data dir>/mail/` so a
 * person or a test can open the links without a mail server (DESIGN.md §4).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  logger: Logger;
}): SendMail {
  // nodemailer is loaded, and its transport made, when the first mail is sent, not at start.
  let transport: Promise<Transporter> | undefined;
  const { smtpUrl } = options;
  if (smtpUrl) {
    return async (message) => {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from: options.from, ...message });
    };
  }
  return async (message) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await transport).sendMail({ from: options.from, ...message });
    await fs.mkdir(options.mailDir, { recursive: true });
    const name = `${new Date().toISOString().replaceAll(':', '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`;
    const file = path.join(options.mailDir, name);
    await fs.writeFile(file, info.message as Buffer);
    options.logger.info({ file, subject: message.subject }, 'mail written to the data dir');
  };
}

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
