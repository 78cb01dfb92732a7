import type { Db } from '../src/db/connect.ts';
import { conversationParticipants, conversations } from '../src/db/schema/index.ts';
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
