import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { userNotes } from '../../db/schema/index.ts';
import { validation } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { getVisibleAccount } from '../accounts/accounts.service.ts';

/** The viewer's own note about a user ('' when none); 404 for an unknown user. */
export async function getNote(db: Db, viewer: Viewer, userId: string): Promise<{ note: string }> {
  await getVisibleAccount(db, userId);
  const [row] = await db
    .select({ note: userNotes.note })
    .from(userNotes)
    .where(and(eq(userNotes.authorId, viewer.account.id), eq(userNotes.subjectId, userId)));
  return { note: row?.note ?? '' };
}

/**
 * Saves the viewer's private note about another user; an empty note removes it. Only the
 * author ever reads it back (every read filters by author).
 */
export async function saveNote(
  db: Db,
  viewer: Viewer,
  userId: string,
  note: string,
): Promise<{ note: string }> {
  if (userId === viewer.account.id) {
    throw validation('userId', 'Notes are about other people');
  }
  await getVisibleAccount(db, userId);
  const authorId = viewer.account.id;
  if (note === '') {
    await db.delete(userNotes).where(and(eq(userNotes.authorId, authorId), eq(userNotes.subjectId, userId)));
    return { note };
  }
  await db
    .insert(userNotes)
    .values({ authorId, subjectId: userId, note })
    .onConflictDoUpdate({
      target: [userNotes.authorId, userNotes.subjectId],
      set: { note, updatedAt: new Date() },
    });
  return { note };
}
