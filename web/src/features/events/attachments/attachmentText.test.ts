import { describe, expect, it } from 'vitest';
import { textSegments, videoPlayersIn } from './attachmentText.ts';

describe('text attachments', () => {
  it('makes http(s) links clickable and leaves the rest as text', () => {
    expect(textSegments('See https://example.org/a?b=1, then http://x.io.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', url: 'https://example.org/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', url: 'http://x.io' },
      { kind: 'text', text: '.' },
    ]);
    expect(textSegments('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(textSegments('')).toEqual([]);
  });

  it('never links other schemes or a bare scheme', () => {
    expect(textSegments('javascript:alert(1) ftp://x.org https://')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://x.org https://' },
    ]);
  });

  it('finds the players of allowed video links only, each once', () => {
    const text =
      'Watch https://www.youtube.com/watch?v=dQw4w9WgXcQ or https://youtu.be/dQw4w9WgXcQ, https://vimeo.com/76979871 and https://evil.example/watch?v=x';
    expect(videoPlayersIn(text)).toEqual([
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://player.vimeo.com/video/76979871',
    ]);
    expect(videoPlayersIn('nothing')).toEqual([]);
  });
});
