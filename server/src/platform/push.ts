import { createECDH } from 'node:crypto';
import { Agent } from 'node:https';
import type { PushMessage } from '@convene/contract';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/connect.ts';
import { pushDevices } from '../db/schema/index.ts';
import { checkPushTarget, type PushTargetPolicy, pinnedLookup } from './pushTarget.ts';
import { getOrCreateSecret } from './secrets.ts';

/** A push service gets this long to answer; then the delivery fails (and the outbox retries). */
const pushTimeoutMs = 5000;

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
  const stored = await getOrCreateSecret(db, 'vapid.keys', () => JSON.stringify(generateVapidKeys()));
  const keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { ...keys, subject: configured.subject };
}

/**
 * A new VAPID key pair as web-push's generateVAPIDKeys makes it (P-256, the public key
 * uncompressed in 65 bytes, the private one in 32, both base64url), without loading web-push.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const pad = (key: Buffer, length: number) =>
    key.length < length ? Buffer.concat([Buffer.alloc(length - key.length), key]) : key;
  return {
    publicKey: pad(curve.getPublicKey(), 65).toString('base64url'),
    privateKey: pad(curve.getPrivateKey(), 32).toString('base64url'),
  };
}

/** Sends Web Push messages to every browser an account registered. */
export interface PushSender {
  publicKey: string;
  /** Rejects when a push service failed for a reason worth retrying. */
  sendToAccount(accountId: string, message: PushMessage): Promise<void>;
}

/**
 * Builds the sender. Each endpoint is checked again before sending (https, allowed host, every
 * address public) and the request connects to the checked address (a pinned lookup, so DNS
 * cannot answer differently in between), with a 5 s timeout and no redirects (web-push never
 * follows them). A refused endpoint is deleted, never retried. Subscriptions the push service
 * reports gone (404, 410) are deleted; other failures reject so the outbox retries (a repeat
 * replaces the earlier notification in the browser because it carries the same tag).
 */
export function createPushSender(options: {
  db: Db;
  keys: VapidKeys;
  logger: Logger;
  policy: PushTargetPolicy;
  /** Extra CA a test's loopback push service is signed with. */
  ca?: string | Buffer;
}): PushSender {
  const { db, keys, logger } = options;
  return {
    publicKey: keys.publicKey,
    async sendToAccount(accountId, message) {
      const devices = await db.select().from(pushDevices).where(eq(pushDevices.accountId, accountId));
      if (devices.length === 0) return;
      // web-push is loaded when there is something to send, not at start.
      const { default: webpush, WebPushError } = await import('web-push');
      const failures: unknown[] = [];
      await Promise.all(
        devices.map(async (device) => {
          const target = await checkPushTarget(device.endpoint, options.policy);
          if (!target.ok) {
            await db.delete(pushDevices).where(eq(pushDevices.id, device.id));
            logger.warn({ deviceId: device.id, reason: target.reason }, 'push endpoint refused; removed');
            return;
          }
          const agent = new Agent({
            ...(options.ca ? { ca: options.ca } : {}),
            ...(target.address && target.family
              ? { lookup: pinnedLookup(target.address, target.family) }
              : {}),
          });
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
                agent,
                timeout: pushTimeoutMs,
              },
            );
          } catch (error) {
            if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
              await db.delete(pushDevices).where(eq(pushDevices.id, device.id));
              logger.info({ deviceId: device.id }, 'push subscription expired; removed');
              return;
            }
            failures.push(error);
          } finally {
            agent.destroy();
          }
        }),
      );
      if (failures.length > 0) throw new Error(`${failures.length} push deliveries failed`);
    },
  };
}
