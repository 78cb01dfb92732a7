import { describe, expect, it } from 'vitest';
import { fallbackMapLinkUrl, mapLinkUrl, placeQuery } from './mapLink.ts';

describe('the "open in maps" link of an event place', () => {
  it('searches by name and address, else by the pin, and has nothing without a place', () => {
    expect(
      placeQuery({ name: 'Ateneul Român', address: 'Str. Benjamin Franklin 1', coordinates: '44.44,26.09' }),
    ).toBe('Ateneul Român, Str. Benjamin Franklin 1');
    expect(placeQuery({ name: null, address: ' Piața Unirii ', coordinates: null })).toBe('Piața Unirii');
    expect(placeQuery({ name: '', address: null, coordinates: '44.4268,26.1025' })).toBe('44.4268,26.1025');
    expect(placeQuery({ name: ' ', address: null, coordinates: null })).toBeNull();
  });

  it('fills the template with the url-encoded place, so it cannot break out of the query', () => {
    expect(mapLinkUrl(fallbackMapLinkUrl, 'Café & Co, #1')).toBe(
      'https://www.openstreetmap.org/search?query=Caf%C3%A9%20%26%20Co%2C%20%231',
    );
    expect(mapLinkUrl('https://maps.example.org/{query}?q={query}', 'a/b')).toBe(
      'https://maps.example.org/a%2Fb?q=a%2Fb',
    );
  });
});
