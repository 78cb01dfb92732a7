import { describe, expect, it } from 'vitest';
import { toSearchQuery } from './searchQuery.ts';

describe('toSearchQuery', () => {
  it('waits for the minimum number of characters', () => {
    expect(toSearchQuery('abc', 4)).toBe('');
    expect(toSearchQuery('abcd', 4)).toBe('abcd');
  });

  it('trims before counting', () => {
    expect(toSearchQuery('  ab  ', 4)).toBe('');
    expect(toSearchQuery('  abcd ', 4)).toBe('abcd');
  });

  it('searches from the first character with minChars 0', () => {
    expect(toSearchQuery('a', 0)).toBe('a');
  });
});
