import type { Agent } from 'node:https';
import type { PushMessage } from '@convene/contract';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../db/connect.ts';
import { pushDevices } from '../db/schema/index.ts';
import { getOrCreateSecret } from './secrets.ts';

/** VAPID identity of this server: configured, or generated once and kept in the database. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Reads the configured VAPID keys or generates and stores a pair shared by every process. */
export async function loadVapidKeys(
  db: Db,
  configured: { publicKey?: string; privateKey?: string; subject: string },
): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) {
    return {
      publicKey: configured.publicKey,
      privateKey: configured.privateKey,
      subject: configured.subject,
    };
  }
  const stored = await getOrCreateSecret(db, 'vapid.keys', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { ...keys, subject: configured.subject };
}

/** Sends Web Push messages to every browser an account registered. */
export interface PushSender {
  publicKey: string;
  /** Rejects when a push service failed for a reason worth retrying. */
  sendToAccount(accountId: string, message: PushMessage): Promise<void>;
}

/**
 * Builds the sender. Subscriptions the push service reports gone (404, 410) are deleted;
 * other failures reject so the outbox retries (a repeat replaces the earlier notification in
 * the browser because it carries the same tag).
 */
export function createPushSender(options: {
  db: Db;
  keys: VapidKeys;
  logger: Logger;
  agent?: Agent;
}): PushSender {
  const { db, keys, logger } = options;
  return {
    publicKey: keys.publicKey,
    async sendToAccount(accountId, message) {
      const devices = await db.select().from(pushDevices).where(eq(pushDevices.accountId, accountId));
      const failures: unknown[] = [];
      await Promise.all(
        devices.map(async (device) => {
          try {
            await webpush.sendNotification(
              { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
              JSON.stringify(message),
              {
                TTL: 24 * 60 * 60,
                urgency: 'normal',
                contentEncoding: 'aes128gcm',
                vapidDetails: {
                  subject: keys.subject,
                  publicKey: keys.publicKey,
                  privateKey: keys.privateKey,
                },
                ...(options.agent ? { agent: options.agent } : {}),
              },
            );
          } catch (error) {
            if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
              await db.delete(pushDevices).where(eq(pushDevices.id, device.id));
              logger.info({ deviceId: device.id }, 'push subscription expired; removed');
              return;
            }
            failures.push(error);
          }
        }),
      );
      if (failures.length > 0) throw new Error(`${failures.length} push deliveries failed`);
    },
  };
}
