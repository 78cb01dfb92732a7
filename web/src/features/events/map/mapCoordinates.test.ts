import { coordinates } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { formatCoordinates, parseCoordinates } from './mapCoordinates.ts';

describe('map coordinates', () => {
  it("reads the contract's 'lat,lng' text, with or without a space", () => {
    expect(parseCoordinates('44.4268,26.1025')).toEqual({ lat: 44.4268, lng: 26.1025 });
    expect(parseCoordinates(' -33.8688, 151.2093 ')).toEqual({ lat: -33.8688, lng: 151.2093 });
    expect(parseCoordinates('0,0')).toEqual({ lat: 0, lng: 0 });
  });

  it('reads blank, malformed or out-of-range text as no point', () => {
    for (const text of [null, undefined, '', '44.4', 'a,b', '91,0', '0,181', '44.4268;26.1025']) {
      expect(parseCoordinates(text), String(text)).toBeNull();
    }
  });

  it('rounds a picked point to 6 decimals, in a text the contract accepts', () => {
    const text = formatCoordinates({ lat: 44.426767891234, lng: 26.102538123456 });
    expect(text).toBe('44.426768,26.102538');
    expect(coordinates.safeParse(text).success).toBe(true);
    expect(formatCoordinates({ lat: -0.0000001, lng: 0 })).toBe('0,0');
    expect(formatCoordinates({ lat: 12, lng: -7.5 })).toBe('12,-7.5');
  });

  it('wraps longitudes of a map panned round the world and clamps latitudes', () => {
    expect(formatCoordinates({ lat: 10, lng: 386.5 })).toBe('10,26.5');
    expect(formatCoordinates({ lat: 10, lng: -200 })).toBe('10,160');
    expect(formatCoordinates({ lat: 10, lng: 180 })).toBe('10,180');
    expect(formatCoordinates({ lat: 95, lng: -180 })).toBe('90,-180');
    expect(coordinates.safeParse(formatCoordinates({ lat: -89.9999999, lng: 539.9999999 })).success).toBe(
      true,
    );
  });
});
