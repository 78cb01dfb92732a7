import { Readable } from 'node:stream';
import type { PushMessage } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCaller } from '../../../test/call.ts';
import { givePushDevices } from '../../../test/chatFixtures.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { accounts, outbox } from '../../db/schema/index.ts';
import { getMediaStore } from '../../platform/media/store.ts';
import { tinyWebm } from '../media/video.testing.ts';
import { createChatPushDelivery } from './chat.push.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe('chat push delivery', () => {
  let app: TestApp;
  let ana: User;
  let bob: User;
  const sent: Array<{ accountId: string; message: PushMessage }> = [];
  // The network sender is replaced by a recorder; the database is the real one.
  const deliver = () =>
    createChatPushDelivery(app.database.db, {
      sendToAccount: async (accountId, message) => {
        sent.push({ accountId, message });
      },
    });
  beforeAll(async () => {
    app = await createTestApp('pglite');
    ana = await app.register({ name: 'Ana Push' });
    bob = await app.register({ name: 'Bob Push' });
    await givePushDevices(app.database.db, [bob.userId]);
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);

  const queued = async (messageId: string) =>
    (await app.database.db.select().from(outbox).where(eq(outbox.kind, 'chatPush')))
      .map((row) => row.payload as { messageId: string; recipientId: string })
      .filter((payload) => payload.messageId === messageId);

  it('queues a push only for participants with a push subscription', async () => {
    const dora = await app.register({ name: 'Dora Unsubscribed' });
    const { conversationId } = (
      await call('POST', '/api/conversations', ana, {
        type: 'group',
        name: 'Mixed',
        users: [bob.userId, dora.userId],
      })
    ).json();
    const message = (
      await call('POST', `/api/conversations/${conversationId}/messages`, ana, {
        message: 'Who gets a push?',
        clientKey: 'p0',
      })
    ).json();
    expect((await queued(message.messageId)).map((job) => job.recipientId)).toEqual([bob.userId]);
  });

  it('composes the push at delivery and skips a recipient who muted meanwhile', async () => {
    const { conversationId } = (
      await call('POST', '/api/conversations', ana, { type: 'group', name: 'Pushers', users: [bob.userId] })
    ).json();
    const long = `${'word '.repeat(40)}end`;
    const message = (
      await call('POST', `/api/conversations/${conversationId}/messages`, ana, {
        message: long,
        clientKey: 'p1',
      })
    ).json();
    const [job] = await queued(message.messageId);
    expect(job).toEqual({ messageId: message.messageId, recipientId: bob.userId });
    await deliver()(job as { messageId: string; recipientId: string });
    expect(sent.at(-1)).toEqual({
      accountId: bob.userId,
      message: {
        title: 'Ana Push · Pushers',
        body: `${long.slice(0, 139)}…`,
        url: `/chat/conversation/${conversationId}`,
        tag: `chat-${conversationId}`,
      },
    });
    await call('POST', `/api/conversations/${conversationId}/mute`, bob);
    const count = sent.length;
    await deliver()(job as { messageId: string; recipientId: string });
    expect(sent).toHaveLength(count);
  });

  it('says a photo was sent, in the recipient’s language', async () => {
    await app.database.db.update(accounts).set({ language: 'ro' }).where(eq(accounts.id, bob.userId));
    const { conversationId } = (
      await call('POST', '/api/conversations', ana, { type: '1to1', users: [bob.userId] })
    ).json();
    const key = `photos/event/${ana.userId}/${'c'.repeat(32)}.jpg`;
    await (await getMediaStore(app.ctx)).save(key, Buffer.from('jpeg'));
    const message = (
      await call('POST', `/api/conversations/${conversationId}/messages`, ana, {
        media: `/media/${key}`,
        clientKey: 'p2',
      })
    ).json();
    expect(message.media).toBe(`/media/${key}`);
    const [job] = await queued(message.messageId);
    await deliver()(job as { messageId: string; recipientId: string });
    expect(sent.at(-1)?.message).toMatchObject({ title: 'Ana Push', body: 'A trimis o fotografie' });
  });

  it('says a video was sent, in the recipient’s language', async () => {
    await app.database.db.update(accounts).set({ language: 'ro' }).where(eq(accounts.id, bob.userId));
    const { conversationId } = (
      await call('POST', '/api/conversations', ana, { type: '1to1', users: [bob.userId] })
    ).json();
    const key = `videos/chat/${ana.userId}/${'d'.repeat(32)}.webm`;
    const store = await getMediaStore(app.ctx);
    if (store.kind !== 'local') throw new Error('The push tests use the local store');
    await store.saveStream(key, Readable.from([tinyWebm()]));
    const message = (
      await call('POST', `/api/conversations/${conversationId}/messages`, ana, {
        media: `/media/${key}`,
        clientKey: 'v1',
      })
    ).json();
    const [job] = await queued(message.messageId);
    await deliver()(job as { messageId: string; recipientId: string });
    expect(sent.at(-1)?.message).toMatchObject({ title: 'Ana Push', body: 'A trimis un videoclip' });
  });
});
