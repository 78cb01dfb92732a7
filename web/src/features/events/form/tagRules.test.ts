import { eventLimits } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { addTags, pendingTagText } from './tagRules.ts';

describe('adding tags', () => {
  it('adds a trimmed tag and ignores blank text', () => {
    expect(addTags(['music'], '  jazz ')).toEqual({ tags: ['music', 'jazz'], added: ['jazz'], error: null });
    expect(addTags(['music'], '   ')).toEqual({ tags: ['music'], added: [], error: null });
  });

  it('adds each comma-separated tag, skipping empty parts', () => {
    expect(addTags([], 'a, b,,c ,')).toEqual({ tags: ['a', 'b', 'c'], added: ['a', 'b', 'c'], error: null });
  });

  it('refuses a duplicate ignoring case, keeping the others', () => {
    expect(addTags(['Jazz'], 'jazz, blues')).toEqual({
      tags: ['Jazz', 'blues'],
      added: ['blues'],
      error: 'duplicate',
    });
    expect(addTags([], 'Rock, ROCK').tags).toEqual(['Rock']);
  });

  it('refuses a tag over 50 characters; 50 is fine', () => {
    expect(addTags([], 'x'.repeat(51))).toMatchObject({ tags: [], error: 'tooLong' });
    expect(addTags([], 'x'.repeat(50)).tags).toEqual(['x'.repeat(50)]);
  });

  it(`stops at ${eventLimits.tagsMax} tags`, () => {
    const full = Array.from({ length: eventLimits.tagsMax - 1 }, (_, index) => `tag${index}`);
    const result = addTags(full, 'last, one-too-many');
    expect(result.tags).toHaveLength(eventLimits.tagsMax);
    expect(result.added).toEqual(['last']);
    expect(result.error).toBe('tooMany');
  });

  it('keeps the text after the last comma as still being typed', () => {
    expect(pendingTagText('a, b, ca')).toBe(' ca');
    expect(pendingTagText('jazz')).toBe('jazz');
    expect(pendingTagText('jazz,')).toBe('');
  });
});
