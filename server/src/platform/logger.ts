import pino, { type Logger } from 'pino';

/**
 * Paths pino blanks in every log line: tokens, passwords and bot-check answers never reach
 * a log, whichever object carries them.
 */
export const redactedPaths = [
  'req.headers.logintoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.logintoken',
  'headers.authorization',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.recaptchaCode',
  '*.loginToken',
  '*.token',
  '*.code',
  'password',
  'loginToken',
  'token',
  'recaptchaCode',
];

/** Strips query strings that carry secrets (?token=, ?code=) from a logged URL. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|loginToken)=)[^&#]*/gi, '$1[Redacted]')
    .replace(/(\/auto-login\/)[^/?#]+/i, '$1[Redacted]');
}

/** Builds the server's logger. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: redactedPaths, censor: '[Redacted]' },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
    },
    destination,
  );
}
