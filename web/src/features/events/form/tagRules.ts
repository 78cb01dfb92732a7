import { eventLimits } from '@convene/contract';

/** Longest tag the contract accepts. */
export const tagMaxLength = 50;

/** Why a typed tag was not added. */
export type TagError = 'tooLong' | 'duplicate' | 'tooMany';

/** The result of adding typed text: the new tags, what was added, and the first refusal if any. */
export interface TagAddition {
  tags: string[];
  added: string[];
  error: TagError | null;
}

/**
 * Adds the comma-separated tags of a typed text: each trimmed, blank ones skipped, at most 50
 * characters, no duplicate ignoring case, at most eventLimits.tagsMax in all.
 */
export function addTags(tags: readonly string[], text: string): TagAddition {
  const next = [...tags];
  const added: string[] = [];
  let error: TagError | null = null;
  for (const candidate of text.split(',').map((part) => part.trim())) {
    if (!candidate) continue;
    const refusal = tagRefusal(next, candidate);
    if (refusal) {
      error ??= refusal;
      continue;
    }
    next.push(candidate);
    added.push(candidate);
  }
  return { tags: next, added, error };
}

/** Why one trimmed, non-blank tag cannot join the list; null when it can. */
function tagRefusal(tags: readonly string[], tag: string): TagError | null {
  if (tag.length > tagMaxLength) return 'tooLong';
  const lower = tag.toLocaleLowerCase();
  if (tags.some((existing) => existing.toLocaleLowerCase() === lower)) return 'duplicate';
  if (tags.length >= eventLimits.tagsMax) return 'tooMany';
  return null;
}

/** The text still being typed after a comma: what follows the last comma. */
export function pendingTagText(text: string): string {
  const lastComma = text.lastIndexOf(',');
  return lastComma === -1 ? text : text.slice(lastComma + 1);
}
