import { describe, expect, it } from 'vitest';
import { allowedHostOrigin, isAppPath, isFromHost, isHexColour, parseHostMessage } from './hostMessages.ts';

const host = 'https://intranet.example.org';
const theme = { source: 'convene', v: 1, type: 'theme', primary: '#aa0000', secondary: '#00AA00' };

describe('messages from the host page', () => {
  it('accepts a versioned theme with two #RRGGBB colours', () => {
    expect(parseHostMessage(theme)).toEqual({ type: 'theme', primary: '#aa0000', secondary: '#00AA00' });
  });

  it.each([
    ['another source', { ...theme, source: 'other' }],
    ['no version', { ...theme, v: undefined }],
    ['a future version', { ...theme, v: 2 }],
    ['a short colour', { ...theme, primary: '#a00' }],
    ['a named colour', { ...theme, primary: 'red' }],
    ['a css expression', { ...theme, secondary: 'url(https://evil.example)' }],
    ['a missing colour', { ...theme, secondary: undefined }],
    ['an unknown type', { ...theme, type: 'eval' }],
    ['a string', 'theme'],
    ['null', null],
  ])('ignores %s', (_label, data) => {
    expect(parseHostMessage(data)).toBeNull();
  });

  it('accepts navigation to the app own paths only', () => {
    expect(parseHostMessage({ source: 'convene', v: 1, type: 'navigate', path: '/chat/c1?x=1' })).toEqual({
      type: 'navigate',
      path: '/chat/c1?x=1',
    });
    for (const path of ['/calendars', '/events/abc', '/']) expect(isAppPath(path), path).toBe(true);
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'calendars',
      '/a\nb',
      `/${'a'.repeat(600)}`,
      42,
    ]) {
      expect(isAppPath(path), String(path)).toBe(false);
      expect(parseHostMessage({ source: 'convene', v: 1, type: 'navigate', path })).toBeNull();
    }
  });

  it('checks colours exactly', () => {
    expect(isHexColour('#4256c1')).toBe(true);
    expect(isHexColour('#4256c1 ')).toBe(false);
    expect(isHexColour('4256c1')).toBe(false);
  });
});

describe('the host origin', () => {
  it('is the framing page only when it is an allowed host', () => {
    expect(allowedHostOrigin([host], host)).toBe(host);
    expect(allowedHostOrigin([host], 'https://evil.example')).toBeNull();
    expect(allowedHostOrigin([host], `${host}:443`)).toBeNull();
    expect(allowedHostOrigin([], host)).toBeNull();
    expect(allowedHostOrigin([host], null)).toBeNull();
  });

  it('accepts a message only from that origin AND from the parent window', () => {
    const parent = {} as Window;
    const otherFrame = {} as Window;
    expect(isFromHost({ origin: host, source: parent }, host, parent)).toBe(true);
    expect(isFromHost({ origin: 'https://evil.example', source: parent }, host, parent)).toBe(false);
    expect(isFromHost({ origin: host, source: otherFrame }, host, parent)).toBe(false);
    expect(isFromHost({ origin: host, source: null }, host, parent)).toBe(false);
    expect(isFromHost({ origin: host, source: parent }, null, parent)).toBe(false);
  });
});
