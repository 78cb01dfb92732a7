import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Answer tokens of requests: `<notificationId>.<HMAC>`. Unguessable without the server's key,
 * nothing secret is stored, and single use follows from the request leaving `pending`.
 */
export interface NotificationTokens {
  sign(notificationId: string): string;
  /** The notification id a genuine token names, or null. */
  verify(token: string): string | null;
}

/** Builds the signer from a server secret. */
export function createNotificationTokens(key: string): NotificationTokens {
  const mac = (id: string) => createHmac('sha256', key).update(`notification:${id}`).digest('base64url');
  return {
    sign: (notificationId) => `${notificationId}.${mac(notificationId)}`,
    verify(token) {
      const [id, signature, extra] = token.split('.');
      if (!id || !signature || extra !== undefined || id.length > 64) return null;
      const expected = Buffer.from(mac(id));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
  };
}
