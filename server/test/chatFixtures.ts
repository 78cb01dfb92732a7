import type { Db } from '../src/db/connect.ts';
import { conversationParticipants, conversations, pushDevices } from '../src/db/schema/index.ts';
import { newId } from '../src/platform/ids.ts';

/** A place in a fixture group: a role, or 'left' for someone who was in it and left. */
export type FixtureRole = 'owner' | 'admin' | 'participant' | 'left';

/**
 * Inserts a group straight into the database (no API call, so no rate limit and no messages):
 * each person with their role; 'left' people keep a deleted place.
 */
export async function insertGroup(
  db: Db,
  people: Array<{ user: { userId: string }; role: FixtureRole }>,
  name = 'Fixture group',
): Promise<string> {
  const id = newId();
  await db.insert(conversations).values({ id, type: 'group', name, createdById: people[0]?.user.userId });
  await db.insert(conversationParticipants).values(
    people.map(({ user, role }) => ({
      id: newId(),
      conversationId: id,
      userId: user.userId,
      role: role === 'left' ? 'participant' : role,
      status: role === 'left' ? 'deleted' : 'active',
    })),
  );
  return id;
}

/** Gives people a (made-up) browser push subscription: chat pushes are queued only for them. */
export async function givePushDevices(db: Db, userIds: string[]): Promise<void> {
  await db.insert(pushDevices).values(
    userIds.map((accountId) => ({
      id: newId(),
      accountId,
      endpoint: `https://push.example.com/${newId()}`,
      p256dh: 'test-key',
      auth: 'test-auth',
    })),
  );
}
