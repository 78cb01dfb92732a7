import { describe, expect, it } from 'vitest';
import { listTimeZones, matchesTimeZone, orderTimeZones, timeZoneLabel } from './timeZones.ts';

const all = ['America/New_York', 'Asia/Tokyo', 'Europe/Berlin', 'Europe/Bucharest', 'Europe/Budapest', 'UTC'];

describe('time zone picker', () => {
  it('lists the runtime zones with UTC and extra names, sorted, without duplicates', () => {
    const zones = listTimeZones(['Europe/Bucharest', 'Etc/GMT+5']);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Etc/GMT+5');
    expect(zones.filter((zone) => zone === 'Europe/Bucharest')).toHaveLength(1);
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('finds zones by a case-insensitive substring, underscores read as spaces', () => {
    expect(matchesTimeZone('Europe/Bucharest', 'bucha')).toBe(true);
    expect(matchesTimeZone('Europe/Bucharest', 'BUCHA')).toBe(true);
    expect(matchesTimeZone('America/New_York', 'new york')).toBe(true);
    expect(matchesTimeZone('America/New_York', 'new_york')).toBe(true);
    expect(matchesTimeZone('Asia/Tokyo', 'bucha')).toBe(false);
    expect(timeZoneLabel('America/New_York')).toBe('America/New York');
  });

  it('offers the recent zones first, then the other matches alphabetically', () => {
    expect(orderTimeZones(all, ['Asia/Tokyo', 'Europe/Budapest'], '')).toEqual([
      'Asia/Tokyo',
      'Europe/Budapest',
      'America/New_York',
      'Europe/Berlin',
      'Europe/Bucharest',
      'UTC',
    ]);
    expect(orderTimeZones(all, ['Asia/Tokyo', 'Europe/Budapest'], 'bu')).toEqual([
      'Europe/Budapest',
      'Europe/Bucharest',
    ]);
  });

  it('ignores recent zones the list does not know', () => {
    expect(orderTimeZones(all, ['Mars/Olympus'], 'yo')).toEqual(['America/New_York', 'Asia/Tokyo']);
  });
});
