import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { accounts, notifications } from '../../db/schema/index.ts';
import type { PushSender } from '../../platform/push.ts';
import { pushMessageFor } from './notifications.texts.ts';

/** The outbox handler for `push`: composes the text in the recipient's language and sends it. */
export function createPushDelivery(db: Db, sender: PushSender) {
  return async ({ notificationId }: { notificationId: string }): Promise<void> => {
    const [row] = await db
      .select({ notification: notifications, language: accounts.language })
      .from(notifications)
      .innerJoin(accounts, eq(accounts.id, notifications.recipientId))
      .where(eq(notifications.id, notificationId));
    if (!row) return;
    const [author] = row.notification.senderId
      ? await db
          .select({ name: accounts.name })
          .from(accounts)
          .where(eq(accounts.id, row.notification.senderId))
      : [];
    await sender.sendToAccount(
      row.notification.recipientId,
      pushMessageFor(row.notification, author?.name ?? null, row.language),
    );
  };
}
