import { productName } from '@convene/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

/** The languages mails are written in (the web app's). */
export const mailLanguages = ['en', 'ro'] as const;
type Language = (typeof mailLanguages)[number];

const texts = {
  confirm: {
    en: {
      subject: `Confirm your ${productName} e-mail address`,
      greeting: (name: string) => `Hello ${name},`,
      body: `Welcome to ${productName}! Please confirm your e-mail address by opening this link:`,
      action: 'Confirm my e-mail',
      footer: 'If you did not create this account, you can ignore this message.',
    },
    ro: {
      subject: `Confirmă adresa de e-mail pentru ${productName}`,
      greeting: (name: string) => `Bună, ${name},`,
      body: `Bine ai venit în ${productName}! Te rugăm să îți confirmi adresa de e-mail deschizând acest link:`,
      action: 'Confirmă e-mailul',
      footer: 'Dacă nu tu ai creat acest cont, poți ignora acest mesaj.',
    },
  },
  reset: {
    en: {
      subject: `Reset your ${productName} password`,
      greeting: (name: string) => `Hello ${name},`,
      body: 'Someone asked to reset the password of your account. Open this link within an hour to choose a new one:',
      action: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this message: your password stays the same.',
    },
    ro: {
      subject: `Resetează parola ${productName}`,
      greeting: (name: string) => `Bună, ${name},`,
      body: 'Cineva a cerut resetarea parolei contului tău. Deschide acest link în cel mult o oră pentru a alege una nouă:',
      action: 'Alege o parolă nouă',
      footer: 'Dacă nu tu ai cerut asta, ignoră mesajul: parola rămâne aceeași.',
    },
  },
} as const;

/** Normalises a stored language to one we write mails in. */
export function mailLanguage(language: string): Language {
  return language === 'ro' ? 'ro' : 'en';
}

function buildMail(
  kind: keyof typeof texts,
  language: Language,
  to: string,
  name: string,
  link: string,
): MailMessage {
  const t = texts[kind][language];
  const text = `${t.greeting(name)}\n\n${t.body}\n\n${link}\n\n${t.footer}\n`;
  const html = `<p>${escapeHtml(t.greeting(name))}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p><p>${escapeHtml(link)}</p><p style="color:#666">${escapeHtml(t.footer)}</p>`;
  return { to, subject: t.subject, text, html };
}

/** The mail sent at registration and on resend, with the confirmation link. */
export const confirmationMail = (language: Language, to: string, name: string, link: string) =>
  buildMail('confirm', language, to, name, link);

/** The mail with the single-use password reset link. */
export const resetPasswordMail = (language: Language, to: string, name: string, link: string) =>
  buildMail('reset', language, to, name, link);
