import { describe, expect, it } from 'vitest';
import { eventIdFromSlug, eventPath } from './eventPath.ts';

describe('event page path', () => {
  it('puts underscores for spaces and encodes the title', () => {
    expect(eventPath('Board meeting', 'abc123')).toBe('/events/Board_meeting-abc123');
    expect(eventPath('Ședință & cafea / 2', 'x9')).toBe(
      `/events/${encodeURIComponent('Ședință_&_cafea_/_2')}-x9`,
    );
    expect(eventPath('a?b#c', 'x9')).toBe('/events/a%3Fb%23c-x9');
  });

  it('reads the id after the last dash, occurrence ids included', () => {
    expect(eventIdFromSlug('Board_meeting-abc123')).toBe('abc123');
    expect(eventIdFromSlug('Stand-up-with-team-ff00_20261123T080000Z')).toBe('ff00_20261123T080000Z');
    expect(eventIdFromSlug(decodeURIComponent('a%3Fb%23c-x9'))).toBe('x9');
  });

  it('refuses a parameter without a usable id', () => {
    expect(eventIdFromSlug('Party-')).toBeNull();
    expect(eventIdFromSlug('Party-../x')).toBeNull();
  });
});
