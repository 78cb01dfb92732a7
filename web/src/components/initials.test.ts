import { describe, expect, it } from 'vitest';
import { nameInitials } from './initials.ts';

describe('nameInitials', () => {
  it('makes up to two initials, upper case, whatever the spacing', () => {
    expect(nameInitials('ana maria pop')).toBe('AM');
    expect(nameInitials('  Test   guest ')).toBe('TG');
    expect(nameInitials('Ștefan')).toBe('Ș');
    expect(nameInitials('')).toBe('');
  });
});
